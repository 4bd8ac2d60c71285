import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { and, count, countDistinct, eq, min, sql } from 'drizzle-orm'
import { chats, messages, usageRecords, users } from '../../db/schema'
import { cookieOf, sendJson } from '../test/auth'
import { startApp, type TestApp } from '../test/harness'
import { DEMO_CREDENTIALS, DEMO_FIGURES, DemoRefusal, seedDemo } from './seed'
import { DATABASE_URL_REFUSAL, startDemo } from './start'

/*
 * The throwaway demo (decision 115): the seed gives the spec's figures, its administrator signs in
 * with the credentials the sign-in card shows, it refuses a configured or non-empty database, and
 * only the demo serves the demo marker.
 */

const DAY_MS = 24 * 60 * 60 * 1000
let t: TestApp

beforeAll(async () => {
  t = await startApp()
  await seedDemo(t.ctx)
}, 60_000)
afterAll(() => t.close())

const demoAdmin = async () => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_CREDENTIALS.email))
  return row!
}

describe('the demo seed', () => {
  test('the demo administrator: role admin, joined 10 days ago, profile 7 days ago, 3 chats, 42 messages sent', async () => {
    const admin = await demoAdmin()
    const now = Date.now()
    expect(admin.role).toBe('admin')
    expect(admin.isBanned).toBe(false)
    expect(Math.round((now - admin.createdAt.getTime()) / DAY_MS)).toBe(DEMO_FIGURES.joinedDaysAgo)
    expect(Math.round((now - admin.updatedAt.getTime()) / DAY_MS)).toBe(DEMO_FIGURES.profileDaysAgo)
    const [chatCount] = await t.ctx.db.select({ n: count() }).from(chats).where(eq(chats.userId, admin.id))
    const [sent] = await t.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, admin.id), eq(messages.isUser, true)))
    const [stored] = await t.ctx.db.select({ n: count() }).from(messages).where(eq(messages.userId, admin.id))
    expect(chatCount!.n).toBe(DEMO_FIGURES.chats)
    // The profile's 'Messages Sent' (the spec's figure) counts the user's own; each has its answer.
    expect(sent!.n).toBe(DEMO_FIGURES.messages)
    expect(stored!.n).toBe(2 * DEMO_FIGURES.messages)
  })

  test('the conversations alternate user and assistant, and every answer has its usage and cost', async () => {
    const admin = await demoAdmin()
    const rows = await t.ctx.db
      .select({ chatId: messages.chatId, isUser: messages.isUser, id: messages.id })
      .from(messages)
      .where(eq(messages.userId, admin.id))
      .orderBy(messages.chatId, messages.createdAt)
    const byChat = Map.groupBy(rows, (row) => row.chatId)
    for (const list of byChat.values()) {
      expect(list.map((row) => row.isUser)).toEqual(list.map((_, index) => index % 2 === 0))
    }
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, admin.id))
    expect(usage).toHaveLength(42)
    expect(new Set(usage.map((record) => record.messageId))).toEqual(
      new Set(rows.filter((row) => !row.isUser).map((row) => row.id)),
    )
    expect(usage.every((record) => record.costMicros > 0 && record.completionTokens > 0)).toBe(true)
  })

  test('a team with usage over the last 90 days across several models, for the admin charts', async () => {
    const [team] = await t.ctx.db.select({ n: count() }).from(users)
    expect(team!.n).toBe(9)
    const [spread] = await t.ctx.db
      .select({
        users: countDistinct(usageRecords.userId),
        models: countDistinct(usageRecords.modelId),
        first: min(usageRecords.createdAt),
      })
      .from(usageRecords)
    expect(spread!.users).toBe(9)
    expect(spread!.models).toBeGreaterThanOrEqual(4)
    const days = (Date.now() - new Date(spread!.first!).getTime()) / DAY_MS
    expect(days).toBeGreaterThan(80)
    expect(days).toBeLessThanOrEqual(91)
    const [future] = await t.ctx.db
      .select({ n: count() })
      .from(usageRecords)
      .where(sql`${usageRecords.createdAt} > now()`)
    expect(future!.n).toBe(0)
    const [banned] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isBanned, true)))
    expect(banned!.n).toBe(1)
  })

  test('the demo administrator signs in with the shown credentials and sees the figures', async () => {
    const login = await sendJson(t, 'POST', '/api/auth/login', DEMO_CREDENTIALS)
    expect(login.status).toBe(200)
    const stats = await t.request('/api/profile/stats', { headers: { cookie: cookieOf(login) } })
    const body = await stats.json()
    expect(body.data).toMatchObject({ totalChats: 3, totalMessages: 42 })
    expect(Math.round((Date.now() - Date.parse(body.data.joinedDate)) / DAY_MS)).toBe(10)
    const chatList = await t.request('/api/chats', { headers: { cookie: cookieOf(login) } })
    expect(((await chatList.json()).data.chats as { title: string }[]).map((chat) => chat.title)).toEqual([
      'Explaining embeddings to sales',
      'SQL for monthly active users',
      'Planning the team offsite',
    ])
  })

  test('refuses a database that already has accounts', async () => {
    const again = seedDemo(t.ctx)
    await expect(again).rejects.toBeInstanceOf(DemoRefusal)
    await expect(again).rejects.toThrow('already has accounts')
    const [team] = await t.ctx.db.select({ n: count() }).from(users)
    expect(team!.n).toBe(9)
  })

  test('a normal instance serves no demo marker', async () => {
    const res = await t.request('/api/demo')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: null })
  })
})

describe('bun run demo (startDemo)', () => {
  test('refuses to run with a DATABASE_URL, before creating anything', async () => {
    await expect(
      startDemo({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/production', PORT: '0' } }),
    ).rejects.toThrow(DATABASE_URL_REFUSAL)
  })

  test('a throwaway embedded instance with the demo marker, the demo model, and its folder removed on stop', async () => {
    const demo = await startDemo({
      env: { PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent/parley', OPENAI_API_KEY: 'sk-real' },
    })
    try {
      expect(demo.ignored).toEqual(['DATA_DIR', 'OPENAI_API_KEY'])
      expect(demo.ctx.database.kind).toBe('pglite')
      expect(demo.dataDir).not.toBe('/nonexistent/parley')
      expect(demo.ctx.config.dataDir).toBe(demo.dataDir)
      const marker = await (await fetch(`${demo.url}/api/demo`)).json()
      expect(marker).toEqual({ success: true, data: DEMO_CREDENTIALS })
      const login = await fetch(`${demo.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: demo.url },
        body: JSON.stringify(marker.data),
      })
      expect(login.status).toBe(200)
      const models = await fetch(`${demo.url}/api/models`, { headers: { cookie: cookieOf(login) } })
      const ids = ((await models.json()).data as { id: string }[]).map((model) => model.id)
      expect(ids).toEqual(['demo'])
    } finally {
      await demo.stop()
    }
    expect(existsSync(demo.dataDir)).toBe(false)
  }, 60_000)
})
