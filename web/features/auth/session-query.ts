import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'

/** Who is signed in: the user, or null when there is no session (401). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  queryFn: async () => {
    const { data, error, status } = await api.auth.me.get()
    if (status === 401) return null
    if (error) throw new Error('Failed to load user profile')
    return data.data.user
  },
})
