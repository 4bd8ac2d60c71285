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
