import { and, desc, eq } from 'drizzle-orm'
import { type Attachment, type Message, messages } from '../../db/schema'
import { attachmentsOfMessages, MARKER_PREFIX } from '../attachments/service'
import { decodeCursor, encodeCursor, olderThan, pageSize } from '../chats/cursor'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { liveReplies } from './live-replies'

export function toMessageJson(message: Message) {
  return {
    id: message.id,
    chat_id: message.chatId,
    content: message.content,
    is_user: message.isUser,
    status: message.status,
    error: message.error,
    model_id: message.modelId,
    created_at: message.createdAt.toISOString(),
  }
}
export type MessageJson = ReturnType<typeof toMessageJson>

/**
 * A page of the chat's messages, newest first (the client reverses it). A reply this instance is
 * streaming shows its text so far, fresher than the row's last save.
 */
export async function listMessages(
  ctx: Pick<AppContext, 'db' | 'database'>,
  userId: string,
  chatId: string,
  query: { cursor?: string; limit?: number },
) {
  await requireChat(ctx, userId, chatId)
  const limit = pageSize(query.limit)
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        query.cursor ? olderThan(messages, decodeCursor(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const live = liveReplies(ctx).get(chatId)
  const last = page.at(-1)
  return {
    messages: page.map((row) =>
      live && row.id === live.messageId && row.status === 'streaming'
        ? toMessageJson({ ...row, content: live.content })
        : toMessageJson(row),
    ),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
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

/**
 * The recent conversation, oldest first, with the attachments of the latest user messages.
 * Failed or empty replies are left out.
 */
export async function loadHistory(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  chatId: string,
): Promise<ConversationTurn[]> {
  const rows = await ctx.db
    .select({ id: messages.id, content: messages.content, isUser: messages.isUser, status: messages.status })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_ROWS)
  // Every message sent with files carries the marker, so only those rows cost a lookup, and a
  // chat without files (most sends) costs no second query.
  const withFiles = rows
    .slice(0, HISTORY_ATTACHMENT_ROWS)
    .filter((row) => row.isUser && row.content.includes(MARKER_PREFIX))
    .map((row) => row.id)
  const files = await attachmentsOfMessages(ctx.db, userId, withFiles)
  return rows
    .reverse()
    .filter((row) => row.isUser || (row.status !== 'failed' && row.status !== 'streaming' && row.content))
    .map((row) => ({
      role: row.isUser ? ('user' as const) : ('assistant' as const),
      content: row.content,
      attachments: files.get(row.id) ?? [],
    }))
}
