import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, chats, models, toolRuns, usageRecords } from '../../../db/schema'
import { startApp, type TestApp, type TestUser } from '../../test/harness'
import { csvField, microsToDecimal, toCsv } from './csv'
import type { UsageJson } from './model'
import { windowDays } from './service'

const NOW = new Date('2026-03-15T12:00:00.000Z')
let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com', fullName: 'The Boss' })
  await t.ctx.db
    .insert(models)
    .values([
      { id: 'model-a', name: 'Model A', provider: 'openai', displayName: 'Alpha' },
      { id: 'model-b', name: 'Model B', provider: 'openai' },
    ])
    .onConflictDoNothing()
}, 60_000)
afterAll(() => t.close())
beforeEach(async () => {
  t.ctx.now = () => NOW
  await t.ctx.db.delete(usageRecords)
  await t.ctx.db.delete(toolRuns)
  expect((await t.as(admin).api.admin.budgets.put({ timeZone: null })).status).toBe(200)
})

interface Spend {
  micros: number
  at: Date | string
  model?: string
  prompt?: number
  completion?: number
}
async function spend(user: { id: string }, ...records: Spend[]) {
  await t.ctx.db.insert(usageRecords).values(
    records.map((record) => ({
      userId: user.id,
      modelId: record.model ?? 'model-a',
      promptTokens: record.prompt ?? 0,
      completionTokens: record.completion ?? 0,
      costMicros: record.micros,
      createdAt: new Date(record.at),
    })),
  )
}

const usage = async (days?: string, as: TestUser = admin) => {
  const res = await t.as(as).api.admin.usage.get({ query: days === undefined ? {} : { days } })
  return res
}
/**
 * The figures as JSON, read raw: Eden's client turns date-like strings ('2026-03-15') into Date
 * objects, and the days are calendar dates, not instants (the web client asks Eden not to).
 */
const figures = async (days = '30') => {
  const res = await t.request(`/api/admin/usage?days=${days}`, { headers: admin.headers })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: UsageJson }).data
}
const dayOf = (data: Awaited<ReturnType<typeof figures>>, date: string) =>
  data.daily.find((day) => day.date === date)!
const csv = (query: string, as: TestUser = admin) =>
  t.request(`/api/admin/usage.csv?${query}`, { headers: as.headers })
const setZone = async (timeZone: string) =>
  expect((await t.as(admin).api.admin.budgets.put({ timeZone })).status).toBe(200)

describe('who may', () => {
  test('without a session: 401; a user who is not an administrator: 403 (both routes)', async () => {
    const user = await t.createUser()
    expect((await t.api.api.admin.usage.get({ query: {} })).status).toBe(401)
    const refused = await usage('30', user)
    expect(refused.status).toBe(403)
    expect(refused.error?.value).toMatchObject({ success: false, code: 'forbidden:admin' })
    expect((await t.request('/api/admin/usage.csv?by=user')).status).toBe(401)
    const csvRefused = await csv('by=user', user)
    expect(csvRefused.status).toBe(403)
    expect(await csvRefused.json()).toMatchObject({ code: 'forbidden:admin' })
    // A non-admin's refusal comes before any value is looked at.
    expect((await usage('7', user)).status).toBe(403)
  })
})

describe('bad input', () => {
  test.each(['7', '0', '-30', '30.0', 'abc', '9999999999', ' 30'])(
    'days=%p → 400 bad_request:days',
    async (days) => {
      const res = await usage(days)
      expect(res.status).toBe(400)
      expect(res.error?.value).toMatchObject({
        success: false,
        code: 'bad_request:days',
        error: 'days must be 30 or 90',
      })
      expect((await csv(`days=${encodeURIComponent(days)}`)).status).toBe(400)
    },
  )
  test('by must be day, model, user, key or tools', async () => {
    const res = await csv('days=30&by=chat')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      code: 'bad_request:by',
      error: 'by must be day, model, user, key or tools',
    })
  })
  test('days left out: the last 30', async () => {
    expect((await figures('')).days).toBe(30)
    const res = await usage()
    expect(res.status).toBe(200)
    expect(res.data!.data.days).toBe(30)
    expect(res.data!.data.daily).toHaveLength(30)
  })
})

