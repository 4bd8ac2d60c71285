import type { Message } from '../../db/schema'
import { attachmentsFor } from '../attachments/attachments-data'
import { MARKER_PREFIX } from '../attachments/service'
import type { Actor } from '../auth/actor'
import { chatsFor } from '../chats/chats-data'
import { isUuid } from '../chats/cursor'
import { toChatJson } from '../chats/model'
import { MAX_TITLE_LENGTH, requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { messagesFor } from './messages-data'
import { messageNotFound } from './model'

/** The longest path a branch copies: far beyond any chat people read, bounded for a hostile one. */
const MAX_FORKED_MESSAGES = 10_000
/** Rows per insert statement: well under Postgres's 65,535 parameters. */
const BATCH = 500
const SUFFIX = ' (branch)'

/**
 * "Branch in new chat" (docs/decisions/158): a new chat titled "<title> (branch)" holding copies
 * of the path from the first message down to `messageId`, with their files (new rows on the same
 * stored files) and sources. A reply still streaming is copied as stopped with its text so far.
 * One transaction: the new chat appears whole or not at all.
 */
export async function forkChat(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'now' | 'liveReplies'>,
  actor: Actor,
  chatId: string,
  messageId: string,
) {
  const chat = await requireChat(ctx, actor, chatId)
  const rows = messagesFor(ctx.db, actor)
  const target = isUuid(messageId) ? await rows.find(messageId) : undefined
  if (!target || target.chatId !== chatId) throw messageNotFound()
  const path = await rows.path(chatId, target.id, MAX_FORKED_MESSAGES)
  const live = ctx.liveReplies.get(chatId)
  const title = `${chat.title.slice(0, MAX_TITLE_LENGTH - SUFFIX.length)}${SUFFIX}`
  const fork = await ctx.db.transaction(async (tx) => {
    const copy = await chatsFor(tx, actor).insert(title, ctx.now())
    const ids = new Map(path.map((message) => [message.id, crypto.randomUUID()]))
    const copies = path.map((message) => copyOf(message, copy.id, ids, live))
    for (let start = 0; start < copies.length; start += BATCH) {
      await messagesFor(tx, actor).insert(copies.slice(start, start + BATCH))
    }
    const withFiles = path.filter((message) => message.isUser && message.content.includes(MARKER_PREFIX))
    const files = attachmentsFor(tx, actor)
    const sent = await files.ofMessages(withFiles.map((message) => message.id))
    await files.copyTo(
      withFiles.map((message) => ({
        messageId: ids.get(message.id)!,
        files: sent.filter((file) => file.messageId === message.id),
      })),
    )
    return copy
  })
  const json = toChatJson(fork)
  ctx.realtime.toUser(actor.userId, 'chat:created', { chat: json })
  return json
}

function copyOf(
  message: Message,
  chatId: string,
  ids: Map<string, string>,
  live: { messageId: string; content: string } | undefined,
) {
  const streaming = message.status === 'streaming'
  return {
    id: ids.get(message.id)!,
    chatId,
    parentId: message.parentId ? (ids.get(message.parentId) ?? null) : null,
    content: streaming && live?.messageId === message.id ? live.content : message.content,
    isUser: message.isUser,
    status: streaming ? ('stopped' as const) : message.status,
    error: message.error,
    modelId: message.modelId,
    sources: message.sources,
    notes: message.notes,
    // When each was said stays as it was; a report's copy is plain text, no longer its run's.
    createdAt: message.createdAt,
  }
}
