import type { QueryClient } from '@tanstack/react-query'
import { patchMessage } from '../messages/messages-query'
import { type Research, researchKey } from './research-api'

/**
 * The answer goes back to 'streaming' and empty, as the server has stored it on a retry: only an
 * answer still shown as ended. The retried run can finish before the retry's response arrives (its
 * events come first over the socket), and a stale 'queued' must not turn a finished answer back
 * into an empty one that nothing will complete again.
 */
export function writingAgain(queryClient: QueryClient, run: Research) {
  patchMessage(
    queryClient,
    run.chatId,
    run.messageId,
    { status: 'streaming', content: '', error: null },
    (message) => message.status === 'failed' || message.status === 'stopped',
  )
}

/** A run's state from a response, unless the socket has already brought a later one. */
export function storeRetried(queryClient: QueryClient, run: Research) {
  const cached = queryClient.getQueryData<Research>(researchKey(run.id))
  if (!cached || cached.status === 'failed' || cached.status === 'cancelled')
    queryClient.setQueryData(researchKey(run.id), run)
}
