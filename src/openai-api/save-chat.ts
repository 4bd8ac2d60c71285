import { turnText } from '../ai/types'
import type { KeyHolder } from '../api-keys/authenticate'
import { computeChatTitle } from '../chats/auto-title'
import { createChat } from '../chats/service'
import type { AppContext } from '../context'
import { messagesFor } from '../messages/messages-data'
import type { ChatRequest } from './chat-request'

/**
 * `metadata.parley_chat: true`: the exchange (the request's user and assistant turns, then the
 * answer) becomes a chat in the person's list, which every tab of theirs hears of at once
 * (`chat:created`). Without it nothing of the call is stored but its usage.
 */
export async function saveExchange(
  ctx: AppContext,
  holder: KeyHolder,
  prepared: { request: ChatRequest; target: { model: { id: string } } },
  answer: string,
): Promise<void> {
  const { actor } = holder
  const turns = prepared.request.messages.filter((turn) => turn.role !== 'system')
  const question = turns.findLast((turn) => turn.role === 'user')
  const chat = await createChat(ctx, actor, computeChatTitle(question ? turnText(question) : ''))
  const start = ctx.now().getTime()
  // A line of messages, each the previous one's child, one millisecond apart so they sort in order.
  const rows = [
    ...turns.map((turn) => ({ user: turn.role === 'user', content: turnText(turn) })),
    { user: false, content: answer },
  ]
  const ids = rows.map(() => crypto.randomUUID())
  await messagesFor(ctx.db, actor).insert(
    rows.map((row, index) => ({
      id: ids[index],
      chatId: chat.id,
      parentId: index === 0 ? null : ids[index - 1]!,
      content: row.content,
      isUser: row.user,
      status: 'complete' as const,
      modelId: row.user ? null : prepared.target.model.id,
      createdAt: new Date(start + index),
    })),
  )
}
