import { infiniteQueryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { SEARCH_KEY } from './refresh-search'
import '../../i18n/areas/search'

/** Results a page: the sidebar and the palette show this many before "More results". */
export const SEARCH_PAGE_SIZE = 20

/** `GET /api/search`: titles first, then messages of every branch, best first (decision 161). */
export function searchQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: [...SEARCH_KEY, q],
    queryFn: async ({ pageParam, signal }) => {
      const { data, error } = await api.search.get({
        query: { q, limit: SEARCH_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        fetch: { signal },
      })
      if (error) throw apiFailure(error, t('search.sidebar.failed'))
      return data.data
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Results go stale as chats change: a search typed again asks again, and one on screen is read
    // again after a change (./refresh-search.ts).
    staleTime: 0,
    gcTime: 60_000,
  })
}

type SearchPage = Awaited<ReturnType<NonNullable<ReturnType<typeof searchQuery>['queryFn']>>>
export type SearchItem = SearchPage['items'][number]
export type MessageHit = SearchItem & { message: NonNullable<SearchItem['message']> }

export const isMessageHit = (item: SearchItem): item is MessageHit => item.message !== null
