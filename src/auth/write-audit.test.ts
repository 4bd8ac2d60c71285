import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq, sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { auditLog, chats } from '../../db/schema'
import { chatsFor } from '../chats/chats-data'
import { httpBase } from '../http/base'
import { AppError } from '../http/errors'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { authGuard } from './guard'

/*
 * Issue 26, point 19 (docs/decisions/141-request-order.md): the audit entry of a write made
 * while impersonating is committed with the write. A handler killed after its write keeps the
 * entry; a write whose entry cannot be stored is undone; a write that fails or changes nothing
 * leaves none.
 */

let t: TestApp
let alice: TestUser
let support: TestUser
let impersonationId: string

beforeAll(async () => {
  t = await startApp()
  const admin = await t.createUser({ email: 'audit-admin@example.com', role: 'admin' })
  alice = await t.createUser({ email: 'audit-alice@example.com' })
  const started = await t.request('/api/admin/impersonations', {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      targetUserId: alice.id,
      reasonCode: 'bug_investigation',
      caseNumber: 'AUDIT-19',
      durationMinutes: 240,
    }),
  })
  const data = ((await started.json()) as { data: { token: string; impersonation: { id: string } } }).data
  impersonationId = data.impersonation.id
  support = { ...alice, token: data.token, headers: { authorization: `Bearer ${data.token}` } }
})
afterAll(() => t.close())

/** This access's write entries for `route` (`METHOD /path`). */
async function entriesFor(route: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'impersonation.write'),
        eq(auditLog.targetId, route),
        sql`${auditLog.details}->>'impersonationId' = ${impersonationId}`,
      ),
    )
}

async function chatsTitled(title: string) {
  return t.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.userId, alice.id), eq(chats.title, title)))
}

const post = (path: string, body: unknown, headers = support.headers) =>
  t.request(path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('support-access writes on the real routes', () => {
  afterEach(async () => {
    await t.database.exec('DROP TRIGGER IF EXISTS audit_down ON audit_log')
  })

  test('a handler that crashes after its write keeps the write’s audit entry', async () => {
    const realtime = t.ctx.realtime as { toUser: (...args: unknown[]) => void }
    const toUser = realtime.toUser
    // Creating a chat stores it, then tells the user's tabs: that second step dies here.
    realtime.toUser = () => {
      throw new Error('the process died here')
    }
    try {
      const res = await post('/api/chats', { title: 'Created, then crashed' })
      expect(res.status).toBe(500)
    } finally {
      realtime.toUser = toUser
    }
    expect(await chatsTitled('Created, then crashed')).toHaveLength(1)
    const entries = await entriesFor('POST /api/chats')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actingAsId: alice.id, details: { path: '/api/chats' } })
  })

  test('a write whose audit entry cannot be stored is undone', async () => {
    await t.database.exec(`
      CREATE OR REPLACE FUNCTION audit_down() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'the audit trail is unavailable'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER audit_down BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_down();
    `)
    const before = (await entriesFor('POST /api/chats')).length
    const res = await post('/api/chats', { title: 'Never without its entry' })
    expect(res.status).toBe(500)
    expect(await chatsTitled('Never without its entry')).toHaveLength(0)
    // The person's own writes are not audited, so they go on as usual.
    const own = await post('/api/chats', { title: 'Alice herself' }, alice.headers)
    expect(own.status).toBe(201)
    await t.database.exec('DROP TRIGGER audit_down ON audit_log')
    expect((await entriesFor('POST /api/chats')).length).toBe(before)
  })

  test('a successful write has exactly one entry; one that finds nothing (404) has none', async () => {
    const made = await post('/api/chats', { title: 'Audited once' })
    expect(made.status).toBe(201)
    const id = ((await made.json()) as { data: { id: string } }).data.id
    expect(await entriesFor('POST /api/chats')).toHaveLength(2)
    const foreign = await t.request(`/api/chats/${crypto.randomUUID()}`, {
      method: 'PATCH',
      headers: { ...support.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Nobody’s' }),
    })
    expect(foreign.status).toBe(404)
    expect(await entriesFor('PATCH /api/chats/:id')).toHaveLength(0)
    const renamed = await t.request(`/api/chats/${id}`, {
      method: 'PATCH',
      headers: { ...support.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Audited twice' }),
    })
    expect(renamed.status).toBe(200)
    expect(await entriesFor('PATCH /api/chats/:id')).toHaveLength(1)
  })
})

/**
 * Handlers written for the test, behind the real `auth` macro: a write in a transaction or as a
 * single statement, then a crash, a failure inside the transaction, or two writes in one request.
 */
describe('support-access writes, killed at each point', () => {
  let app: { handle(request: Request): Promise<Response> }
  beforeAll(() => {
    const ctx = t.ctx
    app = new Elysia()
      .use(httpBase(ctx))
      .use(authGuard(ctx))
      .post(
        '/api/test/transaction-then-crash',
        async ({ actor }) => {
          await ctx.db.transaction((tx) => chatsFor(tx, actor).insert('In a transaction', ctx.now()))
          throw new Error('killed after the commit')
        },
        { auth: true },
      )
      .post(
        '/api/test/crash-inside-transaction',
        async ({ actor }) => {
          await ctx.db.transaction(async (tx) => {
            await chatsFor(tx, actor).insert('Rolled back', ctx.now())
            throw new Error('killed before the commit')
          })
        },
        { auth: true },
      )
      .post(
        '/api/test/statement-then-crash',
        async ({ actor }) => {
          await chatsFor(ctx.db, actor).insert('One statement', ctx.now())
          throw new AppError('conflict', 'refused after the write')
        },
        { auth: true },
      )
      .post(
        '/api/test/two-writes',
        async ({ actor }) => {
          const chat = await chatsFor(ctx.db, actor).insert('First of two', ctx.now())
          await ctx.db.transaction((tx) => chatsFor(tx, actor).setTitle(chat.id, 'Second of two', ctx.now()))
          return { ok: true }
        },
        { auth: true },
      )
  })

  const call = (path: string) =>
    app.handle(new Request(`http://localhost${path}`, { method: 'POST', headers: support.headers }))

  test('killed after a transaction committed: the write and its entry are both there', async () => {
    expect((await call('/api/test/transaction-then-crash')).status).toBe(500)
    expect(await chatsTitled('In a transaction')).toHaveLength(1)
    expect(await entriesFor('POST /api/test/transaction-then-crash')).toHaveLength(1)
  })

  test('killed inside the transaction: neither the write nor an entry', async () => {
    expect((await call('/api/test/crash-inside-transaction')).status).toBe(500)
    expect(await chatsTitled('Rolled back')).toHaveLength(0)
    expect(await entriesFor('POST /api/test/crash-inside-transaction')).toHaveLength(0)
  })

  test('a single statement, then a refusal: the statement and its entry are both there', async () => {
    expect((await call('/api/test/statement-then-crash')).status).toBe(409)
    expect(await chatsTitled('One statement')).toHaveLength(1)
    expect(await entriesFor('POST /api/test/statement-then-crash')).toHaveLength(1)
  })

  test('two writes in one request: one entry', async () => {
    expect((await call('/api/test/two-writes')).status).toBe(200)
    expect(await chatsTitled('Second of two')).toHaveLength(1)
    expect(await entriesFor('POST /api/test/two-writes')).toHaveLength(1)
  })
})