describe('figures', () => {
  test('no usage: every day present with zeros, oldest first, ending today', async () => {
    for (const days of ['30', '90'] as const) {
      const data = await figures(days)
      expect(data.daily).toHaveLength(Number(days))
      expect(data.to).toBe('2026-03-15')
      expect(data.daily.at(-1)!.date).toBe('2026-03-15')
      expect(data.from).toBe(days === '30' ? '2026-02-14' : '2025-12-16')
      expect(data.daily[0]!.date).toBe(data.from)
      for (const day of data.daily)
        expect(day).toMatchObject({ spendUsd: 0, promptTokens: 0, completionTokens: 0, messages: 0 })
      // Consecutive calendar days.
      for (let i = 1; i < data.daily.length; i += 1) {
        const step = Date.parse(data.daily[i]!.date) - Date.parse(data.daily[i - 1]!.date)
        expect(step).toBe(86_400_000)
      }
      expect(data.totals).toEqual({
        spendUsd: 0,
        promptTokens: 0,
        completionTokens: 0,
        messages: 0,
        activeUsers: 0,
      })
      expect(data.models).toEqual([])
      expect(data.topUsers).toEqual([])
      expect(data.timeZone).toBe('UTC')
    }
  })

  test('sums are exact (integer micro-dollars summed, dollars once at the end)', async () => {
    const user = await t.createUser()
    // 0.1 + 0.2 in floats is 0.30000000000000004; ten calls of $0.000001 are $0.00001.
    await spend(
      user,
      { micros: 100_000, at: '2026-03-15T01:00:00Z', prompt: 10, completion: 1 },
      { micros: 200_000, at: '2026-03-15T02:00:00Z', prompt: 20, completion: 2 },
      ...Array.from({ length: 10 }, () => ({
        micros: 1,
        at: '2026-03-14T09:00:00Z',
        prompt: 1,
        completion: 1,
      })),
    )
    const data = await figures()
    expect(dayOf(data, '2026-03-15')).toEqual({
      date: '2026-03-15',
      spendUsd: 0.3,
      promptTokens: 30,
      completionTokens: 3,
      messages: 2,
    })
    expect(dayOf(data, '2026-03-14')).toMatchObject({ spendUsd: 0.00001, promptTokens: 10, messages: 10 })
    expect(data.totals).toEqual({
      spendUsd: 0.30001,
      promptTokens: 40,
      completionTokens: 13,
      messages: 12,
      activeUsers: 1,
    })
  })

  test('the window: today and the 29 (89) days before it, in the organisation’s days', async () => {
    const user = await t.createUser()
    await spend(
      user,
      { micros: 1, at: '2026-02-13T23:59:59.999Z' }, // the day before the 30-day window
      { micros: 2, at: '2026-02-14T00:00:00.000Z' }, // its first instant
      { micros: 4, at: '2026-03-15T23:59:59.999Z' }, // today's last instant (later today)
      { micros: 8, at: '2026-03-16T00:00:00.000Z' }, // tomorrow: not yet
      { micros: 16, at: '2025-12-16T00:00:00.000Z' }, // the 90-day window's first day
      { micros: 32, at: '2025-12-15T23:59:59.000Z' }, // before it
    )
    expect((await figures('30')).totals.spendUsd).toBe(0.000006)
    expect((await figures('90')).totals.spendUsd).toBe(0.000023)
  })

  test('a record just before the organisation’s midnight falls on that day (Europe/Paris, moved clock)', async () => {
    const user = await t.createUser()
    await setZone('Europe/Paris')
    await spend(
      user,
      { micros: 1_000, at: '2026-03-14T22:59:59.000Z' }, // 23:59:59 on the 14th in Paris (UTC+1)
      { micros: 2_000, at: '2026-03-14T23:00:00.000Z' }, // 00:00 on the 15th in Paris
    )
    let data = await figures()
    expect(data.timeZone).toBe('Europe/Paris')
    expect(dayOf(data, '2026-03-14').spendUsd).toBe(0.001)
    expect(dayOf(data, '2026-03-15').spendUsd).toBe(0.002)
    // In UTC both are on the 14th.
    await setZone('UTC')
    data = await figures()
    expect(dayOf(data, '2026-03-14').spendUsd).toBe(0.003)
    expect(dayOf(data, '2026-03-15').spendUsd).toBe(0)

    // 23:30 UTC on the 15th is already the 16th in Paris: the window moves on with it.
    await setZone('Europe/Paris')
    t.ctx.now = () => new Date('2026-03-15T23:30:00.000Z')
    await spend(user, { micros: 4_000, at: '2026-03-15T23:10:00.000Z' })
    data = await figures()
    expect(data.to).toBe('2026-03-16')
    expect(data.from).toBe('2026-02-15')
    expect(dayOf(data, '2026-03-16').spendUsd).toBe(0.004)
    expect(data.totals.spendUsd).toBe(0.007)
  })

  test('days across a DST change have their real length (Los Angeles, 8 March 2026)', async () => {
    const user = await t.createUser()
    await setZone('America/Los_Angeles')
    await spend(
      user,
      { micros: 1, at: '2026-03-08T07:59:59.000Z' }, // 23:59:59 PST on the 7th
      { micros: 2, at: '2026-03-08T08:00:00.000Z' }, // midnight PST, the 8th
      { micros: 4, at: '2026-03-09T06:59:59.000Z' }, // 23:59:59 PDT on the 8th (a 23-hour day)
      { micros: 8, at: '2026-03-09T07:00:00.000Z' }, // midnight PDT, the 9th
    )
    const data = await figures()
    expect(dayOf(data, '2026-03-07').spendUsd).toBe(0.000001)
    expect(dayOf(data, '2026-03-08').spendUsd).toBe(0.000006)
    expect(dayOf(data, '2026-03-09').spendUsd).toBe(0.000008)
  })

  test('split by model: totals and a full daily series per model, highest spend first, with its name', async () => {
    const user = await t.createUser()
    await spend(
      user,
      { micros: 10, at: '2026-03-13T10:00:00Z', model: 'model-b', prompt: 5, completion: 5 },
      { micros: 30, at: '2026-03-14T10:00:00Z', model: 'model-a', prompt: 1, completion: 2 },
      { micros: 20, at: '2026-03-15T10:00:00Z', model: 'model-b', prompt: 3, completion: 4 },
      { micros: 7, at: '2026-03-15T11:00:00Z', model: 'gone-model', prompt: 1, completion: 1 },
    )
    const data = await figures()
    // model-a and model-b spent the same: the one with more tokens first.
    expect(data.models.map((model) => [model.modelId, model.name, model.spendUsd, model.messages])).toEqual([
      ['model-b', 'Model B', 0.00003, 2],
      ['model-a', 'Alpha', 0.00003, 1],
      ['gone-model', 'gone-model', 0.000007, 1],
    ])
    const b = data.models[0]!
    expect(b.daily).toHaveLength(30)
    expect(b.daily.at(-1)).toEqual({ spendUsd: 0.00002, promptTokens: 3, completionTokens: 4, messages: 1 })
    expect(b.daily.at(-3)).toEqual({ spendUsd: 0.00001, promptTokens: 5, completionTokens: 5, messages: 1 })
    expect(b.daily.at(-2)!.spendUsd).toBe(0)
    expect(b).toMatchObject({ promptTokens: 8, completionTokens: 9 })
    // The models add up to the day.
    expect(dayOf(data, '2026-03-15').spendUsd).toBe(0.000027)
  })

  test('Parley’s own models carry a name code for the reader’s language, until an administrator renames them', async () => {
    const user = await t.createUser()
    await t.ctx.db
      .insert(models)
      .values([
        { id: 'workflow', name: 'Workflow agents', provider: 'workflow' },
        { id: 'demo', name: 'Demo (no AI provider configured)', provider: 'demo' },
      ])
      .onConflictDoNothing()
    await spend(
      user,
      { micros: 3, at: '2026-03-15T10:00:00Z', model: 'workflow' },
      { micros: 2, at: '2026-03-15T10:00:00Z', model: 'demo' },
      { micros: 1, at: '2026-03-15T10:00:00Z', model: 'model-b' },
    )
    const codes = async () =>
      Object.fromEntries((await figures()).models.map((model) => [model.modelId, model.nameCode ?? null]))
    expect(await codes()).toEqual({ workflow: 'workflow', demo: 'demo', 'model-b': null })
    await t.ctx.db.update(models).set({ displayName: 'Our n8n' }).where(eq(models.id, 'workflow'))
    try {
      const renamed = (await figures()).models.find((model) => model.modelId === 'workflow')!
      expect(renamed.name).toBe('Our n8n')
      expect(renamed).not.toHaveProperty('nameCode')
    } finally {
      await t.ctx.db.update(models).set({ displayName: null }).where(eq(models.id, 'workflow'))
    }
  })

  test('top users: at most ten, highest spend first, then most tokens; with name, e-mail and counts', async () => {
    const people: TestUser[] = []
    for (let i = 0; i < 12; i += 1)
      people.push(await t.createUser({ email: `p${i}@example.com`, fullName: `Person ${i}` }))
    for (const [i, person] of people.entries()) {
      await spend(
        person,
        { micros: (i + 1) * 1_000, at: '2026-03-10T10:00:00Z', prompt: i, completion: 1 },
        { micros: 500, at: '2026-03-11T10:00:00Z' },
      )
    }
    // A tie with person 3 on spend, but more tokens.
    const tied = await t.createUser({ email: 'tied@example.com', fullName: 'Tied' })
    await spend(tied, { micros: 4_500, at: '2026-03-12T10:00:00Z', prompt: 100 })
    const data = await figures()
    expect(data.topUsers).toHaveLength(10)
    expect(data.topUsers.map((row) => row.email)).toEqual([
      'p11@example.com',
      'p10@example.com',
      'p9@example.com',
      'p8@example.com',
      'p7@example.com',
      'p6@example.com',
      'p5@example.com',
      'p4@example.com',
      'tied@example.com',
      'p3@example.com',
    ])
    expect(data.topUsers[0]).toEqual({
      userId: people[11]!.id,
      email: 'p11@example.com',
      fullName: 'Person 11',
      spendUsd: 0.0125,
      promptTokens: 11,
      completionTokens: 1,
      messages: 2,
    })
    expect(data.totals.activeUsers).toBe(13)
  })

  test('a deleted user’s usage goes with the account (usage_records cascade)', async () => {
    const user = await t.createUser({ email: 'leaving@example.com' })
    const stays = await t.createUser()
    await spend(user, { micros: 5_000, at: '2026-03-15T10:00:00Z' })
    await spend(stays, { micros: 1_000, at: '2026-03-15T10:00:00Z' })
    expect((await figures()).totals.spendUsd).toBe(0.006)
    expect((await t.as(admin).api.admin.users({ id: user.id }).delete()).status).toBe(200)
    const data = await figures()
    expect(data.totals).toMatchObject({ spendUsd: 0.001, activeUsers: 1 })
    expect(data.topUsers.map((row) => row.userId)).toEqual([stays.id])
  })
})

