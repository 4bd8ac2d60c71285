import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/chat'
import { endedReplies } from './ended-replies'

export const MESSAGE_PAGE_SIZE = 50

/**
 * The chat's current path (docs/decisions/158): pages newest first (the first page is the latest
 * messages), older pages by keyset cursor. The server answers each page oldest first; the cache
 * keeps every page newest first, the order the socket's new messages are added in.
 */
export function messagesQuery(chatId: string) {
  return infiniteQueryOptions({
    queryKey: ['messages', chatId],
    queryFn: async ({ pageParam }) => {
      const { data, error } = await api.chats({ id: chatId }).messages.get({
        query: { limit: MESSAGE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      })
      if (error) throw apiFailure(error, t('chat.messages.loadFailed'))
      return {
        ...data.data,
        messages: data.data.messages
          .map((message) => endedReplies.keepEnded(normaliseMessage(message)))
          .sort(newestFirst),
      }
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * Reads the chat's messages again. Also when the first load is still on its way: it may have read
 * the database before what we now know happened, and a plain invalidate would only join that load.
 */
export async function reloadMessages(queryClient: QueryClient, chatId: string) {
  const queryKey = messagesQuery(chatId).queryKey
  await queryClient.cancelQueries({ queryKey })
  await queryClient.invalidateQueries({ queryKey })
}

type MessagePage = Awaited<ReturnType<NonNullable<ReturnType<typeof messagesQuery>['queryFn']>>>
export type Message = MessagePage['messages'][number]
export type MessagePages = InfiniteData<MessagePage, string>

export function updatePages(
  queryClient: QueryClient,
  chatId: string,
  change: (data: MessagePages) => MessagePages,
) {
  const key = messagesQuery(chatId).queryKey
  const data = queryClient.getQueryData<MessagePages>(key)
  if (data) queryClient.setQueryData(key, change(data))
}

export const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)

/**
 * Adds the message to the newest page, or merges it into the copy already there (unless
 * `onlyIfMissing`: a placeholder must not overwrite an answer that already arrived).
 */
export function upsertMessage(
  queryClient: QueryClient,
  message: Message,
  options: { onlyIfMissing?: boolean } = {},
) {
  updatePages(queryClient, message.chat_id, (data) => {
    const found = data.pages.some((page) => page.messages.some((m) => m.id === message.id))
    if (found && options.onlyIfMissing) return data
    if (found) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          messages: page.messages.map((m) => (m.id === message.id ? { ...m, ...message } : m)),
        })),
      }
    }
    const [first, ...rest] = data.pages
    const messages = [message, ...(first?.messages ?? [])].sort(newestFirst)
    return { ...data, pages: [{ nextCursor: first?.nextCursor ?? null, ...first, messages }, ...rest] }
  })
}

/** The deep research run writing an assistant message, or null for any other message. */
export function researchIdOf(message: Message): string | null {
  return 'research_id' in message && typeof message.research_id === 'string' ? message.research_id : null
}

/** The message as this tab holds it, if it is loaded. */
export function cachedMessage(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
): Message | undefined {
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  for (const page of data?.pages ?? []) {
    const found = page.messages.find((m) => m.id === messageId)
    if (found) return found
  }
  return undefined
}

/** Patches one cached message; with `when`, only a message that still matches it (see research's Retry). */
export function patchMessage(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
  patch: Partial<Message>,
  when: (message: Message) => boolean = () => true,
) {
  updatePages(queryClient, chatId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => (m.id === messageId && when(m) ? { ...m, ...patch } : m)),
    })),
  }))
}

export function removeMessage(queryClient: QueryClient, chatId: string, messageId: string) {
  updatePages(queryClient, chatId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== messageId) })),
  }))
}

/**
 * Eden turns ISO date strings in responses into Date objects while socket events carry strings;
 * messages are kept with string dates so both sources compare and sort the same way.
 */
export function normaliseMessage<T extends { created_at: unknown }>(message: T): T & { created_at: string } {
  const value: unknown = message.created_at
  return { ...message, created_at: value instanceof Date ? value.toISOString() : String(value) }
}
