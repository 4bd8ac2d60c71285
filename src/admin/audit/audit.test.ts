import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { countQueries } from '../../../db/query-counter'
import { auditLog } from '../../../db/schema'
import { startApp, type TestApp, type TestUser } from '../../test/harness'

/*
 * The audit trail API: admins only, newest first, filterable, keyset-paged; no route changes or
 * deletes an entry and the table itself refuses it (decision 110: kept forever, append-only).
 */

let t: TestApp
let admin: TestUser
let other: TestUser
let plain: TestUser
type Entry = { id: string; action: string; targetId: string | null; actorId: string; createdAt: Date }

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin', email: 'auditor@example.com' })
  other = await t.createUser({ role: 'admin', email: 'other.admin@example.com' })
  plain = await t.createUser()
  // A few real actions, by two admins.
  const a = t.as(admin).api.admin
  const b = t.as(other).api.admin
  expect((await a.users({ id: plain.id }).patch({ role: 'admin' })).status).toBe(200)
  expect((await b.users({ id: plain.id }).patch({ role: 'user' })).status).toBe(200)
  expect((await a.users({ id: plain.id }).patch({ isBanned: true })).status).toBe(200)
  expect((await b.users({ id: plain.id }).patch({ isBanned: false })).status).toBe(200)
  expect((await a.users({ id: plain.id })['password-reset'].post()).status).toBe(200)
  expect((await a.users({ id: plain.id }).sessions.delete()).status).toBe(200)
  const created = await a.users.post({ email: 'made@example.com', fullName: 'Made', role: 'user' })
  expect((await b.users({ id: created.data!.data.id }).delete()).status).toBe(200)
}, 60_000)
afterAll(() => t.close())

const list = async (query: Record<string, string> = {}, user: TestUser = admin) => {
  const res = await t.request(`/api/admin/audit?${new URLSearchParams(query)}`, { headers: user.headers })
  return {
    status: res.status,
    body: (await res.json()) as { data: { items: Entry[]; nextCursor: string | null }; code?: string },
  }
}

