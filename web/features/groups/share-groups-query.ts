import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/groups'

/** The groups this person may share a prompt or a knowledge entry with (their own; an administrator's: all). */
export const shareGroupsQuery = queryOptions({
  queryKey: ['groups', 'share'],
  queryFn: async () => {
    const { data, error } = await api.groups.get()
    if (error) throw apiFailure(error, t('groups.share.loadFailed'))
    return data.data.groups
  },
  staleTime: 60_000,
})
