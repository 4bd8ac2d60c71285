import type { Attachment } from '../../db/schema'
import { attachmentsOfMessages, MARKER_PREFIX } from '../attachments/service'
import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { messagesFor } from './messages-data'
import { messageNotFound, toMessageJson } from './model'

/**
 * A page of the chat's current path (or of the path through `leafId`), oldest first (the spec's
 * order; docs/decisions/158): its latest messages, and the cursor of the part above them. A reply
 * this instance is streaming shows its text so far, fresher than the row's last save.
 */
export async function listMessages(
  ctx: Pick<AppContext, 'db' | 'liveReplies'>,
  actor: Actor,
  chatId: string,
  query: { cursor?: string; limit?: number; leafId?: string },
) {
  const chat = await requireChat(ctx, actor, chatId)
  const { page, nextCursor } = await messagesFor(ctx.db, actor).page(chatId, {
    ...query,
    neverBranched: !chat.branched,
  })
  const live = ctx.liveReplies.get(chatId)
  return {
    messages: page
      .map((row) =>
        live && row.id === live.messageId && row.status === 'streaming'
          ? toMessageJson({ ...row, content: live.content })
          : toMessageJson(row),
      )
      .reverse(),
    nextCursor,
  }
}

/** How many of the latest messages a prompt draws on (buildPrompt trims further by size). */
const HISTORY_ROWS = 100
/** Of those, the latest ones whose attachments are loaded (documents' text goes back to the model). */
const HISTORY_ATTACHMENT_ROWS = 20

/** A message of the conversation as the send path reads it back: its text and its files. */
export interface ConversationTurn {
  role: 'user' | 'assistant'
  content: string
  attachments: Attachment[]
}

/** The conversation a reply answers: its turns, oldest first, and the path's last message. */
export interface Conversation {
  turns: ConversationTurn[]
  /** The message the next one follows (the path's last, whatever its status); undefined: none. */
  last: { id: string; createdAt: Date; isUser: boolean } | undefined
}

/**
 * The recent conversation up to `leafId` (default: the chat's current path; null: none, as before
 * a chat's first message), oldest first, with the attachments of the latest user messages. Failed
 * or empty replies are left out of the turns.
 */
export async function loadHistory(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  chatId: string,
  leafId?: string | null,
  options: { neverBranched?: boolean } = {},
): Promise<Conversation> {
  const rows = await messagesFor(ctx.db, actor).latest(chatId, HISTORY_ROWS, leafId, options.neverBranched)
  const last = rows[0]
  // Every message sent with files carries the marker, so only those rows cost a lookup, and a
  // chat without files (most sends) costs no second query.
  const withFiles = rows
    .slice(0, HISTORY_ATTACHMENT_ROWS)
    .filter((row) => row.isUser && row.content.includes(MARKER_PREFIX))
    .map((row) => row.id)
  const files = await attachmentsOfMessages(ctx.db, actor, withFiles)
  const turns = rows
    .reverse()
    .filter((row) => row.isUser || (row.status !== 'failed' && row.status !== 'streaming' && row.content))
    .map((row) => ({
      role: row.isUser ? ('user' as const) : ('assistant' as const),
      content: row.content,
      attachments: files.get(row.id) ?? [],
    }))
  return { turns, last: last && { id: last.id, createdAt: last.createdAt, isUser: last.isUser } }
}

/**
 * Makes the path through `messageId` the chat's current one (to its newest leaf) and answers that
 * path's latest page; every tab of the person hears `chat:branch` and reads it too.
 */
export async function showBranch(
  ctx: Pick<AppContext, 'db' | 'liveReplies' | 'realtime'>,
  actor: Actor,
  chatId: string,
  messageId: string,
) {
  await requireChat(ctx, actor, chatId)
  const leafId = isUuid(messageId)
    ? await messagesFor(ctx.db, actor).showBranch(chatId, messageId)
    : undefined
  if (!leafId) throw messageNotFound()
  const page = await listMessages(ctx, actor, chatId, { leafId })
  ctx.realtime.toUser(actor.userId, 'chat:branch', { chatId, leafId })
  return { leafId, ...page }
}