describe('GET /api/admin/audit', () => {
  test('signed out: 401; a user: 403', async () => {
    expect((await t.api.api.admin.audit.get({ query: {} })).status).toBe(401)
    const refused = await list({}, plain)
    expect(refused.status).toBe(401) // plain's sessions were ended by the admin above
    const user = await t.createUser()
    expect((await list({}, user)).status).toBe(403)
  })

  test('every action is there, newest first, with the documented fields', async () => {
    const { status, body } = await list()
    expect(status).toBe(200)
    expect(body.data.items.map((entry) => entry.action)).toEqual([
      'user.delete',
      'user.create',
      'user.sessions_end',
      'user.password_reset',
      'user.unban',
      'user.ban',
      'user.role',
      'user.role',
    ])
    expect(Object.keys(body.data.items[0]!).sort()).toEqual(
      [
        'id',
        'createdAt',
        'actorId',
        'actorEmail',
        'actingAsId',
        'action',
        'targetType',
        'targetId',
        'details',
        'ip',
        // In words (decision 145): names for the ids, a support-access write's operation and subject.
        'actorName',
        'actingAs',
        'targetUser',
        'operation',
        'subject',
      ].sort(),
    )
    expect(body.data.items.at(-1)).toMatchObject({
      actorId: admin.id,
      actorEmail: 'auditor@example.com',
      actingAsId: null,
      targetType: 'user',
      targetId: plain.id,
      details: { from: 'user', to: 'admin' },
    })
    expect(body.data.nextCursor).toBeNull()
  })

  test('filters by actor, target, action and time', async () => {
    const byOther = await list({ actor: other.id })
    expect(byOther.body.data.items.map((entry) => entry.action)).toEqual([
      'user.delete',
      'user.unban',
      'user.role',
    ])
    const onPlain = await list({ target: plain.id })
    expect(onPlain.body.data.items).toHaveLength(6)
    const bans = await list({ action: 'user.ban' })
    expect(bans.body.data.items.map((entry) => entry.targetId)).toEqual([plain.id])
    const all = (await list()).body.data.items
    const middle = new Date(all[3]!.createdAt)
    const since = await list({ from: middle.toISOString() })
    expect(since.body.data.items.every((entry) => new Date(entry.createdAt) >= middle)).toBe(true)
    const before = await list({ to: middle.toISOString() })
    expect(before.body.data.items.every((entry) => new Date(entry.createdAt) < middle)).toBe(true)
    expect(since.body.data.items.length + before.body.data.items.length).toBe(all.length)
    expect((await list({ from: '2999-01-01' })).body.data.items).toEqual([])
  })

  test("filters by the actor's and the target's e-mail or name, deleted accounts included", async () => {
    const actions = async (query: Record<string, string>) => {
      const res = await list(query)
      expect(res.status).toBe(200)
      return res.body.data.items.map((entry) => entry.action)
    }
    // The actor's e-mail as the entry recorded it, whole or in part, in any letter case.
    expect(await actions({ actorEmail: 'OTHER.ADMIN@example.com' })).toEqual([
      'user.delete',
      'user.unban',
      'user.role',
    ])
    expect(await actions({ actorEmail: 'other.adm' })).toEqual(await actions({ actor: other.id }))
    // The target's e-mail: an existing account (six entries on plain) ...
    expect(await actions({ targetEmail: plain.email })).toHaveLength(6)
    // A target named by its id in the same field matches as written (models are targets too).
    expect(await actions({ targetEmail: plain.id })).toHaveLength(6)
    // ... or one deleted since, found through the e-mail and name its entries recorded.
    expect(await actions({ targetEmail: 'made@example.com' })).toEqual(['user.delete', 'user.create'])
    expect(await actions({ targetEmail: 'Made' })).toEqual(['user.delete', 'user.create'])
    // By name of an existing account.
    const named = await t.createUser({ fullName: 'Grace Hopper' })
    await t.as(admin).api.admin.users({ id: named.id }).sessions.delete()
    expect(await actions({ targetEmail: 'grace hop' })).toEqual(['user.sessions_end'])
    // Combined with the other filters, the id filters included.
    expect(await actions({ actorEmail: 'auditor', targetEmail: plain.email, action: 'user.ban' })).toEqual([
      'user.ban',
    ])
    expect(await actions({ actor: admin.id, actorEmail: 'other.admin' })).toEqual([])
    // No one by that e-mail: nothing, not everything; LIKE's wildcards are literal.
    expect(await actions({ targetEmail: 'nobody@example.com' })).toEqual([])
    expect(await actions({ actorEmail: '%' })).toEqual([])
    expect(await actions({ targetEmail: '_' })).toEqual([])
    // Blank means no filter.
    expect(await actions({ actorEmail: '  ' })).toEqual(await actions({}))
    const long = await list({ targetEmail: 'x'.repeat(201) })
    expect(long.status).toBe(400)
  })

  test('keyset pages walk every entry once, even within one millisecond', async () => {
    // Entries sharing a millisecond (microseconds apart), as a busy instance writes them.
    await t.ctx.db.execute(sql`insert into audit_log (created_at, actor_id, actor_email, action, target_type)
      select timestamptz '2020-01-01 00:00:00.000100' + (n || ' microseconds')::interval, ${admin.id}, 'x', 'test.tick', 'none'
      from generate_series(1, 7) n`)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page = await list({ action: 'test.tick', limit: '2', ...(cursor ? { cursor } : {}) })
      expect(page.status).toBe(200)
      seen.push(...page.body.data.items.map((entry) => entry.id))
      cursor = page.body.data.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)
  })

  test('wrong parameters answer 400 with a code naming the parameter', async () => {
    for (const [query, code] of [
      [{ actor: 'someone' }, 'bad_request:actor'],
      [{ from: 'yesterday' }, 'bad_request:from'],
      [{ to: '2026-13-45' }, 'bad_request:to'],
      [{ limit: '1000' }, 'bad_request:limit'],
      [{ cursor: 'nope' }, 'bad_request:cursor'],
    ] as const) {
      const res = await list(query)
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code })
    }
  })
})

