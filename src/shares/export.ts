import { attachmentsFor } from '../attachments/attachments-data'
import type { Actor } from '../auth/actor'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { messagesFor } from '../messages/messages-data'
import { MAX_SHARED_MESSAGES } from './service'
import { chatMessages } from './shares-data'

/** The marker the send path appends to a question with files (src/attachments/service.ts). */
const FILES_MARKER = /\s*\[Files attached: [^\]\n]*\]\s*$/

/**
 * `GET /api/chats/:id/export?format=md|json` (issue 32, point 3): the current branch as Markdown, or
 * every branch as JSON, as a download. Refused under support access (the route's macro).
 */
export async function exportChat(ctx: AppContext, actor: Actor, chatId: string, format: 'md' | 'json') {
  const chat = await requireChat(ctx, actor, chatId)
  const rows = messagesFor(ctx.db, actor)
  const leaf = await rows.last(chat.id)
  const list =
    format === 'md'
      ? leaf
        ? await rows.path(chat.id, leaf.id, MAX_SHARED_MESSAGES)
        : []
      : await chatMessages(ctx.db, actor.userId, chat.id)
  const files = await attachmentsFor(ctx.db, actor).ofMessages(list.filter((m) => m.isUser).map((m) => m.id))
  const namesOf = (id: string) => files.filter((file) => file.messageId === id).map((file) => file.filename)
  const name = safeFilename(chat.title)
  if (format === 'json') {
    const body = {
      format: 'parley.chat.v1',
      exported_at: ctx.now().toISOString(),
      title: chat.title,
      created_at: chat.createdAt.toISOString(),
      current_leaf_id: leaf?.id ?? null,
      messages: list.map((message) => ({
        id: message.id,
        parent_id: message.parentId,
        role: message.isUser ? 'user' : 'assistant',
        content: message.content,
        status: message.status,
        model: message.modelId,
        created_at: message.createdAt.toISOString(),
        attachments: namesOf(message.id).map((filename) => ({ name: filename })),
      })),
    }
    return download(JSON.stringify(body, null, 2), `${name}.json`, 'application/json; charset=utf-8')
  }
  const parts = [`# ${oneLine(chat.title)}`]
  for (const message of list) {
    const who = message.isUser ? 'User' : `Assistant${message.modelId ? ` (${message.modelId})` : ''}`
    const text = message.isUser ? message.content.replace(FILES_MARKER, '') : message.content
    const attached = namesOf(message.id)
    parts.push(
      [
        `## ${who} · ${message.createdAt.toISOString()}`,
        text.trim(),
        attached.length ? `Attachments: ${attached.map(oneLine).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    )
  }
  return download(`${parts.join('\n\n')}\n`, `${name}.md`, 'text/markdown; charset=utf-8')
}

function download(body: string, filename: string, type: string) {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** ASCII letters, digits and dashes only: no quote, slash or control character reaches the header. */
export function safeFilename(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 80)
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return base || 'chat'
}
