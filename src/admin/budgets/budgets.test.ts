import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, usageRecords } from '../../../db/schema'
import { dollarsToMicros } from '../../budget/money'
import { startFakeOpenAi } from '../../test/fakes/openai-server'
import { startApp, type TestApp } from '../../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../../test/messages'

const NOW = new Date('2026-03-15T12:00:00.000Z')
const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    MODEL_PRICES: 'fake-model=1000/1000',
    BUDGET_DAILY_LIMIT: '10',
    BUDGET_MONTHLY_LIMIT: '50',
    BUDGET_ALERT_THRESHOLD: '80',
    BUDGET_ENFORCE: 'true',
  })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
const CLEARED = { dailyLimit: null, monthlyLimit: null, alertThreshold: null, enforce: null, timeZone: null }
beforeEach(async () => {
  t.ctx.now = () => NOW
  fake.setScript({})
  // Every test starts from the environment's values.
  expect((await t.as(admin).api.admin.budgets.put(CLEARED)).status).toBe(200)
})

async function spend(user: TestUser, dollars: number, at: Date) {
  await t.ctx.db.insert(usageRecords).values({
    userId: user.id,
    modelId: 'fake-model',
    promptTokens: 1,
    completionTokens: 1,
    costMicros: dollarsToMicros(dollars),
    createdAt: at,
  })
}
const budgetOf = async (user: TestUser) => (await t.as(user).api.tokens.budget.get()).data!.data
const org = () => t.as(admin).api.admin.budgets
const userBudget = (user: { id: string }) => t.as(admin).api.admin.budgets.users({ id: user.id })
const lastAudit = async (action: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
  )[0]
const pushesTo = (user: TestUser) =>
  t.events.filter((event) => event.room === `user:${user.id}` && event.event === 'budget:updated')

describe('who may', () => {
  test('without a session: 401; a user who is not an administrator: 403 (on every route)', async () => {
    const user = await t.createUser()
    const calls = [
      (api: typeof t.api) => api.api.admin.budgets.get(),
      (api: typeof t.api) => api.api.admin.budgets.put({ dailyLimit: 1 }),
      (api: typeof t.api) => api.api.admin.budgets.users({ id: user.id }).get(),
      (api: typeof t.api) => api.api.admin.budgets.users({ id: user.id }).put({ dailyLimit: 1 }),
      (api: typeof t.api) => api.api.admin.budgets.users({ id: user.id }).delete(),
    ]
    for (const call of calls) {
      expect((await call(t.api)).status).toBe(401)
      const refused = await call(t.as(user))
      expect(refused.status).toBe(403)
      expect(refused.error?.value).toMatchObject({ success: false, code: 'forbidden:admin' })
    }
    expect((await org().get()).data!.data.dailyLimit).toBe(10)
    expect((await userBudget(user).get()).data!.data.override.dailyLimit).toBeNull()
  })
})