describe('entries in words', () => {
  test('people are named, not ids: who acted, whom they acted as, the user acted on (a deleted one as recorded)', async () => {
    const rita = await t.createUser({ role: 'admin', email: 'rita@example.com', fullName: 'Rita Root' })
    const alice = await t.createUser({ email: 'alice@example.com', fullName: 'Alice Example' })
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...rita.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: alice.id,
        reasonCode: 'customer_request',
        caseNumber: 'CASE-7',
        durationMinutes: 60,
      }),
    })
    expect(started.status).toBe(201)
    const support = {
      authorization: `Bearer ${((await started.json()) as { data: { token: string } }).data.token}`,
      'content-type': 'application/json',
    }
    const created = await t.request('/api/chats', {
      method: 'POST',
      headers: support,
      body: JSON.stringify({ title: 'Trip' }),
    })
    expect(created.status).toBe(201)
    const chatId = ((await created.json()) as { data: { id: string } }).data.id
    const renamed = await t.request(`/api/chats/${chatId}`, {
      method: 'PATCH',
      headers: support,
      body: JSON.stringify({ title: 'Trip to Rome' }),
    })
    expect(renamed.status).toBe(200)
    expect((await t.request(`/api/chats/${chatId}`, { method: 'DELETE', headers: support })).status).toBe(200)

    const items = (await list({ actor: rita.id }, rita)).body.data.items as unknown as Record<
      string,
      unknown
    >[]
    const acting = { id: alice.id, name: 'Alice Example', email: 'alice@example.com' }
    expect(
      items.map(({ action, actorName, actingAs, operation, subject }) => ({
        action,
        actorName,
        actingAs,
        operation,
        subject,
      })),
    ).toEqual([
      {
        action: 'impersonation.write',
        actorName: 'Rita Root',
        actingAs: acting,
        operation: 'chat.delete',
        subject: { kind: 'chat', id: chatId },
      },
      {
        action: 'impersonation.write',
        actorName: 'Rita Root',
        actingAs: acting,
        operation: 'chat.update',
        subject: { kind: 'chat', id: chatId },
      },
      {
        action: 'impersonation.write',
        actorName: 'Rita Root',
        actingAs: acting,
        operation: 'chat.create',
        subject: { kind: 'chat', id: null },
      },
      {
        action: 'impersonation.start',
        actorName: 'Rita Root',
        actingAs: null,
        operation: null,
        subject: null,
      },
    ])
    expect(items.at(-1)!.targetUser).toEqual({ name: 'Alice Example', email: 'alice@example.com' })

    // A deleted account is named as its entries recorded it.
    const made = (await list({ targetEmail: 'made@example.com' })).body.data.items as unknown as Record<
      string,
      unknown
    >[]
    expect(made.map((entry) => [entry.action, entry.targetUser])).toEqual([
      ['user.delete', { name: 'Made', email: 'made@example.com' }],
      ['user.create', { name: null, email: 'made@example.com' }],
    ])
  })

  test.if(!process.env.TEST_DATABASE_URL && process.env.TEST_EMBEDDED_DATABASE !== 'process')(
    'names cost one query per page, however many people the page names',
    async () => {
      const counter = countQueries(t.database.pglite!)
      counter.take()
      await list({ limit: '1' })
      const one = counter.take().queries
      const all = await list({ limit: '100' })
      const many = counter.take()
      expect(new Set(all.body.data.items.map((entry) => entry.actorId)).size).toBeGreaterThan(2)
      expect(many.queries).toBe(one)
    },
  )
})

describe('the trail is append-only', () => {
  test('no route changes or deletes an entry', () => {
    const auditRoutes = t.app.routes.filter((route) => route.path.startsWith('/api/admin/audit'))
    expect(auditRoutes.map((route) => route.method)).toEqual(['GET'])
  })

  test('the database refuses updates and deletes', async () => {
    const [entry] = await t.ctx.db.select().from(auditLog).limit(1)
    const refused = () => 'refused' as const
    const ok = () => 'done' as const
    expect(
      await t.ctx.db
        .update(auditLog)
        .set({ action: 'forged' })
        .where(eq(auditLog.id, entry!.id))
        .then(ok, refused),
    ).toBe('refused')
    expect(await t.ctx.db.delete(auditLog).where(eq(auditLog.id, entry!.id)).then(ok, refused)).toBe(
      'refused',
    )
    const [still] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))
    expect(still?.action).toBe(entry!.action)
  })
})
