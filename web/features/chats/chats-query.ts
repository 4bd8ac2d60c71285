import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/shell'

export const CHAT_PAGE_SIZE = 50

/**
 * Which chats a list holds (issue 28): `all` not archived (the palette's recents, the first chat
 * opened), `none` not archived and in no project (the sidebar's main list), `archived` the archived
 * ones, `project:<id>` one project's chats not archived.
 */
export type ChatScope = 'all' | 'none' | 'archived' | `project:${string}`

function scopeQuery(scope: ChatScope): { archived?: 'true'; project?: string } {
  if (scope === 'archived') return { archived: 'true' }
  if (scope === 'none') return { project: 'none' }
  if (scope.startsWith('project:')) return { project: scope.slice('project:'.length) }
  return {}
}

/** Pinned first, then newest first, a keyset page at a time; `q` filters titles on the server. */
export function chatsQuery(q = '', scope: ChatScope = 'all') {
  return infiniteQueryOptions({
    // `all` keeps the key it always had: other features read that list by it.
    queryKey: scope === 'all' ? ['chats', q] : ['chats', q, scope],
    queryFn: async ({ pageParam }) => {
      const { data, error } = await api.chats.get({
        query: {
          limit: CHAT_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(q ? { q } : {}),
          ...scopeQuery(scope),
        },
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

function updateAllLists(
  queryClient: QueryClient,
  update: (pages: ChatPages, q: string, scope: ChatScope) => ChatPages,
) {
  for (const [key, value] of queryClient.getQueriesData<ChatPages>({ queryKey: ['chats'] })) {
    // ['chats', 'create'] is the create mutation's key, never a list; lists hold pages.
    if (!value?.pages) continue
    queryClient.setQueryData(key, update(value, String(key[1] ?? ''), (key[2] as ChatScope) ?? 'all'))
  }
}

/** Whether a list with this filter and scope shows the chat, as the server would answer. */
export function belongsTo(chat: Chat, q: string, scope: ChatScope) {
  if (q && !chat.title.toLowerCase().includes(q.trim().toLowerCase())) return false
  if (scope === 'archived') return chat.archived
  if (chat.archived) return false
  if (scope === 'none') return chat.project_id === null
  if (scope.startsWith('project:')) return chat.project_id === scope.slice('project:'.length)
  return true
}

/**
 * A chat's creation time in ms. Eden turns ISO dates in API answers into Date objects while socket
 * events carry strings, so one list can hold both: compare the instants, never the values.
 */
function createdAt(chat: Chat): number {
  return new Date(chat.created_at as string | Date).getTime()
}

/** The server's order: pinned first, then newest first, then by id (all descending). */
export function listsBefore(a: Chat, b: Chat): boolean {
  if (a.pinned !== b.pinned) return a.pinned
  const [timeA, timeB] = [createdAt(a), createdAt(b)]
  if (timeA !== timeB) return timeA > timeB
  return a.id > b.id
}

/**
 * Puts the chat where the server would list it in one list: out of it when it no longer belongs,
 * else in its sorted place among the loaded pages. A place after the last loaded row while more
 * pages remain is left to the page that will bring it (so no row shows twice or is skipped).
 */
function place(data: ChatPages, chat: Chat, fits: boolean): ChatPages {
  const pages = data.pages.map((page) => ({ ...page, chats: page.chats.filter((c) => c.id !== chat.id) }))
  if (fits) {
    let target = -1
    let at = 0
    for (let index = 0; index < pages.length && target < 0; index++) {
      const position = pages[index]!.chats.findIndex((c) => listsBefore(chat, c))
      if (position >= 0) {
        target = index
        at = position
      }
    }
    const last = pages.at(-1)
    if (target < 0 && last && !last.nextCursor) {
      target = pages.length - 1
      at = last.chats.length
    }
    if (target >= 0) {
      const page = pages[target]!
      pages[target] = { ...page, chats: [...page.chats.slice(0, at), chat, ...page.chats.slice(at)] }
    }
  }
  return { ...data, pages }
}

/** A chat made or changed (title, pin, archive, project): placed in every cached list it belongs to. */
export function placeChatInLists(queryClient: QueryClient, chat: Chat) {
  updateAllLists(queryClient, (data, q, scope) => place(data, chat, belongsTo(chat, q, scope)))
}

/** A new chat goes where it belongs in every list (no-op when already there). */
export const addChatToLists = placeChatInLists
export const replaceChatInLists = placeChatInLists

export function removeChatFromLists(queryClient: QueryClient, chatId: string) {
  updateAllLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, chats: page.chats.filter((c) => c.id !== chatId) })),
  }))
}

/** The chat as some cached list holds it (for undo: where it was before a change). */
export function cachedChat(queryClient: QueryClient, chatId: string): Chat | undefined {
  for (const [, data] of queryClient.getQueriesData<ChatPages>({ queryKey: ['chats'] })) {
    const chat = data?.pages?.flatMap((page) => page.chats).find((c) => c.id === chatId)
    if (chat) return chat
  }
  return undefined
}
