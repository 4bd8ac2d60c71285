import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/shell'

export const modelsQuery = queryOptions({
  queryKey: ['models'],
  queryFn: async () => {
    const { data, error } = await api.models.get()
    if (error) throw apiFailure(error, t('shell.model.loadFailed'))
    return data.data
  },
})

export type Model = Awaited<ReturnType<NonNullable<typeof modelsQuery.queryFn>>>[number]

export const preferredModelQuery = queryOptions({
  queryKey: ['models', 'preferred'],
  queryFn: async () => {
    const { data, error } = await api.models.preferred.get()
    if (error) throw apiFailure(error, t('shell.model.preferredLoadFailed'))
    return data.data.id
  },
})
