import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'

/**
 * The snapshot behind a link (`GET /api/shares/:token`). Keyed by who looks: signing in on the page
 * asks again (an organisation link opens then). Never retried, never kept: a revoked link must
 * stop showing at once.
 */
export const sharedChatQuery = (token: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['shared-chat', token, viewerId],
    retry: false,
    gcTime: 0,
    staleTime: 0,
    queryFn: async () => {
      const { data, error } = await api.shares({ id: token }).get()
      if (error) throw apiFailure(error, 'not found')
      return data.data
    },
  })

export type SharedChat = Awaited<ReturnType<NonNullable<ReturnType<typeof sharedChatQuery>['queryFn']>>>
export type SharedMessage = SharedChat['messages'][number]
