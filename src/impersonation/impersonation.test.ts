import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { usageRecords } from '../../db/schema'
import { hashToken } from '../auth/session'
import { readOutbox } from '../mail/outbox'
import { startApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { sweepImpersonations } from './sweep'

/*
 * Support access (issue 11, decision 117): starting and its refusals, what the support session
 * may and may not do, stopping with the admin's session restored, expiry by the server's clock,
 * and the end of an access when the rights it rests on go.
 */

// biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, read loosely by the test
type Loose = any

let t: TestApp
let admin: TestUser
let otherAdmin: TestUser
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ email: 'admin@example.com', fullName: 'Ada Admin', role: 'admin' })
  otherAdmin = await t.createUser({ email: 'root@example.com', fullName: 'Root', role: 'admin' })
  alice = await t.createUser({ email: 'alice@example.com', fullName: 'Alice Target' })
  bob = await t.createUser({ email: 'bob@example.com', fullName: 'Bob' })
})
afterAll(() => t.close())

const json = (headers: Record<string, string>, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
})

async function call(headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await t.request(path, json(headers, method, body))
  return { status: res.status, body: (await res.json()) as Record<string, Loose>, res }
}

const valid = (targetUserId: string, extra: Record<string, unknown> = {}) => ({
  targetUserId,
  reasonCode: 'customer_request',
  caseNumber: 'CASE-42',
  durationMinutes: 60,
  ...extra,
})

/** Starts an access as `by` (Bearer: the token comes back in the body) and answers its headers. */
async function start(by: TestUser, target: TestUser, extra: Record<string, unknown> = {}) {
  const { status, body } = await call(
    by.headers,
    'POST',
    '/api/admin/impersonations',
    valid(target.id, extra),
  )
  expect(status).toBe(201)
  const token = body.data.token as string
  return {
    id: body.data.impersonation.id as string,
    startedAt: Date.parse(body.data.impersonation.accessDetails.started_at),
    token,
    sessionId: hashToken(token),
    headers: { authorization: `Bearer ${token}` },
  }
}

describe('starting support access', () => {
  test('each refusal answers its status and code, naming the field', async () => {
    const cases: [TestUser, unknown, number, string, string?][] = [
      [bob, valid(alice.id), 403, 'forbidden:admin'],
      [admin, valid(admin.id), 403, 'forbidden:impersonate_self'],
      [admin, valid(otherAdmin.id), 403, 'forbidden:impersonate_admin'],
      [admin, valid(crypto.randomUUID()), 404, 'not_found:user'],
      [admin, valid('not-a-uuid'), 404, 'not_found:user'],
      [admin, valid(alice.id, { reasonCode: 'curiosity' }), 400, 'bad_request:reason_code', 'reasonCode'],
      [admin, valid(alice.id, { reasonCode: undefined }), 400, 'bad_request:reason_code', 'reasonCode'],
      [admin, valid(alice.id, { caseNumber: undefined }), 400, 'bad_request:case_number', 'caseNumber'],
      [admin, valid(alice.id, { caseNumber: '   ' }), 400, 'bad_request:case_number', 'caseNumber'],
      [
        admin,
        valid(alice.id, { durationMinutes: 14 }),
        400,
        'bad_request:duration_minutes',
        'durationMinutes',
      ],
      [
        admin,
        valid(alice.id, { durationMinutes: 241 }),
        400,
        'bad_request:duration_minutes',
        'durationMinutes',
      ],
      [
        admin,
        valid(alice.id, { durationMinutes: 30.5 }),
        400,
        'bad_request:duration_minutes',
        'durationMinutes',
      ],
    ]
    for (const [by, body, status, code, field] of cases) {
      const res = await call(by.headers, 'POST', '/api/admin/impersonations', body)
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code })
      if (field) expect(res.body.error).toContain(field)
    }
  })

  test('a banned target cannot be opened', async () => {
    const banned = await t.createUser({ email: 'banned@example.com' })
    await call(admin.headers, 'PATCH', `/api/admin/users/${banned.id}`, { isBanned: true })
    const res = await call(admin.headers, 'POST', '/api/admin/impersonations', valid(banned.id))
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'conflict:user_banned' })
  })

  test('the default duration is one hour, the expiry the server’s', async () => {
    const before = Date.now()
    const { body } = await call(admin.headers, 'POST', '/api/admin/impersonations', {
      targetUserId: alice.id,
      reasonCode: 'bug_investigation',
      caseNumber: 'BUG-1',
    })
    const expires = new Date(body.data.impersonation.accessDetails.expires_at).getTime()
    expect(expires - before).toBeGreaterThanOrEqual(60 * 60_000 - 1000)
    expect(expires - before).toBeLessThanOrEqual(60 * 60_000 + 5000)
    await call({ authorization: `Bearer ${body.data.token}` }, 'DELETE', '/api/impersonation')
  })
})

