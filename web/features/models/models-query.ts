import { queryOptions } from '@tanstack/react-query'
import { api, errorText } from '../../lib/api'

export const modelsQuery = queryOptions({
  queryKey: ['models'],
  queryFn: async () => {
    const { data, error } = await api.models.get()
    if (error) throw new Error(errorText(error, 'Failed to load models'))
    return data.data
  },
})

export type Model = Awaited<ReturnType<NonNullable<typeof modelsQuery.queryFn>>>[number]

export const preferredModelQuery = queryOptions({
  queryKey: ['models', 'preferred'],
  queryFn: async () => {
    const { data, error } = await api.models.preferred.get()
    if (error) throw new Error(errorText(error, 'Failed to load the preferred model'))
    return data.data.id
  },
})
