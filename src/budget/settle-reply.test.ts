import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { budgetReservations, usageRecords } from '../../db/schema'
import { messagesFor } from '../messages/messages-data'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions } from '../test/messages'
import { waitFor } from '../test/wait'
import { type Reservation, reserveBudget, settleReply, type UsageInput } from './service'

let t: TestApp

beforeAll(async () => {
  t = await startApp({ BUDGET_DAILY_LIMIT: '10', BUDGET_MONTHLY_LIMIT: '50', BUDGET_ENFORCE: 'true' })
}, 60_000)
afterAll(() => t.close())

/** A person with a chat and an assistant message still streaming, as a reply is when it ends. */
async function streamingReply() {
  const user = await t.createUser()
  const actor = t.actorOf(user)
  const chatId = await chatActions(t, user).createChat()
  const [message] = await messagesFor(t.ctx.db, actor).insert([
    { chatId, content: '', isUser: false, status: 'streaming', modelId: 'fake-model' },
  ])
  return { user, actor, chatId, messageId: message!.id }
}

const usage = (chatId: string, messageId: string): UsageInput => ({
  chatId,
  messageId,
  modelId: 'fake-model',
  promptTokens: 10,
  completionTokens: 20,
  costMicros: 1_234,
  estimated: false,
})

const reservationsOf = (user: TestUser) =>
  t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id))
const usageOf = (user: TestUser) =>
  t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id))

describe('settleReply: the budget visited once when an answer ends', () => {
  test('a reserved reply: its outcome, its usage and the dropped reservation together; the tabs get the new budget', async () => {
    const { user, actor, chatId, messageId } = await streamingReply()
    const reservation = await reserveBudget(t.ctx, actor, 50_000)
    expect(reservation.id).not.toBeNull()
    expect(await reservationsOf(user)).toHaveLength(1)
    const stored = await settleReply(t.ctx, actor, {
      usage: usage(chatId, messageId),
      reservation,
      store: (db, alongside) =>
        messagesFor(db, actor).storeOutcome(
          messageId,
          { content: 'Done', status: 'complete', error: null },
          { alongside },
        ),
    })
    expect(stored).toMatchObject({ id: messageId, content: 'Done', status: 'complete' })
    expect(await reservationsOf(user)).toHaveLength(0)
    expect(await usageOf(user)).toMatchObject([{ messageId, costMicros: 1_234, promptTokens: 10 }])
    await waitFor(() => t.events.some((e) => e.room === `user:${user.id}` && e.event === 'budget:updated'))
  })

  test('a write that fails drops the reservation all the same, and records no cost', async () => {
    const { user, actor, chatId, messageId } = await streamingReply()
    const reservation = await reserveBudget(t.ctx, actor, 50_000)
    const refused = new Error('the store refused')
    await expect(
      settleReply(t.ctx, actor, {
        usage: usage(chatId, messageId),
        reservation,
        store: async () => {
          throw refused
        },
      }),
    ).rejects.toBe(refused)
    expect(await reservationsOf(user)).toHaveLength(0)
    expect(await usageOf(user)).toHaveLength(0)
  })

  test('a step with no answer of its own (deep research) records its usage and drops its reservation', async () => {
    const { user, actor, chatId, messageId } = await streamingReply()
    const reservation = await reserveBudget(t.ctx, actor, 50_000)
    expect(await settleReply(t.ctx, actor, { usage: usage(chatId, messageId), reservation })).toBeUndefined()
    expect(await reservationsOf(user)).toHaveLength(0)
    expect(await usageOf(user)).toHaveLength(1)
  })

  test('nothing reserved: the outcome and the usage row are one statement; nothing used, no row', async () => {
    const { user, actor, chatId, messageId } = await streamingReply()
    const nothing: Reservation = { id: null, release: async () => {} }
    const statements: string[] = []
    await settleReply(t.ctx, actor, {
      usage: usage(chatId, messageId),
      reservation: nothing,
      store: (db, alongside) => {
        statements.push(alongside ? 'with usage' : 'alone')
        return messagesFor(db, actor).storeOutcome(
          messageId,
          { content: 'Hi', status: 'complete', error: null },
          { alongside },
        )
      },
    })
    expect(statements).toEqual(['with usage'])
    expect(await usageOf(user)).toHaveLength(1)

    const other = await streamingReply()
    await settleReply(t.ctx, other.actor, {
      usage: undefined,
      reservation: nothing,
      store: (db, alongside) =>
        messagesFor(db, other.actor).storeOutcome(
          other.messageId,
          { content: '', status: 'failed', error: 'x' },
          { alongside },
        ),
    })
    expect(await usageOf(other.user)).toHaveLength(0)
  })
})
