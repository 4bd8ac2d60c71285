import { createFileRoute } from '@tanstack/react-router'
import { prefetchMessages } from '../../features/messages/prefetch-messages'

/** A chat by id, so a reload or a shared link reopens the same conversation. */
export const Route = createFileRoute('/_app/c/$chatId')({
  // `?m=<messageId>`: a search result's message, scrolled to and marked for a moment (decision 161).
  validateSearch: (search: Record<string, unknown>): { m?: string } =>
    typeof search.m === 'string' && search.m ? { m: search.m } : {},
  // Not awaited: a page of 50 answers can be large, and waiting for it would hold the address and
  // the sidebar on the previous chat. The chat view reads the same query (messagesQuery), so it
  // shows what this started, its loading state meanwhile and the live updates after, as before.
  // Not on preload either: a chat that is not open is not joined, so its cached messages (kept
  // without a stale time) could miss what happens in it before it is opened.
  loader: ({ context: { queryClient }, params: { chatId }, preload }) => {
    if (!preload) void prefetchMessages(queryClient, chatId)
  },
  component: () => null,
})
