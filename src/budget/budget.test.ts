import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { and, eq, inArray } from 'drizzle-orm'
import { budgetReservations, messages, usageRecords } from '../../db/schema'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, type ListeningApp, startApp, startInstances, type TestApp } from '../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'
import { DAILY_BUDGET_EXCEEDED, MONTHLY_BUDGET_EXCEEDED } from './budget-state'
import { dollarsToMicros } from './money'

const NOW = new Date('2026-03-15T12:00:00.000Z')
const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    // $1000 per million tokens: a tenth of a cent a token, so a 2048-token answer may cost ~$2.05.
    MODEL_PRICES: 'fake-model=1000/1000',
    BUDGET_DAILY_LIMIT: '10',
    BUDGET_MONTHLY_LIMIT: '50',
    BUDGET_ALERT_THRESHOLD: '75',
    BUDGET_ENFORCE: 'true',
  })
  t.ctx.now = () => NOW
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setScript({}))

async function spend(user: TestUser, dollars: number, at: Date, times = 1) {
  const row = {
    userId: user.id,
    modelId: 'fake-model',
    promptTokens: 1,
    completionTokens: 1,
    costMicros: dollarsToMicros(dollars),
    createdAt: at,
  }
  await t.ctx.db.insert(usageRecords).values(Array.from({ length: times }, () => row))
}
const budgetOf = async (user: TestUser) => (await t.as(user).api.tokens.budget.get()).data!

describe('GET /api/tokens/budget', () => {
  test('answers exactly the spec’s fields: this user’s spend today and this month (UTC), and the limits', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    await spend(user, 1.25, new Date('2026-03-15T00:00:00.000Z'))
    await spend(user, 0.5, new Date('2026-03-15T11:59:59.000Z'))
    await spend(user, 3, new Date('2026-03-14T23:59:59.999Z'))
    await spend(user, 100, new Date('2026-02-28T23:00:00.000Z'))
    await spend(other, 7, new Date('2026-03-15T10:00:00.000Z'))
    expect(await budgetOf(user)).toEqual({
      success: true,
      data: {
        dailyUsed: 1.75,
        dailyLimit: 10,
        monthlyUsed: 4.75,
        monthlyLimit: 50,
        alertThreshold: 75,
        enforceLimit: true,
      },
    })
  })

  test('sums many small costs exactly: 1,000 × $0.000001 is $0.001', async () => {
    const user = await t.createUser()
    await spend(user, 0.000001, new Date('2026-03-15T09:00:00.000Z'), 1000)
    // Adding the dollars as doubles would give 0.0010000000000000152.
    const { data } = await budgetOf(user)
    expect(data.dailyUsed).toBe(0.001)
    expect(data.monthlyUsed).toBe(0.001)
  })

  test('needs a session', async () => {
    expect((await t.api.api.tokens.budget.get()).status).toBe(401)
  })
})

