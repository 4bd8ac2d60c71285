import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { chats, messages } from '../../db/schema'
import { startApp, type TestApp } from '../test/harness'
import { failInterruptedReplies, INTERRUPTED } from './interrupted-replies'
import { toMessageJson } from './model'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t.close())

test('a reply cut off by a crash is marked failed at start-up, keeping its partial text', async () => {
  const user = await t.createUser()
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id }).returning()
  const old = new Date(Date.now() - t.ctx.config.ai.requestTimeoutMs - 60_000)
  const [question, cut] = await t.ctx.db
    .insert(messages)
    .values([
      { chatId: chat!.id, userId: user.id, content: 'Tell me a story', isUser: true, createdAt: old },
      {
        chatId: chat!.id,
        userId: user.id,
        content: 'Once upon a',
        isUser: false,
        status: 'streaming',
        notes: [{ code: 'images_not_seen', files: ['chart.png'] }],
        createdAt: old,
      },
    ])
    .returning()

  expect(await failInterruptedReplies(t.ctx)).toBe(1)

  const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, cut!.id))
  expect(row).toMatchObject({ status: 'failed', error: INTERRUPTED, content: 'Once upon a' })
  // The reason's code rides with the notes; the API gives it as error_code (decision 150).
  // The reason's code is added to the notes the reply started with; the API gives it as error_code.
  expect(row!.notes).toEqual([
    { code: 'images_not_seen', files: ['chart.png'] },
    { code: 'failed', reason: 'interrupted' },
  ])
  expect(toMessageJson(row!)).toMatchObject({
    error_code: 'interrupted',
    error_values: {},
    notes: [{ code: 'images_not_seen', files: ['chart.png'] }],
  })
  const [kept] = await t.ctx.db.select().from(messages).where(eq(messages.id, question!.id))
  expect(kept).toMatchObject({ status: 'complete', content: 'Tell me a story' })
  // Nothing left to recover the second time.
  expect(await failInterruptedReplies(t.ctx)).toBe(0)
})

test('a deep research report being written is left alone: its job owns it, however old', async () => {
  const user = await t.createUser()
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id }).returning()
  const old = new Date(Date.now() - t.ctx.config.ai.requestTimeoutMs - 60_000)
  const [report] = await t.ctx.db
    .insert(messages)
    .values({
      chatId: chat!.id,
      userId: user.id,
      content: '',
      isUser: false,
      status: 'streaming',
      researchId: crypto.randomUUID(),
      createdAt: old,
    })
    .returning()
  expect(await failInterruptedReplies(t.ctx)).toBe(0)
  const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, report!.id))
  expect(row!.status).toBe('streaming')
  // Nor does it hold the chat: a send there is not refused as "a reply is already in progress".
  const sent = await t.request(`/api/chats/${chat!.id}/messages`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Meanwhile' }),
  })
  expect(sent.status).toBe(202)
  const [still] = await t.ctx.db.select().from(messages).where(eq(messages.id, report!.id))
  expect(still!.status).toBe('streaming')
})
