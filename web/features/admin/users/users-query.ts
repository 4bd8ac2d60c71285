import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminUsers'

export const USER_PAGE_SIZE = 25

export type UserRole = 'admin' | 'user'
export type UserStatus = 'active' | 'banned'
export type UserSort = 'created' | 'last_active' | 'spend'

export interface UserFilters {
  q: string
  role: UserRole | ''
  status: UserStatus | ''
  sort: UserSort
}

/** Every users list (any filter) shares the ['admin', 'users'] prefix, so one invalidation refreshes them all. */
export function usersQuery(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'users', 'list', filters],
    queryFn: async ({ pageParam }) => {
      const { data, error } = await api.admin.users.get({
        query: {
          limit: String(USER_PAGE_SIZE),
          sort: filters.sort,
          ...(filters.q ? { q: filters.q } : {}),
          ...(filters.role ? { role: filters.role } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      })
      if (error) throw apiFailure(error, t('adminUsers.users.loadFailed'))
      return data.data
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

type UserPage = Awaited<ReturnType<NonNullable<ReturnType<typeof usersQuery>['queryFn']>>>
export type AdminUser = UserPage['items'][number]

export function userQuery(id: string) {
  return queryOptions({
    queryKey: ['admin', 'users', 'detail', id],
    queryFn: async () => {
      const { data, error } = await api.admin.users({ id }).get()
      if (error) throw apiFailure(error, t('adminUsers.detail.loadFailed'))
      return data.data
    },
  })
}

export type AdminUserDetail = Awaited<ReturnType<NonNullable<ReturnType<typeof userQuery>['queryFn']>>>