interface Run {
  tool: string
  at: string
  status?: 'done' | 'failed' | 'denied'
  ms?: number
  server?: string
  name?: string
  chatId?: string
  actingAdminId?: string
}
async function toolCalls(user: { id: string }, ...runs: Run[]) {
  await t.ctx.db.insert(toolRuns).values(
    runs.map((run) => ({
      userId: user.id,
      actingAdminId: run.actingAdminId ?? null,
      chatId: run.chatId ?? null,
      tool: run.tool,
      serverName: run.server ?? null,
      name: run.name ?? run.tool.replace('-', '_'),
      status: run.status ?? 'done',
      durationMs: run.ms ?? 100,
      createdAt: new Date(run.at),
    })),
  )
}

describe('tool calls (issue 30 point 9)', () => {
  const MCP = 'mcp:6a1f0c2e-7b1d-4c51-9a0e-2f3c4d5e6f70'
  const OTHER_MCP = 'mcp:0b2c4d6e-8f01-4a23-b456-789abcdef012'

  test('no calls: empty lists', async () => {
    const data = await figures()
    expect(data.tools).toEqual([])
    expect(data.recentToolCalls).toEqual([])
  })

  test('counted per tool and per MCP server: calls, failed, denied, mean duration; most called first', async () => {
    const user = await t.createUser()
    await toolCalls(
      user,
      { tool: 'web-search', at: '2026-03-15T10:00:00Z', ms: 100 },
      { tool: 'web-search', at: '2026-03-14T10:00:00Z', ms: 201, status: 'failed' },
      { tool: 'web-search', at: '2026-03-13T10:00:00Z', ms: 300 },
      {
        tool: MCP,
        server: 'Tickets',
        name: 'create_ticket',
        at: '2026-03-14T09:00:00Z',
        status: 'denied',
        ms: 0,
      },
      // Renamed since: the row shows the name of its latest call.
      { tool: MCP, server: 'Jira', name: 'search', at: '2026-03-15T09:00:00Z', ms: 50 },
      { tool: OTHER_MCP, server: 'Docs', name: 'read', at: '2026-03-15T08:00:00Z', ms: 10 },
      { tool: 'image-generation', at: '2026-03-12T08:00:00Z', ms: 4000, status: 'failed' },
    )
    const data = await figures()
    expect(data.tools).toEqual([
      { tool: 'web-search', server: null, calls: 3, failed: 1, denied: 0, avgMs: 200 },
      { tool: MCP, server: 'Jira', calls: 2, failed: 0, denied: 1, avgMs: 25 },
      // A tie on calls: by tool id.
      { tool: 'image-generation', server: null, calls: 1, failed: 1, denied: 0, avgMs: 4000 },
      { tool: OTHER_MCP, server: 'Docs', calls: 1, failed: 0, denied: 0, avgMs: 10 },
    ])
    // Tool calls are not model calls: the spend figures do not move.
    expect(data.totals.messages).toBe(0)
  })

  test('the window is respected (30 or 90 of the organisation’s days)', async () => {
    const user = await t.createUser()
    await toolCalls(
      user,
      { tool: 'web-search', at: '2026-02-13T23:59:59.999Z' }, // the day before the 30-day window
      { tool: 'web-search', at: '2026-02-14T00:00:00.000Z' }, // its first instant
      { tool: 'file-search', at: '2026-03-16T00:00:00.000Z' }, // tomorrow
      { tool: 'file-search', at: '2025-12-15T23:59:59.000Z' }, // before the 90-day window
    )
    const thirty = await figures('30')
    expect(thirty.tools).toEqual([
      { tool: 'web-search', server: null, calls: 1, failed: 0, denied: 0, avgMs: 100 },
    ])
    expect(thirty.recentToolCalls.map((call) => call.at)).toEqual(['2026-02-14T00:00:00.000Z'])
    const ninety = await figures('90')
    expect(ninety.tools).toEqual([
      { tool: 'web-search', server: null, calls: 2, failed: 0, denied: 0, avgMs: 100 },
    ])
  })

  test('the latest 20 calls, newest first: who, support access, chat, tool, server, status, duration', async () => {
    const user = await t.createUser({ email: 'tina@example.com', fullName: 'Tina Tools' })
    const support = await t.createUser({ role: 'admin', email: 'help@example.com', fullName: 'Help Desk' })
    const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id, title: 'Trip' }).returning()
    await toolCalls(
      user,
      ...Array.from({ length: 21 }, (_, i) => ({
        tool: 'web-search',
        at: new Date(Date.parse('2026-03-10T00:00:00Z') + i * 60_000).toISOString(),
      })),
      {
        tool: MCP,
        server: 'Jira',
        name: 'create_ticket',
        at: '2026-03-15T11:00:00Z',
        status: 'failed',
        ms: 1234,
        chatId: chat!.id,
        actingAdminId: support.id,
      },
    )
    const data = await figures()
    expect(data.recentToolCalls).toHaveLength(20)
    expect(data.recentToolCalls[0]).toEqual({
      id: expect.any(String),
      at: '2026-03-15T11:00:00.000Z',
      user: { id: user.id, name: 'Tina Tools', email: 'tina@example.com' },
      actingAdmin: 'Help Desk',
      chatId: chat!.id,
      tool: MCP,
      server: 'Jira',
      name: 'create_ticket',
      status: 'failed',
      durationMs: 1234,
    })
    expect(data.recentToolCalls[1]).toMatchObject({
      at: '2026-03-10T00:20:00.000Z',
      actingAdmin: null,
      chatId: null,
      server: null,
      name: 'web_search',
    })
    // The oldest of the 21 is left out; never an argument in sight.
    expect(data.recentToolCalls.at(-1)!.at).toBe('2026-03-10T00:02:00.000Z')
    expect(JSON.stringify(data.recentToolCalls)).not.toContain('arguments')
  })

  test('a user who is not an administrator gets 403, not the figures', async () => {
    const user = await t.createUser()
    await toolCalls(user, { tool: 'web-search', at: '2026-03-15T10:00:00Z' })
    const res = await usage('30', user)
    expect(res.status).toBe(403)
    expect(JSON.stringify(res.error?.value)).not.toContain('web-search')
    expect((await csv('by=tools', user)).status).toBe(403)
  })

  test('CSV by tools: one row per tool and server', async () => {
    const user = await t.createUser()
    await toolCalls(
      user,
      { tool: 'web-search', at: '2026-03-15T10:00:00Z', ms: 10 },
      { tool: MCP, server: '=Evil, Inc', at: '2026-03-15T10:00:00Z', status: 'denied', ms: 0 },
      { tool: MCP, server: '=Evil, Inc', at: '2026-03-15T10:00:01Z', ms: 4 },
    )
    const res = await csv('by=tools')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('parley-usage-by-tools-30d-2026-03-15.csv')
    expect((await res.text()).slice(1).trimEnd().split('\r\n')).toEqual([
      'tool,server,calls,failed,denied,avg_ms',
      `${MCP},"'=Evil, Inc",2,0,1,2`,
      'web-search,,1,0,0,10',
    ])
  })
})