describe('enforcement', () => {
  test('over the daily limit, a send is refused with 429 before the provider is called and nothing is stored', async () => {
    const user = await t.createUser()
    await spend(user, 10, new Date('2026-03-15T08:00:00.000Z'))
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const before = fake.completions().length
    const res = await chat.send(chatId, { content: 'One more question' })
    expect(res.status).toBe(429)
    expect(res.error?.value).toMatchObject({ success: false, error: DAILY_BUDGET_EXCEEDED })
    expect(fake.completions().length).toBe(before)
    expect(await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))).toEqual([])
    const sync = await t.as(user).api.chat.post({ message: 'hi', sessionId: chatId })
    expect(sync.status).toBe(429)
  })

  test('an edit and a regenerate are refused like a send over the limit: 429, nothing stored, no call', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const answerId = await chat.sendOk(chatId, 'Before the limit')
    await waitForOutcome(t, answerId)
    const [question] = (await chat.messages(chatId)).messages
    await spend(user, 10, new Date('2026-03-15T08:00:00.000Z'))
    const before = fake.completions().length
    const edit = await t.request(`/api/messages/${question!.id}/edit`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Edited after the limit' }),
    })
    expect(edit.status).toBe(429)
    expect(await edit.json()).toMatchObject({ success: false, error: DAILY_BUDGET_EXCEEDED })
    const again = await t.as(user).api.chats({ id: chatId }).regenerate.post({ messageId: answerId })
    expect(again.status).toBe(429)
    expect(fake.completions().length).toBe(before)
    expect(await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(2)
  })

  test('spend exactly at the limit is refused, a micro-dollar under it is not', async () => {
    // 100 × $0.10 is $10 exactly; added as doubles it would be 9.99999999999998 and let the send through.
    const atLimit = await t.createUser()
    await spend(atLimit, 0.1, new Date('2026-03-15T08:00:00.000Z'), 100)
    const blocked = chatActions(t, atLimit)
    const res = await blocked.send(await blocked.createChat(), { content: 'At the limit' })
    expect(res.status).toBe(429)
    expect(res.error?.value).toMatchObject({ error: DAILY_BUDGET_EXCEEDED })

    const under = await t.createUser()
    await spend(under, 0.1, new Date('2026-03-15T08:00:00.000Z'), 99)
    await spend(under, 0.099999, new Date('2026-03-15T08:00:00.000Z'))
    expect((await budgetOf(under)).data.dailyUsed).toBe(9.999999)
    const open = chatActions(t, under)
    await waitForOutcome(t, await open.sendOk(await open.createChat(), 'Just under'))
  })

  test('over the monthly limit, the monthly message is given', async () => {
    const user = await t.createUser()
    await spend(user, 50, new Date('2026-03-02T08:00:00.000Z'))
    const chat = chatActions(t, user)
    const res = await chat.send(await chat.createChat(), { content: 'Anything?' })
    expect(res.status).toBe(429)
    expect(res.error?.value).toMatchObject({ error: MONTHLY_BUDGET_EXCEEDED })
  })

  test('under the limit the answer goes through, its cost is recorded and budget:updated is pushed', async () => {
    fake.setScript({ usage: { prompt_tokens: 100, completion_tokens: 400 } })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Price this')
    await waitForOutcome(t, assistantId)
    const [record] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(record!.costMicros).toBe(500_000)
    const pushed = await waitFor(() =>
      t.events.find((event) => event.room === `user:${user.id}` && event.event === 'budget:updated'),
    )
    expect(pushed.payload).toEqual((await budgetOf(user)).data)
    expect(pushed.payload).toMatchObject({ dailyUsed: 0.5, monthlyUsed: 0.5 })
  })

  test('20 concurrent sends at the limit overshoot it by at most one reservation', async () => {
    // Slow answers keep every reservation in flight while the 20 requests are decided.
    fake.setScript({
      reply: 'a b c d e',
      chunkDelayMs: 400,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatIds = await Promise.all(Array.from({ length: 20 }, () => chat.createChat()))
    const before = fake.completions().length
    const responses = await Promise.all(chatIds.map((chatId) => chat.send(chatId, { content: 'go' })))
    const accepted = responses.filter((res) => res.status === 202)
    const refused = responses.filter((res) => res.status === 429)
    expect(accepted.length + refused.length).toBe(20)
    // Each send reserves ≈ $2.05 (2048 tokens × $0.001 + the prompt): 0, 2.05, 4.1, 6.2, 8.2 < 10.
    expect(accepted).toHaveLength(5)
    for (const res of refused) expect(res.error?.value).toMatchObject({ error: DAILY_BUDGET_EXCEEDED })
    const ids = accepted.map((res) => res.data!.data.assistantMessageId)
    await Promise.all(ids.map((id) => waitForOutcome(t, id, 15_000)))
    expect(fake.completions().length - before).toBe(5)
    const { data } = await budgetOf(user)
    expect(data.dailyUsed as number).toBeLessThanOrEqual(10 + 2.1)
    // Once the answers are in, their real (small) cost replaces the reservations: sending works again.
    fake.setScript({})
    await waitForOutcome(t, await chat.sendOk(chatIds[0]!, 'again'))
  })
})

