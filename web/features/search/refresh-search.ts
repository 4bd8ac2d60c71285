import type { QueryClient } from '@tanstack/react-query'

/** Every search query's key starts so (`searchQuery` in ./search-query.ts). */
export const SEARCH_KEY = ['search'] as const

/** A burst of changes (a bulk archive, a reply's title and its answer) is one new read. */
const SETTLE_MS = 300
const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>()

/**
 * Results on screen read again after a change that may alter them: a chat made, renamed, archived,
 * moved or deleted, a branch switched, a message ended or deleted (decision 161). Only the searches
 * shown are read again; the others are stale already (`staleTime: 0`). Kept apart from the search
 * query so that the chat list's events, in the main chunk, do not bring the search's texts with them.
 */
export function refreshSearch(queryClient: QueryClient) {
  if (pending.has(queryClient)) return
  pending.set(
    queryClient,
    setTimeout(() => {
      pending.delete(queryClient)
      void queryClient.invalidateQueries({ queryKey: SEARCH_KEY })
    }, SETTLE_MS),
  )
}
