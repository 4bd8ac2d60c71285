import type { QueryClient } from '@tanstack/react-query'
import {
  type Message,
  type MessagePages,
  messagesQuery,
  newestFirst,
  normaliseMessage,
  updatePages,
  upsertMessage,
} from './messages-query'

/*
 * The cache holds one path of the chat's tree, the one the server calls current (docs/decisions/
 * 158). A message that joins the tree elsewhere (an edit or a regenerate in another tab) is not
 * shown: its siblings on the path learn its id, so their arrows count it, and the server's
 * `chat:branch` makes every tab read the new path.
 */

/** The message's parent's children, oldest first, itself included (itself alone when not told). */
export function siblingIdsOf(message: Message): string[] {
  return message.sibling_ids?.length ? message.sibling_ids : [message.id]
}

/** The shown path's last message, or null while nothing is loaded. */
export function shownLeafId(queryClient: QueryClient, chatId: string): string | null {
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  for (const page of data?.pages ?? []) {
    const newest = page.messages[0]
    if (newest) return newest.id
  }
  return null
}

function shownMessages(queryClient: QueryClient, chatId: string): Message[] {
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  return data?.pages.flatMap((page) => page.messages) ?? []
}

/**
 * Messages this tab heard of (created, completed) while they were off the shown path, by id, the
 * last few only. A tab's own edit or regenerate can hear its new answer's events before the HTTP
 * answer that puts it on the path: the path then shows what was heard, not an empty placeholder
 * that nothing would ever complete.
 */
const offPath = new Map<string, Message>()
const OFF_PATH_KEPT = 20

function rememberOffPath(message: Message) {
  offPath.delete(message.id)
  offPath.set(message.id, { ...offPath.get(message.id), ...message })
  for (const id of offPath.keys()) {
    if (offPath.size <= OFF_PATH_KEPT) break
    offPath.delete(id)
  }
}

/** What this tab heard of a message off the path, if anything. */
export function heardOffPath(messageId: string): Message | undefined {
  return offPath.get(messageId)
}

/** A failure of a message off the path is kept with it too. */
export function patchOffPath(messageId: string, patch: Partial<Message>) {
  const heard = offPath.get(messageId)
  if (heard) offPath.set(messageId, { ...heard, ...patch })
}

/**
 * A message from the socket (`message:created`, `message:completed`): merged when shown, added when
 * it continues the shown path (its parent is the shown leaf, or it is a first message of an empty
 * chat); otherwise it is a new sibling somewhere on the path (or under it), whose siblings learn
 * its id. Returns whether it is shown.
 */
export function receiveMessage(queryClient: QueryClient, incoming: Message): boolean {
  const message = normaliseMessage(incoming)
  const shown = shownMessages(queryClient, message.chat_id)
  if (shown.some((m) => m.id === message.id)) {
    upsertMessage(queryClient, message)
    return true
  }
  const leaf = shown[0]
  const continues = leaf ? message.parent_id === leaf.id : message.parent_id === null
  if (continues) {
    upsertMessage(queryClient, message)
    return true
  }
  rememberOffPath(message)
  addSibling(queryClient, message)
  return false
}

/** Shown messages with the same parent gain the new message's id among their siblings. */
function addSibling(queryClient: QueryClient, message: Message) {
  updatePages(queryClient, message.chat_id, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) =>
        m.parent_id === message.parent_id && m.id !== message.id
          ? { ...m, sibling_ids: withSibling(m, message) }
          : m,
      ),
    })),
  }))
}

function withSibling(shown: Message, added: Message): string[] {
  const told = added.sibling_ids ?? []
  const ids = [...siblingIdsOf(shown)]
  for (const id of [...told, added.id]) if (!ids.includes(id)) ids.push(id)
  return ids
}

/**
 * The path as a branch switch answered it (its latest page, oldest first): the cache becomes that
 * one page, and older pages load from its cursor as usual.
 */
export function showPath(
  queryClient: QueryClient,
  chatId: string,
  path: { messages: Message[]; nextCursor: string | null },
) {
  const page = {
    messages: path.messages.map(normaliseMessage).sort(newestFirst),
    nextCursor: path.nextCursor,
  }
  queryClient.setQueryData<MessagePages>(messagesQuery(chatId).queryKey, { pages: [page], pageParams: [''] })
}

/**
 * An edit or a regenerate as its answer arrives: the shown path up to `replaced` (not included) and
 * then `added` (oldest first: the new user message and its answer, or the new answer). The replaced
 * message stays in the tree as a sibling of the first added one.
 */
export function branchFrom(queryClient: QueryClient, chatId: string, replaced: string, added: Message[]) {
  updatePages(queryClient, chatId, (data) => {
    const shown = data.pages.flatMap((page) => page.messages)
    const cut = shown.findIndex((m) => m.id === replaced)
    if (cut < 0) return data
    // Newest first: everything from the newest message down to the replaced one goes.
    const gone = new Set(shown.slice(0, cut + 1).map((m) => m.id))
    const newest = [...added].reverse().map((m) => ({ ...m, ...offPath.get(m.id) }))
    const [first, ...rest] = data.pages.map((page) => ({
      ...page,
      messages: page.messages.filter((m) => !gone.has(m.id)),
    }))
    if (!first) return data
    return { ...data, pages: [{ ...first, messages: [...newest, ...first.messages] }, ...rest] }
  })
}
