import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/shell'

export const CHAT_PAGE_SIZE = 50

/** Newest first, a keyset page at a time; `q` filters titles on the server. */
export function chatsQuery(q = '') {
  return infiniteQueryOptions({
    queryKey: ['chats', q],
    queryFn: async ({ pageParam }) => {
      const { data, error } = await api.chats.get({
        query: { limit: CHAT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}), ...(q ? { q } : {}) },
      })
      if (error) throw apiFailure(error, t('shell.chats.loadFailed'))
      return data.data
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

type ChatPage = Awaited<ReturnType<NonNullable<ReturnType<typeof chatsQuery>['queryFn']>>>
export type Chat = ChatPage['chats'][number]
type ChatPages = InfiniteData<ChatPage, string>

function updateAllLists(queryClient: QueryClient, update: (pages: ChatPages, q: string) => ChatPages) {
  for (const [key, value] of queryClient.getQueriesData<ChatPages>({ queryKey: ['chats'] })) {
    if (!value) continue
    queryClient.setQueryData(key, update(value, String(key[1] ?? '')))
  }
}

function matches(chat: Chat, q: string) {
  return !q || chat.title.toLowerCase().includes(q.trim().toLowerCase())
}

/** A new chat goes first in every list whose filter it matches (no-op when already there). */
export function addChatToLists(queryClient: QueryClient, chat: Chat) {
  updateAllLists(queryClient, (data, q) => {
    if (!matches(chat, q) || data.pages.some((page) => page.chats.some((c) => c.id === chat.id))) return data
    const [first, ...rest] = data.pages
    return { ...data, pages: [{ ...first!, chats: [chat, ...(first?.chats ?? [])] }, ...rest] }
  })
}

export function replaceChatInLists(queryClient: QueryClient, chat: Chat) {
  updateAllLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      chats: page.chats.map((c) => (c.id === chat.id ? chat : c)),
    })),
  }))
}

export function removeChatFromLists(queryClient: QueryClient, chatId: string) {
  updateAllLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, chats: page.chats.filter((c) => c.id !== chatId) })),
  }))
}