describe('organisation defaults', () => {
  test('read from the environment until an administrator sets them, saying where each value comes from', async () => {
    expect((await org().get()).data).toEqual({
      success: true,
      data: {
        dailyLimit: 10,
        monthlyLimit: 50,
        alertThreshold: 80,
        enforce: true,
        timeZone: 'UTC',
        sources: {
          dailyLimit: 'environment',
          monthlyLimit: 'environment',
          alertThreshold: 'environment',
          enforce: 'environment',
          timeZone: 'environment',
        },
        settings: {
          dailyLimit: null,
          monthlyLimit: null,
          alertThreshold: null,
          enforce: null,
          timeZone: null,
        },
      },
    })
  })

  test('a change applies to every user at once; a field left out stays; null returns to the environment', async () => {
    const user = await t.createUser()
    const res = await org().put({ dailyLimit: 20.5, alertThreshold: 60, timeZone: 'europe/paris' })
    expect(res.data?.data).toMatchObject({
      dailyLimit: 20.5,
      monthlyLimit: 50,
      alertThreshold: 60,
      enforce: true,
      timeZone: 'Europe/Paris',
      sources: { dailyLimit: 'organisation', monthlyLimit: 'environment', timeZone: 'organisation' },
    })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 20.5, monthlyLimit: 50, alertThreshold: 60 })

    await org().put({ monthlyLimit: 0 })
    expect((await org().get()).data!.data).toMatchObject({
      dailyLimit: 20.5,
      monthlyLimit: null,
      sources: { monthlyLimit: 'organisation' },
      settings: { dailyLimit: 20.5, monthlyLimit: 0 },
    })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 20.5, monthlyLimit: 0 })

    await org().put({ dailyLimit: null })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 10, monthlyLimit: 0, alertThreshold: 60 })
  })

  test('audited as budget.org_update with each changed value old → new', async () => {
    await org().put({ dailyLimit: 12, enforce: false })
    const entry = await lastAudit('budget.org_update')
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: 'boss@example.com',
      actingAsId: null,
      targetType: 'organisation',
      details: { changes: { dailyLimit: { from: null, to: 12 }, enforce: { from: null, to: false } } },
    })
    await org().put({ dailyLimit: 15, enforce: false })
    expect((await lastAudit('budget.org_update'))!.details).toEqual({
      changes: { dailyLimit: { from: 12, to: 15 } },
    })
  })

  test('pushes budget:updated with the new status to the users who spent this month, not to the others', async () => {
    const spender = await t.createUser()
    const idle = await t.createUser()
    const lastMonth = await t.createUser()
    await spend(spender, 4, new Date('2026-03-15T09:00:00.000Z'))
    await spend(lastMonth, 4, new Date('2026-02-27T09:00:00.000Z'))
    await org().put({ dailyLimit: 5 })
    const [pushed] = pushesTo(spender)
    expect(pushed?.payload).toEqual(await budgetOf(spender))
    expect(pushed?.payload).toMatchObject({ dailyUsed: 4, dailyLimit: 5 })
    expect(pushesTo(idle)).toEqual([])
    expect(pushesTo(lastMonth)).toEqual([])
  })
})

describe('refusals', () => {
  test.each([
    [{ dailyLimit: -1 }, 'bad_request:budget_limit', 'dailyLimit'],
    [{ monthlyLimit: 1.005 }, 'bad_request:budget_limit', 'monthlyLimit'],
    [{ dailyLimit: 0.1 + 0.2 }, 'bad_request:budget_limit', 'cents'],
    [{ dailyLimit: 1e12 }, 'bad_request:budget_limit', 'dailyLimit'],
    [{ alertThreshold: 0 }, 'bad_request:budget_threshold', '1 to 100'],
    [{ alertThreshold: 101 }, 'bad_request:budget_threshold', '1 to 100'],
    [{ alertThreshold: 50.5 }, 'bad_request:budget_threshold', 'whole percent'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'bad_request:time_zone', 'IANA'],
    [{ timeZone: '+02:00' }, 'bad_request:time_zone', 'IANA'],
    [{ dailyLimit: '10' }, 'bad_request:validation', 'dollar amount'],
    [{ enforce: 'yes' }, 'bad_request:validation', 'enforce'],
  ] as [Record<string, unknown>, string, string][])(
    '%j → 400 %s, nothing saved',
    async (body, code, words) => {
      const res = await org().put(body as never)
      expect(res.status).toBe(400)
      expect(res.error?.value).toMatchObject({ success: false, code })
      expect((res.error!.value as unknown as { error: string }).error).toContain(words)
      expect((await org().get()).data!.data.settings).toEqual(CLEARED)
      if (!('timeZone' in body)) {
        const user = await t.createUser()
        const perUser = await userBudget(user).put(body as never)
        expect(perUser.status).toBe(400)
        expect(perUser.error?.value).toMatchObject({ code })
      }
    },
  )

  test('dollars and cents are accepted exactly', async () => {
    const res = await org().put({ dailyLimit: 0.29, monthlyLimit: 1234567.89 })
    expect(res.data?.data).toMatchObject({ dailyLimit: 0.29, monthlyLimit: 1234567.89 })
  })

  test('an unknown or malformed user id is 404', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const res of [
        await t.as(admin).api.admin.budgets.users({ id }).get(),
        await t.as(admin).api.admin.budgets.users({ id }).put({ dailyLimit: 1 }),
        await t.as(admin).api.admin.budgets.users({ id }).delete(),
      ]) {
        expect(res.status).toBe(404)
        expect(res.error?.value).toMatchObject({ code: 'not_found:user' })
      }
    }
  })
})

