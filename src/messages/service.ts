import type { Attachment } from '../../db/schema'
import { attachmentsOfMessages, MARKER_PREFIX } from '../attachments/service'
import type { Actor } from '../auth/actor'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { messagesFor } from './messages-data'
import { toMessageJson } from './model'

/**
 * A page of the chat's messages, newest first (the client reverses it). A reply this instance is
 * streaming shows its text so far, fresher than the row's last save.
 */
export async function listMessages(
  ctx: Pick<AppContext, 'db' | 'liveReplies'>,
  actor: Actor,
  chatId: string,
  query: { cursor?: string; limit?: number },
) {
  await requireChat(ctx, actor, chatId)
  const { page, nextCursor } = await messagesFor(ctx.db, actor).page(chatId, query)
  const live = ctx.liveReplies.get(chatId)
  return {
    messages: page.map((row) =>
      live && row.id === live.messageId && row.status === 'streaming'
        ? toMessageJson({ ...row, content: live.content })
        : toMessageJson(row),
    ),
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

/**
 * The recent conversation, oldest first, with the attachments of the latest user messages.
 * Failed or empty replies are left out.
 */
export async function loadHistory(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  chatId: string,
): Promise<ConversationTurn[]> {
  const rows = await messagesFor(ctx.db, actor).latest(chatId, HISTORY_ROWS)
  // Every message sent with files carries the marker, so only those rows cost a lookup, and a
  // chat without files (most sends) costs no second query.
  const withFiles = rows
    .slice(0, HISTORY_ATTACHMENT_ROWS)
    .filter((row) => row.isUser && row.content.includes(MARKER_PREFIX))
    .map((row) => row.id)
  const files = await attachmentsOfMessages(ctx.db, actor, withFiles)
  return rows
    .reverse()
    .filter((row) => row.isUser || (row.status !== 'failed' && row.status !== 'streaming' && row.content))
    .map((row) => ({
      role: row.isUser ? ('user' as const) : ('assistant' as const),
      content: row.content,
      attachments: files.get(row.id) ?? [],
    }))
}