describe('reservations', () => {
  const reservationsOf = (user: TestUser) =>
    t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id))

  test('an admitted call holds a reservation of its worst case until its real cost is recorded', async () => {
    fake.setScript({
      reply: 'a b c d e',
      chunkDelayMs: 200,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Reserve')
    const [held] = await reservationsOf(user)
    // 2048 tokens of answer at $0.001 plus the prompt; it stops counting after the provider timeout.
    expect(held!.amountMicros).toBeGreaterThan(2_048_000)
    expect(held!.amountMicros).toBeLessThan(2_100_000)
    expect(held!.createdAt).toEqual(NOW)
    expect(held!.expiresAt.getTime()).toBe(NOW.getTime() + t.ctx.config.ai.requestTimeoutMs + 60_000)
    await waitForOutcome(t, assistantId)
    expect(await reservationsOf(user)).toEqual([])
    const [record] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(record!.costMicros).toBe(15_000)
  })

  test('a stopped call records what it used and drops its reservation too', async () => {
    fake.setScript({
      reply: 'a b c d e f g h',
      chunkDelayMs: 200,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Stop me')
    expect(await reservationsOf(user)).toHaveLength(1)
    const res = await t.as(user).api.chats({ id: chatId }).stop.post()
    expect(res.data?.data).toEqual({ stopped: true, messageId: assistantId })
    expect(await reservationsOf(user)).toEqual([])
    const [record] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(record!.estimated).toBe(true)
  })

  test('reservations of calls in flight elsewhere count; expired ones (left by a crash) do not', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    // A crashed instance's reservation, past its expiry: ignored.
    await t.ctx.db.insert(budgetReservations).values({
      userId: user.id,
      amountMicros: 100_000_000,
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() - 1),
    })
    await waitForOutcome(t, await chat.sendOk(await chat.createChat(), 'Not blocked'))
    // A live one (say another instance's call in flight) that takes the user to the limit: refused.
    await t.ctx.db.insert(budgetReservations).values({
      userId: user.id,
      amountMicros: 10_000_000,
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 60_000),
    })
    const res = await chat.send(await chat.createChat(), { content: 'Blocked' })
    expect(res.status).toBe(429)
    expect(res.error?.value).toMatchObject({ error: DAILY_BUDGET_EXCEEDED })
  })
})