describe('while acting as the target', () => {
  let access: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    access = await start(admin, alice, { note: 'Alice cannot see her chats' })
  })

  test('the session is the target’s, and says who is acting', async () => {
    const me = await call(access.headers, 'GET', '/api/auth/me')
    expect(me.body.data.user.email).toBe('alice@example.com')
    const expected = {
      id: access.id,
      targetUserId: alice.id,
      targetUserName: 'Alice Target',
      targetUserEmail: 'alice@example.com',
      accessDetails: {
        expires_at: expect.any(String),
        started_at: expect.any(String),
        reason_code: 'customer_request',
        case_number: 'CASE-42',
      },
      actingAdmin: { id: admin.id, name: 'Ada Admin', email: 'admin@example.com' },
    }
    expect(me.body.data.impersonation).toEqual(expected)
    expect((await call(access.headers, 'GET', '/api/impersonation')).body.data).toEqual(expected)
    expect((await call(admin.headers, 'GET', '/api/impersonation')).body.data).toBeNull()
  })

  test('chats are read and created for the target, and each write is audited with both ids', async () => {
    const created = await call(alice.headers, 'POST', '/api/chats', { title: 'Alice own chat' })
    expect(created.status).toBe(201)
    const listed = await call(access.headers, 'GET', '/api/chats')
    expect(JSON.stringify(listed.body)).toContain('Alice own chat')
    const made = await call(access.headers, 'POST', '/api/chats', { title: 'Made by support' })
    expect(made.status).toBe(201)
    const renamed = await call(access.headers, 'PATCH', `/api/chats/${made.body.data.id}`, {
      title: 'Renamed',
    })
    expect(renamed.status).toBe(200)
    const settings = await call(access.headers, 'PATCH', '/api/profile', { full_name: 'Alice Target' })
    expect(settings.status).toBe(200)
    // Alice sees the chat as hers.
    expect(JSON.stringify((await call(alice.headers, 'GET', '/api/chats')).body)).toContain('Renamed')
    const audit = await call(admin.headers, 'GET', '/api/admin/audit?action=impersonation.write&limit=50')
    const entries = (audit.body.data.items as Record<string, Loose>[]).filter(
      (entry) => entry.details?.impersonationId === access.id,
    )
    expect(entries.map((entry) => entry.targetId).sort()).toEqual(
      ['PATCH /api/chats/:id', 'PATCH /api/profile', 'POST /api/chats'].sort(),
    )
    for (const entry of entries) {
      expect(entry.actorId).toBe(admin.id)
      expect(entry.actingAsId).toBe(alice.id)
    }
  })

  test('a message sent while acting is the target’s, its reply recorded for the target, and audited', async () => {
    const chat = await call(alice.headers, 'POST', '/api/chats', { title: 'Support thread' })
    const sent = await call(access.headers, 'POST', `/api/chats/${chat.body.data.id}/messages`, {
      content: 'hello from support',
    })
    expect(sent.status).toBe(202)
    const assistantId = sent.body.data.assistantMessageId as string
    await waitFor(
      () =>
        t.events.find(
          (event) =>
            event.event === 'message:completed' &&
            (event.payload as { message: { id: string } }).message.id === assistantId,
        ),
      10_000,
      'the reply',
    )
    const messages = await call(alice.headers, 'GET', `/api/chats/${chat.body.data.id}/messages`)
    expect(JSON.stringify(messages.body)).toContain('hello from support')
    const usage = await t.database.db
      .select({ userId: usageRecords.userId })
      .from(usageRecords)
      .where(eq(usageRecords.messageId, assistantId))
    expect(usage.map((row) => row.userId)).toEqual([alice.id])
    const audit = await call(admin.headers, 'GET', '/api/admin/audit?action=impersonation.write&limit=50')
    expect(
      (audit.body.data.items as Record<string, Loose>[]).some(
        (entry) => entry.targetId === 'POST /api/chats/:id/messages' && entry.actingAsId === alice.id,
      ),
    ).toBe(true)
  })

  test('an edit, a regenerate, a branch switch and a branch into a new chat act as the target, each audited', async () => {
    const chat = await call(alice.headers, 'POST', '/api/chats', { title: 'Tree thread' })
    const chatId = chat.body.data.id as string
    const replyOf = (id: string) =>
      waitFor(
        () =>
          t.events.find(
            (event) =>
              event.event === 'message:completed' &&
              (event.payload as { message: { id: string } }).message.id === id,
          ),
        10_000,
        'the reply',
      )
    const sent = await call(alice.headers, 'POST', `/api/chats/${chatId}/messages`, { content: 'first' })
    await replyOf(sent.body.data.assistantMessageId)
    const edited = await call(access.headers, 'POST', `/api/messages/${sent.body.data.userMessage.id}/edit`, {
      content: 'edited by support',
    })
    expect(edited.status).toBe(202)
    await replyOf(edited.body.data.assistantMessageId)
    const again = await call(access.headers, 'POST', `/api/chats/${chatId}/regenerate`, {})
    expect(again.status).toBe(202)
    await replyOf(again.body.data.assistantMessageId)
    const shown = await call(access.headers, 'PUT', `/api/chats/${chatId}/branch`, {
      messageId: sent.body.data.userMessage.id,
    })
    expect(shown.status).toBe(200)
    const forked = await call(access.headers, 'POST', `/api/chats/${chatId}/fork`, {
      messageId: sent.body.data.assistantMessageId,
    })
    expect(forked.status).toBe(201)
    // All of it is Alice's.
    const page = await call(alice.headers, 'GET', `/api/chats/${chatId}/messages`)
    expect(page.body.data.messages.map((m: { is_user: boolean }) => m.is_user)).toEqual([true, false])
    expect(page.body.data.messages[0].content).toBe('first')
    expect(JSON.stringify((await call(alice.headers, 'GET', '/api/chats')).body)).toContain(
      'Tree thread (branch)',
    )
    const audit = await call(admin.headers, 'GET', '/api/admin/audit?action=impersonation.write&limit=100')
    const routes = (audit.body.data.items as Record<string, Loose>[])
      .filter((entry) => entry.actingAsId === alice.id)
      .map((entry) => entry.targetId)
    for (const route of [
      'POST /api/messages/:id/edit',
      'POST /api/chats/:id/regenerate',
      'PUT /api/chats/:id/branch',
      'POST /api/chats/:id/fork',
    ]) {
      expect(routes).toContain(route)
    }
  })

  test('account security, the admin area, budgets and another access are refused', async () => {
    const refused: [string, string, unknown?][] = [
      ['PATCH', '/api/auth/password', { currentPassword: 'password123', password: 'another-one' }],
      ['PATCH', '/api/auth/email', { email: 'new@example.com', currentPassword: 'password123' }],
      ['DELETE', '/api/profile/avatar'],
      ['DELETE', '/api/user/delete-account'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/impersonations'],
      ['POST', '/api/admin/impersonations', valid(bob.id)],
      ['PUT', '/api/admin/budgets', { dailyLimit: 1 }],
      ['PUT', `/api/admin/budgets/users/${alice.id}`, { dailyLimit: 1 }],
    ]
    for (const [method, path, body] of refused) {
      const res = await call(access.headers, method, path, body)
      expect({ route: `${method} ${path}`, status: res.status, code: res.body.code }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    const avatar = new FormData()
    avatar.append('file', new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }))
    const put = await t.request('/api/profile/avatar', {
      method: 'PUT',
      headers: access.headers,
      body: avatar,
    })
    expect(put.status).toBe(403)
  })

  test('the target sees the access in their account access list', async () => {
    const log = await call(alice.headers, 'GET', '/api/account/access-log')
    const item = (log.body.data.items as Record<string, Loose>[]).find((row) => row.id === access.id)
    expect(item).toMatchObject({
      admin: { email: 'admin@example.com', name: 'Ada Admin' },
      reasonCode: 'customer_request',
      caseNumber: 'CASE-42',
      durationMinutes: 60,
      endedAt: null,
    })
    expect((await call(bob.headers, 'GET', '/api/account/access-log')).body.data.items).toEqual([])
  })

  test('the target is mailed when access starts', async () => {
    const outbox = await readOutbox(t.ctx.config.dataDir)
    const mail = outbox.find((sent) => sent.to === 'alice@example.com' && sent.text.includes('CASE-42'))
    expect(mail?.subject).toContain('An administrator opened your')
    expect(mail?.text).toContain('CUSTOMER REQUEST')
    expect(mail?.text).toContain('Ada Admin <admin@example.com>')
  })

  test('a refused or failed write leaves no audit entry', async () => {
    const writes = async () =>
      (
        (await call(admin.headers, 'GET', '/api/admin/audit?action=impersonation.write&limit=100')).body.data
          .items as Record<string, Loose>[]
      ).filter((entry) => entry.details?.impersonationId === access.id).length
    const before = await writes()
    // Bad input (400), a chat that is not the target's (404), a refused route (403).
    expect((await call(access.headers, 'POST', '/api/chats', { title: 42 })).status).toBe(400)
    const bobs = await call(bob.headers, 'POST', '/api/chats', { title: 'Bob only' })
    const foreign = await call(access.headers, 'PATCH', `/api/chats/${bobs.body.data.id}`, { title: 'x' })
    expect(foreign.status).toBe(404)
    expect((await call(access.headers, 'DELETE', '/api/profile/avatar')).status).toBe(403)
    expect(await writes()).toBe(before)
  })

  test('stopping ends it; the token is refused afterwards; a second stop is a 401', async () => {
    const stopped = await call(access.headers, 'DELETE', '/api/impersonation')
    expect(stopped.body.data).toEqual({ stopped: true, restored: false })
    expect(t.endedSessions).toContain(access.sessionId)
    expect(t.events).toContainEqual({
      room: `session:${access.sessionId}`,
      event: 'impersonation:ended',
      payload: { reason: 'stopped' },
    })
    const after = await call(access.headers, 'GET', '/api/chats')
    expect(after.status).toBe(401)
    expect((await call(access.headers, 'DELETE', '/api/impersonation')).status).toBe(401)
    const list = await call(admin.headers, 'GET', '/api/admin/impersonations')
    expect(list.body.data.history.find((row: { id: string }) => row.id === access.id)).toMatchObject({
      endReason: 'stopped',
    })
  })

  test('the history counts the writes and lists what was done during the access, oldest first', async () => {
    const list = await call(admin.headers, 'GET', '/api/admin/impersonations')
    const row = list.body.data.history.find((item: { id: string }) => item.id === access.id)
    expect(row.writeCount).toBe(8)
    const actions = await call(otherAdmin.headers, 'GET', `/api/admin/impersonations/${access.id}/actions`)
    expect(actions.status).toBe(200)
    const items = actions.body.data.items as Record<string, Loose>[]
    expect(items.map((entry) => entry.action)).toEqual([
      'impersonation.start',
      ...Array.from({ length: 8 }, () => 'impersonation.write'),
      'impersonation.stop',
    ])
    expect(items.filter((entry) => entry.action === 'impersonation.write').map((e) => e.targetId)).toEqual([
      'POST /api/chats',
      'PATCH /api/chats/:id',
      'PATCH /api/profile',
      'POST /api/chats/:id/messages',
      'POST /api/messages/:id/edit',
      'POST /api/chats/:id/regenerate',
      'PUT /api/chats/:id/branch',
      'POST /api/chats/:id/fork',
    ])
    for (const entry of items.slice(1)) {
      expect(entry.actorId).toBe(admin.id)
      expect(entry.actingAsId).toBe(alice.id)
    }
    // Admins only (never while impersonating); an unknown or malformed id is a 404.
    expect((await call(bob.headers, 'GET', `/api/admin/impersonations/${access.id}/actions`)).status).toBe(
      403,
    )
    const unknown = await call(
      admin.headers,
      'GET',
      `/api/admin/impersonations/${crypto.randomUUID()}/actions`,
    )
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({
      status: 404,
      code: 'not_found:impersonation',
    })
    expect((await call(admin.headers, 'GET', '/api/admin/impersonations/nope/actions')).status).toBe(404)
  })

  test('stopping without any access is a 404', async () => {
    const res = await call(admin.headers, 'DELETE', '/api/impersonation')
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 404,
      code: 'not_found:impersonation',
    })
  })
})