describe('per-user budgets', () => {
  test('the user’s override beats the organisation’s setting, which beats the environment, field by field', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    await org().put({ dailyLimit: 20, alertThreshold: 70 })
    const res = await userBudget(user).put({ dailyLimit: 5, enforce: false })
    expect(res.data?.data).toMatchObject({
      userId: user.id,
      override: { dailyLimit: 5, monthlyLimit: null, alertThreshold: null, enforce: false },
      effective: {
        dailyLimit: 5,
        monthlyLimit: 50,
        alertThreshold: 70,
        enforce: false,
        timeZone: 'UTC',
        sources: {
          dailyLimit: 'user',
          monthlyLimit: 'environment',
          alertThreshold: 'organisation',
          enforce: 'user',
          timeZone: 'environment',
        },
      },
    })
    expect(await budgetOf(user)).toEqual({
      dailyUsed: 0,
      dailyLimit: 5,
      monthlyUsed: 0,
      monthlyLimit: 50,
      alertThreshold: 70,
      enforceLimit: false,
    })
    expect(await budgetOf(other)).toMatchObject({ dailyLimit: 20, alertThreshold: 70, enforceLimit: true })

    // A later PUT keeps what it leaves out; null hands the field back to the organisation.
    await userBudget(user).put({ monthlyLimit: 30, enforce: null })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 5, monthlyLimit: 30, enforceLimit: true })

    // DELETE removes the override: the organisation's values again.
    const reset = await userBudget(user).delete()
    expect(reset.data?.data.override).toEqual({
      dailyLimit: null,
      monthlyLimit: null,
      alertThreshold: null,
      enforce: null,
    })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 20, monthlyLimit: 50, enforceLimit: true })
  })

  test('GET shows the user’s spend under the limits that apply to them', async () => {
    const user = await t.createUser()
    await spend(user, 3.5, new Date('2026-03-15T08:00:00.000Z'))
    await userBudget(user).put({ dailyLimit: 4 })
    expect((await userBudget(user).get()).data?.data.status).toEqual(await budgetOf(user))
    expect((await userBudget(user).get()).data?.data.status).toMatchObject({ dailyUsed: 3.5, dailyLimit: 4 })
  })

  test('audited as budget.user_update (old → new) and budget.user_reset', async () => {
    const user = await t.createUser()
    await userBudget(user).put({ dailyLimit: 7 })
    await userBudget(user).put({ dailyLimit: 8, alertThreshold: 90 })
    expect(await lastAudit('budget.user_update')).toMatchObject({
      actorId: admin.id,
      actorEmail: 'boss@example.com',
      targetType: 'user',
      targetId: user.id,
      details: { changes: { dailyLimit: { from: 7, to: 8 }, alertThreshold: { from: null, to: 90 } } },
    })
    await userBudget(user).delete()
    expect(await lastAudit('budget.user_reset')).toMatchObject({
      targetId: user.id,
      details: {
        from: { dailyLimit: 8, monthlyLimit: null, alertThreshold: 90, enforce: null },
        to: null,
      },
    })
  })

  test('each change pushes budget:updated with the user’s new status to them', async () => {
    const user = await t.createUser()
    await spend(user, 4, new Date('2026-03-15T08:00:00.000Z'))
    await userBudget(user).put({ dailyLimit: 5 })
    expect(pushesTo(user).at(-1)?.payload).toMatchObject({ dailyUsed: 4, dailyLimit: 5 })
    await userBudget(user).delete()
    expect(pushesTo(user)).toHaveLength(2)
    expect(pushesTo(user).at(-1)?.payload).toEqual(await budgetOf(user))
    expect(pushesTo(user).at(-1)?.payload).toMatchObject({ dailyLimit: 10 })
  })
})

describe('enforcement', () => {
  test('a lowered limit refuses the very next send; a raised one lets it through', async () => {
    const user = await t.createUser()
    await spend(user, 6, new Date('2026-03-15T08:00:00.000Z'))
    const chat = chatActions(t, user)
    await waitForOutcome(t, await chat.sendOk(await chat.createChat(), 'under the $10 of the environment'))
    await userBudget(user).put({ dailyLimit: 6 })
    const refused = await chat.send(await chat.createChat(), { content: 'over my own $6' })
    expect(refused.status).toBe(429)
    await org().put({ enforce: false })
    // The user's override has no say on enforcement: the organisation's `false` applies.
    await waitForOutcome(t, await chat.sendOk(await chat.createChat(), 'not enforced any more'))
    await userBudget(user).put({ enforce: true })
    expect((await chat.send(await chat.createChat(), { content: 'enforced for me' })).status).toBe(429)
  })
})

