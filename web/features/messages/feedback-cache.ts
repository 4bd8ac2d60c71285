import type { QueryClient } from '@tanstack/react-query'
import { type Message, patchMessage } from './messages-query'

export type Feedback = NonNullable<Message['feedback']>

/**
 * Puts a rating (null: none) on the cached answer, wherever this tab holds it: the rating's own
 * optimistic change, its answer from the server, and the same change made in another tab.
 */
export function patchFeedback(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
  feedback: Feedback | null,
) {
  patchMessage(queryClient, chatId, messageId, { feedback: feedback ?? undefined })
}

/**
 * The key of an answer's rating changes. They share a scope, so they reach the server one after
 * another in the order they were made: two quick presses sent at once could be written the other
 * way round, leaving stored the rating the person took back.
 */
export const feedbackMutationKey = (messageId: string) => ['feedback', messageId] as const

/**
 * Whether this tab has a rating change of this answer on its way. Meanwhile the tab's own screen
 * shows the newest press; the events of the earlier ones, which come back first, would flick it back.
 */
export const ratingInFlight = (queryClient: QueryClient, messageId: string) =>
  queryClient.isMutating({ mutationKey: feedbackMutationKey(messageId) }) > 0