// Several instances need a shared Postgres.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one Postgres', () => {
  let cluster: Instances
  beforeAll(async () => {
    cluster = await startInstances(2, {
      OPENAI_BASE_URL: fake.url,
      MODEL_PRICES: 'fake-model=1000/1000',
      BUDGET_DAILY_LIMIT: '10',
      BUDGET_MONTHLY_LIMIT: '50',
      BUDGET_ENFORCE: 'true',
    })
  }, 60_000)
  afterAll(() => cluster.close())

  test('20 concurrent sends at the limit, split across two instances, overshoot it by at most one reservation', async () => {
    // Each answer takes five seconds: every reservation is in flight while the 20 are decided.
    fake.setScript({
      reply: 'a b c d e',
      chunkDelayMs: 1000,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    })
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const user = await cluster.createUser()
    const chatIds = await Promise.all(
      Array.from({ length: 20 }, async () => (await a.as(user).api.chats.post({})).data!.data.id),
    )
    const before = fake.completions().length
    const responses = await Promise.all(
      chatIds.map((chatId, index) =>
        (index % 2 ? b : a).as(user).api.chats({ id: chatId }).messages.post({ content: 'go' }),
      ),
    )
    const accepted = responses.filter((res) => res.status === 202)
    const refused = responses.filter((res) => res.status === 429)
    expect(accepted.length + refused.length).toBe(20)
    // The single-instance rule: ≈ $2.05 each, admitted at 0, 2.05, 4.1, 6.2, 8.2 < 10. Per-process
    // reservations would admit five on each instance.
    expect(accepted).toHaveLength(5)
    for (const res of refused) expect(res.error?.value).toMatchObject({ error: DAILY_BUDGET_EXCEEDED })
    const ids = accepted.map((res) => res.data!.data.assistantMessageId)
    const streaming = () =>
      a.ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(inArray(messages.id, ids), eq(messages.status, 'streaming')))
    const reserved = () =>
      a.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id))
    // The answers are stored, then their costs recorded (each with its reservation dropped).
    await waitFor(
      async () => (await streaming()).length === 0 && (await reserved()).length === 0,
      20_000,
      'the five answers and their costs',
    )
    expect(fake.completions().length - before).toBe(5)
    const costs = await a.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id))
    expect(costs).toHaveLength(5)
    // Their real (small) cost replaced the reservations: sending works again, on either instance.
    fake.setScript({})
    const again = await b.as(user).api.chats({ id: chatIds[0]! }).messages.post({ content: 'again' })
    expect(again.status).toBe(202)
  }, 60_000)

  test('a limit an administrator lowers on one instance holds for concurrent sends on both', async () => {
    fake.setScript({
      reply: 'a b c d e',
      chunkDelayMs: 1000,
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    })
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const admin = await cluster.createUser({ role: 'admin' })
    const user = await cluster.createUser()
    // b reads the budget first, so it would hold the organisation's settings in a copy if decisions used one.
    expect((await b.as(user).api.tokens.budget.get()).data?.data.dailyLimit).toBe(10)
    const changed = await a.as(admin).api.admin.budgets.put({ dailyLimit: 6 })
    expect(changed.status).toBe(200)
    const chatIds = await Promise.all(
      Array.from({ length: 10 }, async () => (await a.as(user).api.chats.post({})).data!.data.id),
    )
    const responses = await Promise.all(
      chatIds.map((chatId, index) =>
        (index % 2 ? b : a).as(user).api.chats({ id: chatId }).messages.post({ content: 'go' }),
      ),
    )
    // ≈ $2.05 each under the new $6: admitted at 0, 2.05, 4.1; the environment's $10 would admit five.
    expect(responses.filter((res) => res.status === 202)).toHaveLength(3)
    expect(responses.filter((res) => res.status === 429)).toHaveLength(7)
    await waitFor(
      async () =>
        (await a.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id)))
          .length === 0,
      20_000,
      'the three answers and their costs',
    )
    await a.as(admin).api.admin.budgets.put({ dailyLimit: null })
  }, 60_000)
})

describe('without enforcement', () => {
  let open: TestApp
  beforeAll(async () => {
    open = await startApp({
      OPENAI_BASE_URL: fake.url,
      MODEL_PRICES: 'fake-model=1000/1000',
      BUDGET_DAILY_LIMIT: '1',
    })
  }, 60_000)
  afterAll(() => open.close())

  test('a user over the limit can still send; the budget reports it', async () => {
    const user = await open.createUser()
    await open.ctx.db
      .insert(usageRecords)
      .values({ userId: user.id, modelId: 'fake-model', costMicros: 5_000_000, createdAt: new Date() })
    const chat = chatActions(open, user)
    await waitForOutcome(open, await chat.sendOk(await chat.createChat(), 'still allowed'))
    const body = (await open.as(user).api.tokens.budget.get()).data!
    expect(body.data).toMatchObject({
      dailyLimit: 1,
      monthlyLimit: 0,
      enforceLimit: false,
      alertThreshold: 80,
    })
    expect(body.data.dailyUsed).toBeGreaterThan(5)
  })
})