describe('days and months in the organisation’s time zone', () => {
  test('the daily spend resets at midnight in Paris, the monthly one on the 1st in Paris', async () => {
    const user = await t.createUser()
    // 23:30 on 15 March in Paris (+1).
    await spend(user, 2, new Date('2026-03-15T22:30:00.000Z'))
    t.ctx.now = () => new Date('2026-03-15T22:59:00.000Z')
    // In UTC (the environment's zone) both are still 15 March.
    expect(await budgetOf(user)).toMatchObject({ dailyUsed: 2, monthlyUsed: 2 })
    await org().put({ timeZone: 'Europe/Paris' })
    expect(await budgetOf(user)).toMatchObject({ dailyUsed: 2, monthlyUsed: 2 })
    // Midnight in Paris: a new day, the same month.
    t.ctx.now = () => new Date('2026-03-15T23:00:00.000Z')
    expect(await budgetOf(user)).toMatchObject({ dailyUsed: 0, monthlyUsed: 2 })
    // 1 April 00:00 in Paris is 22:00 UTC on 31 March (summer time, +2): a new month.
    t.ctx.now = () => new Date('2026-03-31T21:59:59.000Z')
    expect(await budgetOf(user)).toMatchObject({ dailyUsed: 0, monthlyUsed: 2 })
    t.ctx.now = () => new Date('2026-03-31T22:00:00.000Z')
    expect(await budgetOf(user)).toMatchObject({ dailyUsed: 0, monthlyUsed: 0 })
  })

  test('spend refused at the limit today is allowed after the organisation’s midnight', async () => {
    await org().put({ timeZone: 'America/Los_Angeles' })
    const user = await t.createUser()
    // 10 dollars at 20:00 on 14 March in Los Angeles (-7, summer time since 8 March).
    await spend(user, 10, new Date('2026-03-15T03:00:00.000Z'))
    const chat = chatActions(t, user)
    t.ctx.now = () => new Date('2026-03-15T06:59:00.000Z')
    expect((await chat.send(await chat.createChat(), { content: 'still the 14th' })).status).toBe(429)
    t.ctx.now = () => new Date('2026-03-15T07:00:00.000Z')
    await waitForOutcome(t, await chat.sendOk(await chat.createChat(), 'the 15th in Los Angeles'))
  })
})

describe('ORG_TIME_ZONE', () => {
  let la: TestApp
  beforeAll(async () => {
    la = await startApp({ ORG_TIME_ZONE: 'America/Los_Angeles', BUDGET_DAILY_LIMIT: '10' })
  }, 60_000)
  afterAll(() => la.close())

  test('sets the zone until an administrator chooses another', async () => {
    const user = await la.createUser()
    const boss = await la.createUser({ role: 'admin' })
    await la.ctx.db.insert(usageRecords).values({
      userId: user.id,
      modelId: 'fake-model',
      costMicros: 1_000_000,
      createdAt: new Date('2026-03-01T09:00:00.000Z'),
    })
    la.ctx.now = () => new Date('2026-03-02T06:00:00.000Z')
    // Spent at 01:00 on 1 March in Los Angeles (-8); it is 22:00 there now: spent today.
    expect((await la.as(user).api.tokens.budget.get()).data?.data).toMatchObject({
      dailyUsed: 1,
      monthlyUsed: 1,
    })
    expect((await la.as(boss).api.admin.budgets.get()).data?.data).toMatchObject({
      timeZone: 'America/Los_Angeles',
      sources: { timeZone: 'environment' },
    })
    await la.as(boss).api.admin.budgets.put({ timeZone: 'UTC' })
    // 06:00 on 2 March in UTC: nothing spent today.
    expect((await la.as(user).api.tokens.budget.get()).data?.data).toMatchObject({
      dailyUsed: 0,
      monthlyUsed: 1,
    })
  })
})