describe('the browser switches sessions and back', () => {
  const cookies = (res: Response) =>
    Object.fromEntries(
      res.headers.getSetCookie().map((line) => {
        const [pair] = line.split(';')
        const [name, value] = pair!.split('=')
        return [name, { value, line }]
      }),
    )

  test('start parks the admin’s own cookie for the stop route only; stop restores it', async () => {
    const origin = { origin: TEST_ORIGIN, cookie: `parley_session=${admin.token}` }
    const started = await call(origin, 'POST', '/api/admin/impersonations', valid(alice.id))
    expect(started.status).toBe(201)
    expect(started.body.data.token).toBeUndefined()
    const set = cookies(started.res)
    const supportToken = set.parley_session!.value!
    expect(supportToken).not.toBe(admin.token)
    expect(set.parley_admin_session!.value).toBe(admin.token)
    expect(set.parley_admin_session!.line).toContain('Path=/api/impersonation')
    expect(set.parley_admin_session!.line).toContain('HttpOnly')

    const asSupport = { origin: TEST_ORIGIN, cookie: `parley_session=${supportToken}` }
    expect((await call(asSupport, 'GET', '/api/auth/me')).body.data.user.id).toBe(alice.id)

    const stop = await call(
      { ...asSupport, cookie: `parley_session=${supportToken}; parley_admin_session=${admin.token}` },
      'DELETE',
      '/api/impersonation',
    )
    expect(stop.body.data).toEqual({ stopped: true, restored: true })
    const back = cookies(stop.res)
    expect(back.parley_session!.value).toBe(admin.token)
    expect(back.parley_admin_session!.line).toContain('Max-Age=0')
    const me = await call({ cookie: `parley_session=${admin.token}` }, 'GET', '/api/auth/me')
    expect(me.body.data).toMatchObject({ user: { id: admin.id }, impersonation: null })
  })

  test('signing out of a support session ends the access and the browser gets the admin’s own session back', async () => {
    const started = await call(
      { origin: TEST_ORIGIN, cookie: `parley_session=${admin.token}` },
      'POST',
      '/api/admin/impersonations',
      valid(alice.id),
    )
    const supportToken = cookies(started.res).parley_session!.value!
    const id = started.body.data.impersonation.id as string
    const out = await call(
      { origin: TEST_ORIGIN, cookie: `parley_session=${supportToken}` },
      'POST',
      '/api/auth/logout',
    )
    expect(out.body).toEqual({ success: true, data: { supportAccessEnded: true } })
    expect(cookies(out.res).parley_session!.line).toContain('Max-Age=0')
    const list = await call(admin.headers, 'GET', '/api/admin/impersonations')
    expect(list.body.data.history.find((row: { id: string }) => row.id === id)).toMatchObject({
      endReason: 'signed_out',
    })
    // What the page then does: the parked cookie (the stop route's only) brings the admin back.
    const back = await call(
      { origin: TEST_ORIGIN, cookie: `parley_admin_session=${admin.token}` },
      'DELETE',
      '/api/impersonation',
    )
    expect(back.body.data).toEqual({ stopped: false, restored: true })
    expect(cookies(back.res).parley_session!.value).toBe(admin.token)
    const me = await call({ cookie: `parley_session=${admin.token}` }, 'GET', '/api/auth/me')
    expect(me.body.data).toMatchObject({ user: { id: admin.id }, impersonation: null })
    // An ordinary sign-out says there was no support access (the page shows the sign-in card).
    const own = await t.createUser()
    const plain = await call(own.headers, 'POST', '/api/auth/logout')
    expect(plain.body).toEqual({ success: true, data: { supportAccessEnded: false } })
  })

  test('an ordinary session with a stale parked cookie is not swapped for it', async () => {
    const res = await call(
      { origin: TEST_ORIGIN, cookie: `parley_session=${bob.token}; parley_admin_session=${admin.token}` },
      'DELETE',
      '/api/impersonation',
    )
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 404,
      code: 'not_found:impersonation',
    })
    expect(
      res.res.headers.getSetCookie().some((line) => line.startsWith(`parley_session=${admin.token}`)),
    ).toBe(false)
  })

  test('a stop from another site is refused', async () => {
    const res = await call(
      { origin: 'https://evil.example', cookie: `parley_admin_session=${admin.token}` },
      'DELETE',
      '/api/impersonation',
    )
    expect(res.status).toBe(403)
  })
})

