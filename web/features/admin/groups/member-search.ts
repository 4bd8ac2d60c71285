import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminUsers'

/** A few accounts matching what was typed, from the users list's own server-side search. */
export function memberSearchQuery(q: string) {
  return queryOptions({
    // Under ['admin', 'users']: the user actions' invalidation refreshes it too.
    queryKey: ['admin', 'users', 'group-search', q],
    queryFn: async () => {
      const { data, error } = await api.admin.users.get({ query: { q, limit: '8', sort: 'created' } })
      if (error) throw apiFailure(error, t('adminUsers.users.loadFailed'))
      return data.data.items
    },
    enabled: q !== '',
    placeholderData: keepPreviousData,
  })
}