describe('CSV', () => {
  test('by day: every day, exact dollars, a header row; an attachment named by kind, window and date', async () => {
    const user = await t.createUser()
    await spend(user, { micros: 1_234_500, at: '2026-03-15T10:00:00Z', prompt: 7, completion: 3 })
    const res = await csv('days=30&by=day')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="parley-usage-by-day-30d-2026-03-15.csv"',
    )
    const text = await res.text()
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).split('\r\n')
    expect(lines).toHaveLength(32) // header, 30 days, and the empty string after the last CRLF
    expect(lines[0]).toBe('date,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages')
    expect(lines[1]).toBe('2026-02-14,0.00,0,0,0,0')
    expect(lines[30]).toBe('2026-03-15,1.2345,7,3,10,1')
    expect(lines[31]).toBe('')
  })

  test('by model: each day × each model with usage', async () => {
    const user = await t.createUser()
    await spend(
      user,
      { micros: 10, at: '2026-03-15T10:00:00Z', model: 'model-a' },
      { micros: 20, at: '2026-03-14T10:00:00Z', model: 'model-b' },
    )
    const res = await csv('days=90&by=model')
    expect(res.headers.get('content-disposition')).toContain('parley-usage-by-model-90d-2026-03-15.csv')
    const lines = (await res.text()).slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'date,model_id,model_name,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages',
    )
    expect(lines).toHaveLength(1 + 90 * 2)
    expect(lines.slice(-4)).toEqual([
      '2026-03-14,model-b,Model B,0.00002,0,0,0,1',
      '2026-03-14,model-a,Alpha,0.00,0,0,0,0',
      '2026-03-15,model-b,Model B,0.00,0,0,0,0',
      '2026-03-15,model-a,Alpha,0.00001,0,0,0,1',
    ])
  })

  test('by user: every user with usage, names quoted and formulas defused; the download is audited', async () => {
    const evil = await t.createUser({ email: 'evil@example.com', fullName: '=HYPERLINK("http://x","Click")' })
    const comma = await t.createUser({ email: 'c@example.com', fullName: 'Doe, "Jo"' })
    const plus = await t.createUser({ email: 'plus@example.com', fullName: '+1 Müller' })
    await spend(evil, { micros: 3_000_000, at: '2026-03-15T10:00:00Z', prompt: 1, completion: 2 })
    await spend(comma, { micros: 2_000_000, at: '2026-03-15T10:00:00Z' })
    await spend(plus, { micros: 1_000_000, at: '2026-03-15T10:00:00Z' })
    const res = await csv('by=user')
    expect(res.headers.get('content-disposition')).toContain('parley-usage-by-user-30d-2026-03-15.csv')
    const lines = (await res.text()).slice(1).trimEnd().split('\r\n')
    expect(lines).toEqual([
      'user_id,name,email,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages',
      `${evil.id},"'=HYPERLINK(""http://x"",""Click"")",evil@example.com,3.00,1,2,3,1`,
      `${comma.id},"Doe, ""Jo""",c@example.com,2.00,0,0,0,1`,
      `${plus.id},'+1 Müller,plus@example.com,1.00,0,0,0,1`,
    ])
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'usage.export'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: 'boss@example.com',
      targetType: 'usage',
      targetId: null,
      details: { by: 'user', days: 30, rows: 3 },
    })
  })

  test('the JSON figures are not audited (reading is not an action)', async () => {
    const before = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'usage.export'))
    await figures()
    const after = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'usage.export'))
    expect(after.length).toBe(before.length)
  })
})