describe('it ends on time and with the rights it rests on', () => {
  test('past the expiry (server clock) no request is accepted, and the sweep warns then ends it', async () => {
    const access = await start(admin, alice, { durationMinutes: 15 })
    const realNow = t.ctx.now
    try {
      // A quarter of 15 minutes is left: the warning goes out (decision 146).
      t.ctx.now = () => new Date(Date.now() + 12 * 60_000)
      expect(await sweepImpersonations(t.ctx)).toEqual({ warned: 1, ended: 0 })
      expect(t.events).toContainEqual({
        room: `session:${access.sessionId}`,
        event: 'impersonation:expiring',
        payload: { expiresAt: expect.any(String) },
      })
      // Warned once only.
      expect(await sweepImpersonations(t.ctx)).toEqual({ warned: 0, ended: 0 })
      expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(200)

      t.ctx.now = () => new Date(Date.now() + 15 * 60_000 + 1000)
      const refused = await call(access.headers, 'GET', '/api/chats')
      expect({ status: refused.status, code: refused.body.code }).toEqual({
        status: 401,
        code: 'unauthorized:impersonation_ended',
      })
    } finally {
      t.ctx.now = realNow
    }
    // The clock back: still ended.
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(401)
    const log = await call(alice.headers, 'GET', '/api/account/access-log')
    expect(log.body.data.items.find((row: { id: string }) => row.id === access.id).endReason).toBe('expired')
  })

  test('the sweep ends an expired access and cuts its sockets', async () => {
    const access = await start(admin, alice, { durationMinutes: 15 })
    const realNow = t.ctx.now
    try {
      t.ctx.now = () => new Date(Date.now() + 16 * 60_000)
      const result = await sweepImpersonations(t.ctx)
      expect(result.ended).toBeGreaterThanOrEqual(1)
    } finally {
      t.ctx.now = realNow
    }
    expect(t.events).toContainEqual({
      room: `session:${access.sessionId}`,
      event: 'impersonation:ended',
      payload: { reason: 'expired' },
    })
    expect(t.endedSessions).toContain(access.sessionId)
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(401)
  })

  test('banning the admin in the middle ends it at once', async () => {
    const actingAdmin = await t.createUser({ email: 'helper@example.com', role: 'admin' })
    const access = await start(actingAdmin, alice)
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(200)
    const ban = await call(admin.headers, 'PATCH', `/api/admin/users/${actingAdmin.id}`, { isBanned: true })
    expect(ban.status).toBe(200)
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(401)
    expect(t.events).toContainEqual({
      room: `session:${access.sessionId}`,
      event: 'impersonation:ended',
      payload: { reason: 'admin_banned' },
    })
    expect(t.endedSessions).toContain(access.sessionId)
    // The monitoring lists hear the start and the end.
    for (const change of ['started', 'ended'])
      expect(t.events).toContainEqual({
        room: 'admins',
        event: 'impersonations:changed',
        payload: { id: access.id, change },
      })
  })

  test('demoting the admin ends it', async () => {
    const actingAdmin = await t.createUser({ email: 'helper2@example.com', role: 'admin' })
    const access = await start(actingAdmin, alice)
    await call(admin.headers, 'PATCH', `/api/admin/users/${actingAdmin.id}`, { role: 'user' })
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(401)
    expect(t.endedSessions).toContain(access.sessionId)
    expect(t.events).toContainEqual({
      room: 'admins',
      event: 'impersonations:changed',
      payload: { id: access.id, change: 'ended' },
    })
  })

  test('banning or deleting the target ends it', async () => {
    const target = await t.createUser({ email: 'target1@example.com' })
    const first = await start(admin, target)
    await call(otherAdmin.headers, 'PATCH', `/api/admin/users/${target.id}`, { isBanned: true })
    expect((await call(first.headers, 'GET', '/api/chats')).status).toBe(401)
    expect(t.events).toContainEqual({
      room: `session:${first.sessionId}`,
      event: 'impersonation:ended',
      payload: { reason: 'target_banned' },
    })

    const other = await t.createUser({ email: 'target2@example.com' })
    const second = await start(admin, other)
    expect((await call(otherAdmin.headers, 'DELETE', `/api/admin/users/${other.id}`)).status).toBe(200)
    expect((await call(second.headers, 'GET', '/api/chats')).status).toBe(401)
    expect(t.endedSessions).toContain(second.sessionId)
  })

  test('another admin ends an access from the monitoring list; ended or unknown ids are 4xx', async () => {
    const access = await start(admin, bob)
    const list = await call(otherAdmin.headers, 'GET', '/api/admin/impersonations')
    expect(list.body.data.active.map((row: { id: string }) => row.id)).toContain(access.id)
    const end = await call(otherAdmin.headers, 'DELETE', `/api/admin/impersonations/${access.id}`)
    expect(end.status).toBe(200)
    expect((await call(access.headers, 'GET', '/api/chats')).status).toBe(401)
    const again = await call(otherAdmin.headers, 'DELETE', `/api/admin/impersonations/${access.id}`)
    expect({ status: again.status, code: again.body.code }).toEqual({
      status: 409,
      code: 'conflict:impersonation_ended',
    })
    const unknown = await call(
      otherAdmin.headers,
      'DELETE',
      `/api/admin/impersonations/${crypto.randomUUID()}`,
    )
    expect(unknown.status).toBe(404)
    expect((await call(bob.headers, 'DELETE', `/api/admin/impersonations/${access.id}`)).status).toBe(403)
  })
})

