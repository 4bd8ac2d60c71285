import type { QueryClient } from '@tanstack/react-query'
import { sessionQuery } from '../auth/session-query'

/**
 * Starts reading a chat's messages as the route is entered, beside the dashboard's own code, rather
 * than after it has arrived and rendered. Signed out there is nothing to read (the sign-in screen
 * shows), so the session is known first; the query module comes with the chat's lazy chunk, not the
 * first page. Failures are the chat view's to show: its query reports them when it mounts.
 */
export async function prefetchMessages(queryClient: QueryClient, chatId: string) {
  try {
    if (!(await queryClient.ensureQueryData(sessionQuery))) return
    const { messagesQuery } = await import('./messages-query')
    await queryClient.prefetchInfiniteQuery(messagesQuery(chatId))
  } catch {
    // The session gate shows a failed session read; the messages were never asked for.
  }
}