describe('helpers', () => {
  test('csvField: RFC 4180 quoting and formula defusing', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField(12)).toBe('12')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(' padded')).toBe('" padded"')
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${lead}1+1`).startsWith(`'`) || csvField(`${lead}1+1`).startsWith(`"'`)).toBe(true)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n')
  })
  test('microsToDecimal: exact, at least two decimals', () => {
    expect(microsToDecimal(0)).toBe('0.00')
    expect(microsToDecimal(1)).toBe('0.000001')
    expect(microsToDecimal(1_000_000)).toBe('1.00')
    expect(microsToDecimal(1_230_000)).toBe('1.23')
    expect(microsToDecimal(1_234_500)).toBe('1.2345')
    expect(microsToDecimal(123_456_789_012)).toBe('123456.789012')
  })
  test('windowDays: N local dates and N + 1 bounds, across a month and a year', () => {
    const { dates, bounds } = windowDays(new Date('2026-01-02T10:00:00Z'), 'UTC', 30)
    expect(dates[0]).toBe('2025-12-04')
    expect(dates.at(-1)).toBe('2026-01-02')
    expect(bounds).toHaveLength(31)
    expect(bounds.at(-1)!.toISOString()).toBe('2026-01-03T00:00:00.000Z')
    const kolkata = windowDays(new Date('2026-01-02T20:00:00Z'), 'Asia/Kolkata', 30)
    expect(kolkata.dates.at(-1)).toBe('2026-01-03')
    expect(kolkata.bounds[0]!.toISOString()).toBe('2025-12-04T18:30:00.000Z')
  })
})