describe('the expiring warning: the last hour, or the last quarter of a shorter grant (decision 146)', () => {
  const warnings = (sessionId: string) =>
    t.events.filter((e) => e.room === `session:${sessionId}` && e.event === 'impersonation:expiring')

  /** Runs the sweep with the server's clock `minutes` after the access started. */
  async function sweepAfter(access: { startedAt: number }, minutes: number) {
    const realNow = t.ctx.now
    t.ctx.now = () => new Date(access.startedAt + minutes * 60_000)
    try {
      await sweepImpersonations(t.ctx)
    } finally {
      t.ctx.now = realNow
    }
  }

  for (const [granted, quiet, warned] of [
    // [minutes granted, last sweep with no warning, first sweep with it] (minutes after the start)
    [60, 44.9, 45.1],
    [15, 11.2, 11.3],
    [120, 89.9, 90.1],
    [240, 179.9, 180.1],
  ] as const) {
    test(`a ${granted}-minute grant is warned ${Math.min(60, granted / 4)} minutes before its end, once`, async () => {
      const target = await t.createUser({ email: `warned-${granted}@example.com` })
      const access = await start(admin, target, { durationMinutes: granted })
      await sweepAfter(access, 0)
      await sweepAfter(access, quiet)
      expect(warnings(access.sessionId)).toEqual([])
      await sweepAfter(access, warned)
      expect(warnings(access.sessionId)).toEqual([
        {
          room: `session:${access.sessionId}`,
          event: 'impersonation:expiring',
          payload: { expiresAt: new Date(access.startedAt + granted * 60_000).toISOString() },
        },
      ])
      await sweepAfter(access, warned + 0.1)
      expect(warnings(access.sessionId)).toHaveLength(1)
      await call(access.headers, 'DELETE', '/api/impersonation')
    })
  }
})
