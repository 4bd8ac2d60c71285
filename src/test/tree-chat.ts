import { eq } from 'drizzle-orm'
import { chats } from '../../db/schema'
import { messagesFor } from '../messages/messages-data'
import type { TestApp, TestUser } from './harness'
import { callJson } from './json-call'

/**
 * A chat of `user` that branched: question → answer, then the question edited → a second answer,
 * the current branch. The edited question and its answer can be given (a file marker, markup).
 * Returns the chat id and the messages' ids.
 */
export async function treeChat(
  t: TestApp,
  user: TestUser,
  options: { title?: string; question?: string; answer?: string } = {},
) {
  const created = await callJson(t, user, 'POST', '/api/chats', { title: options.title ?? 'Trip planning' })
  const chatId = created.body.data.id as string
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s))
  const [q1, a1, q2, a2] = [
    crypto.randomUUID(),
    crypto.randomUUID(),
    crypto.randomUUID(),
    crypto.randomUUID(),
  ]
  const turn = (id: string, parentId: string | null, content: string, isUser: boolean, second: number) => ({
    id,
    chatId,
    parentId,
    content,
    isUser,
    status: 'complete' as const,
    createdAt: at(second),
    ...(isUser ? {} : { modelId: second === 2 ? 'm' : 'gpt-test' }),
  })
  await messagesFor(t.ctx.db, t.actorOf(user)).insert([
    turn(q1, null, 'Old question', true, 1),
    turn(a1, q1, 'Old answer', false, 2),
    turn(q2, null, options.question ?? 'Where to go in **May**?', true, 3),
    turn(a2, q2, options.answer ?? 'Try <script>alert(1)</script> Lisbon.', false, 4),
  ])
  await t.ctx.db.update(chats).set({ currentLeafId: a2, branched: true }).where(eq(chats.id, chatId))
  return { chatId, q1, a1, q2, a2 }
}
