import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { auditLog, authTokens, chats, messages, usageRecords, users } from '../../../db/schema'
import { readOutbox } from '../../mail/outbox'
import { linkTokenFromOutbox } from '../../test/auth'
import { startSmtpTestServer } from '../../test/fakes/smtp-server'
import { findUser, type ListeningApp, outcome, startApp, type TestUser } from '../../test/harness'
import { waitFor } from '../../test/wait'
import { auditTrailFor } from '../audit/audit-data'
import { LAST_ADMIN, SELF_CHANGE, updateUser } from './service'
import { adminUsersFor } from './users-data'

/*
 * The admin user management API (docs/decisions/110-admin-users-and-audit.md): every route for
 * admins only, search and keyset pages, the account actions with their rules (self, last admin),
 * a ban cutting open sockets, and an audit entry for every change. Real port, real sockets.
 */

let t: ListeningApp
let admin: TestUser
let plain: TestUser
const sockets: Socket[] = []
const nobody = { headers: {} as Record<string, string> }

beforeAll(async () => {
  t = await startApp({}, { listen: true })
  admin = await t.createUser({ role: 'admin', email: 'root@example.com', fullName: 'Root Admin' })
  plain = await t.createUser({ email: 'plain@example.com', fullName: 'Plain User' })
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})

const api = (user: { headers: Record<string, string> } = admin) => t.as(user).api.admin
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const auditOf = async (targetId: string) =>
  (
    await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt)
  ).map((entry) => ({
    action: entry.action,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    details: entry.details,
  }))

describe('every admin user route is for admins only', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users', { email: 'x@example.com', fullName: 'X', role: 'user' }],
    ['GET', `/api/admin/users/${id}`],
    ['PATCH', `/api/admin/users/${id}`, { role: 'admin' }],
    ['POST', `/api/admin/users/${id}/password-reset`],
    ['DELETE', `/api/admin/users/${id}/sessions`],
    ['DELETE', `/api/admin/users/${id}`],
  ]

  test('signed out: 401; a user: 403; nothing changes', async () => {
    for (const [who, status, code] of [
      [nobody, 401, 'unauthorized'],
      [plain, 403, 'forbidden:admin'],
    ] as const) {
      for (const [method, path, body] of routes(admin.id)) {
        const res = await t.request(path, {
          method,
          headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        })
        expect({
          method,
          path,
          status: res.status,
          code: ((await res.json()) as { code: string }).code,
        }).toEqual({ method, path, status, code })
      }
    }
    expect((await findUser(t.database, admin.id))?.role).toBe('admin')
    expect(await auditOf(admin.id)).toEqual([])
  })
})

describe('GET /api/admin/users', () => {
  let group: TestUser[]
  beforeAll(async () => {
    group = []
    for (const [index, name] of [
      'Zoë Searchable',
      'zed SEARCHABLE',
      'Percent 100%_done',
      'Other One',
    ].entries())
      group.push(await t.createUser({ email: `list${index}@Example.org`, fullName: name }))
    // Spend this month for the first two; last month's usage does not count.
    const now = new Date()
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15))
    await t.ctx.db.insert(usageRecords).values([
      { userId: group[0]!.id, modelId: 'm', costMicros: 1_500_000 },
      { userId: group[1]!.id, modelId: 'm', costMicros: 2_000_000 },
      { userId: group[1]!.id, modelId: 'm', costMicros: 250_000 },
      { userId: group[2]!.id, modelId: 'm', costMicros: 9_000_000, createdAt: lastMonth },
    ])
  })

  test('searches name and e-mail, case-insensitively, with % and _ taken literally', async () => {
    const found = await api().users.get({ query: { q: 'searchable' } })
    expect(found.status).toBe(200)
    expect(found.data!.data.items.map((item) => item.fullName).sort()).toEqual([
      'Zoë Searchable',
      'zed SEARCHABLE',
    ])
    const byMail = await api().users.get({ query: { q: 'LIST2@example' } })
    expect(byMail.data!.data.items.map((item) => item.id)).toEqual([group[2]!.id])
    const literal = await api().users.get({ query: { q: '100%_' } })
    expect(literal.data!.data.items.map((item) => item.id)).toEqual([group[2]!.id])
    expect((await api().users.get({ query: { q: '%' } })).data!.data.items.map((item) => item.id)).toEqual([
      group[2]!.id,
    ])
    expect((await api().users.get({ query: { q: '_' } })).data!.data.items.map((item) => item.id)).toEqual([
      group[2]!.id,
    ])
  })

  test('answers the documented fields, with this month’s spend', async () => {
    const res = await api().users.get({ query: { q: 'list1@' } })
    expect(res.data).toEqual({
      success: true,
      data: {
        items: [
          {
            id: group[1]!.id,
            email: 'list1@Example.org',
            fullName: 'zed SEARCHABLE',
            role: 'user',
            isBanned: false,
            createdAt: expect.any(Date),
            lastActiveAt: null,
            spendMonthUsd: 2.25,
          },
        ],
        nextCursor: null,
      },
    })
  })

  test('filters by role and status', async () => {
    const admins = await api().users.get({ query: { role: 'admin' } })
    expect(admins.data!.data.items.every((item) => item.role === 'admin')).toBe(true)
    expect(admins.data!.data.items.map((item) => item.id)).toContain(admin.id)
    const banned = await t.createUser({ fullName: 'Banned Listed' })
    await t.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id))
    const bannedOnly = await api().users.get({ query: { status: 'banned' } })
    expect(bannedOnly.data!.data.items.map((item) => item.id)).toEqual([banned.id])
    const active = await api().users.get({ query: { status: 'active', limit: '100' } })
    expect(active.data!.data.items.map((item) => item.id)).not.toContain(banned.id)
    await t.ctx.db.update(users).set({ isBanned: false }).where(eq(users.id, banned.id))
  })

  test('every sort walks all accounts in keyset pages, each exactly once, in order', async () => {
    // Some activity, with ties, so the last-active order has values, equal values and nulls.
    const stamp = new Date(Date.now() + 24 * 60 * 60 * 1000)
    await t.ctx.db.update(users).set({ lastActiveAt: stamp }).where(eq(users.id, group[0]!.id))
    await t.ctx.db.update(users).set({ lastActiveAt: stamp }).where(eq(users.id, group[1]!.id))
    const all = (await api().users.get({ query: { limit: '100' } })).data!.data.items
    for (const sort of ['created', 'last_active', 'spend'] as const) {
      const seen: (typeof all)[number][] = []
      let cursor: string | undefined
      for (let page = 0; page < 50; page += 1) {
        const res = await api().users.get({ query: { sort, limit: '2', ...(cursor ? { cursor } : {}) } })
        expect(res.status).toBe(200)
        seen.push(...res.data!.data.items)
        cursor = res.data!.data.nextCursor ?? undefined
        if (!cursor) break
      }
      expect(seen.map((item) => item.id).sort()).toEqual(all.map((item) => item.id).sort())
      expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length)
      if (sort === 'spend') {
        expect(seen.slice(0, 2).map((item) => [item.id, item.spendMonthUsd])).toEqual([
          [group[1]!.id, 2.25],
          [group[0]!.id, 1.5],
        ])
      }
      if (sort === 'last_active') {
        expect(
          seen
            .slice(0, 2)
            .map((item) => item.id)
            .sort(),
        ).toEqual([group[0]!.id, group[1]!.id].sort())
        expect(seen.at(-1)!.lastActiveAt).toBeNull()
      }
      if (sort === 'created') {
        const times = seen.map((item) => new Date(item.createdAt).getTime())
        expect(times).toEqual([...times].sort((a, b) => b - a))
      }
    }
  })

  test('wrong parameters answer 400 with a code naming the parameter', async () => {
    for (const [query, code] of [
      [{ role: 'owner' }, 'bad_request:role'],
      [{ status: 'gone' }, 'bad_request:status'],
      [{ sort: 'name' }, 'bad_request:sort'],
      [{ limit: '0' }, 'bad_request:limit'],
      [{ limit: 'abc' }, 'bad_request:limit'],
      [{ cursor: 'garbage' }, 'bad_request:cursor'],
      [
        { cursor: Buffer.from('["created","2026-02-31T00:00:00.000000Z","x"]').toString('base64url') },
        'bad_request:cursor',
      ],
      [
        {
          sort: 'spend',
          cursor: Buffer.from(`["created","2026-01-01T00:00:00.000000Z","${admin.id}"]`).toString(
            'base64url',
          ),
        },
        'bad_request:cursor',
      ],
    ] as const) {
      const res = await t.request(`/api/admin/users?${new URLSearchParams(query)}`, {
        headers: admin.headers,
      })
      expect({ query, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        query,
        status: 400,
        code,
      })
    }
  })
})

describe('GET /api/admin/users/:id', () => {
  test('the profile with sessions, counts and spend', async () => {
    const user = await t.createUser({ fullName: 'Detailed Person' })
    const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id, title: 'c' }).returning()
    await t.ctx.db.insert(messages).values([
      { chatId: chat!.id, userId: user.id, content: 'a', isUser: true },
      { chatId: chat!.id, userId: user.id, content: 'b', isUser: false },
    ])
    const now = new Date()
    const earlierThisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 1))
    await t.ctx.db.insert(usageRecords).values([
      { userId: user.id, modelId: 'm', costMicros: 1000 },
      { userId: user.id, modelId: 'm', costMicros: 2000, createdAt: earlierThisMonth },
    ])
    const res = await api().users({ id: user.id }).get()
    expect(res.status).toBe(200)
    const data = res.data!.data
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: 'Detailed Person',
      role: 'user',
      isBanned: false,
      sessions: { count: 1 },
      counts: { chats: 1, messages: 2 },
    })
    // On the 1st of a month at 00:00:01 UTC both fall in the same day.
    expect(data.spend.monthUsd).toBe(0.003)
    expect([0.001, 0.003]).toContain(data.spend.dayUsd)
  })

  test('an unknown or malformed id is 404 User not found', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await t.request(`/api/admin/users/${id}`, { headers: admin.headers })
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 404,
        body: { success: false, error: 'User not found', code: 'not_found:user' },
      })
    }
  })
})

describe('POST /api/admin/users', () => {
  test('creates the account and mails a set-password link that works', async () => {
    const res = await api().users.post({
      email: 'new.person@example.com',
      fullName: ' New Person ',
      role: 'user',
    })
    expect(res.status).toBe(201)
    const created = res.data!.data
    expect(created).toMatchObject({ email: 'new.person@example.com', fullName: 'New Person', role: 'user' })
    const token = await linkTokenFromOutbox(t, 'new.person@example.com', '/auth/reset-password')
    const reset = await t.request('/api/auth/reset-password', json({ token, password: 'chosen-password' }))
    expect(reset.status).toBe(200)
    const login = await t.request(
      '/api/auth/login',
      json({ email: 'new.person@example.com', password: 'chosen-password' }),
    )
    expect(login.status).toBe(200)
    expect(await auditOf(created.id)).toEqual([
      {
        action: 'user.create',
        actorId: admin.id,
        actorEmail: admin.email,
        details: { email: 'new.person@example.com', role: 'user', preferredLanguage: 'en' },
      },
    ])
  })

  test('can create an admin; the invitation is in the given language and lasts 7 days', async () => {
    const res = await api().users.post({
      email: 'second.admin@example.com',
      fullName: 'Second',
      role: 'admin',
      preferredLanguage: 'fr',
    })
    expect(res.status).toBe(201)
    expect(res.data!.data.role).toBe('admin')
    const mail = (await readOutbox(t.ctx.config.dataDir)).find(
      (item) => item.to === 'second.admin@example.com',
    )
    expect(mail?.subject).toBe('Votre compte Parley est prêt')
    const [token] = await t.ctx.db.select().from(authTokens).where(eq(authTokens.userId, res.data!.data.id))
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
  })

  test('a taken e-mail is 409, whatever its case; bad input is 400 with a code', async () => {
    const taken = await t.request('/api/admin/users', {
      ...json({ email: 'PLAIN@example.com', fullName: 'Dup', role: 'user' }),
      headers: { ...admin.headers, 'content-type': 'application/json' },
    })
    expect(taken.status).toBe(409)
    expect(((await taken.json()) as { code: string }).code).toBe('conflict:email')
    for (const [body, code] of [
      [{ email: 'nope', fullName: 'A', role: 'user' }, 'bad_request:email'],
      [{ email: 'ok@example.com', fullName: '  ', role: 'user' }, 'bad_request:full_name'],
      [{ email: 'ok@example.com', fullName: 'A', role: 'root' }, 'bad_request:role'],
      [{ email: 'ok@example.com', fullName: 'A', preferredLanguage: 'xx' }, 'bad_request:language'],
      [{ fullName: 'A' }, 'bad_request:validation'],
    ] as const) {
      const res = await t.request('/api/admin/users', {
        ...json(body),
        headers: { ...admin.headers, 'content-type': 'application/json' },
      })
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        body,
        status: 400,
        code,
      })
    }
    expect((await readOutbox(t.ctx.config.dataDir)).some((mail) => mail.to === 'ok@example.com')).toBe(false)
  })

  test('without a mail server the administrator gets the set-password link to hand over, and it works', async () => {
    const res = await api().users.post({ email: 'handed.over@example.com', fullName: 'Handed Over' })
    expect(res.status).toBe(201)
    expect(res.response.headers.get('cache-control')).toBe('no-store')
    const { invitation } = res.data!.data
    // The mail still went to the outbox, with the same link.
    const token = await linkTokenFromOutbox(t, 'handed.over@example.com', '/auth/reset-password')
    expect(invitation).toEqual({
      mailed: false,
      link: `${t.ctx.config.appUrl}/auth/reset-password?token=${token}`,
    })
    const reset = await t.request('/api/auth/reset-password', json({ token, password: 'handed-password' }))
    expect(reset.status).toBe(200)
    // A person who is not an administrator never gets an account made, nor its link.
    const refused = await outcome(
      await t.as(await t.createUser()).api.admin.users.post({ email: 'sneaky@example.com', fullName: 'S' }),
    )
    expect(refused).toEqual({
      status: 403,
      body: { success: false, error: 'Admin access required', code: 'forbidden:admin' },
    })
  })

  test('with a mail server the invitation is mailed and the answer carries no link', async () => {
    const smtp = startSmtpTestServer()
    const mailing = await startApp({ SMTP_URL: smtp.url })
    try {
      const boss = await mailing.createUser({ role: 'admin' })
      const res = await mailing
        .as(boss)
        .api.admin.users.post({ email: 'mailed@example.com', fullName: 'Mailed' })
      expect(res.status).toBe(201)
      expect(res.data!.data.invitation).toEqual({ mailed: true })
      expect(JSON.stringify(res.data)).not.toContain('token=')
      const [mail] = await smtp.waitFor(1)
      expect(mail!.to).toEqual(['mailed@example.com'])
      expect(mail!.raw).toContain('/auth/reset-password?=') // quoted-printable breaks the line there
    } finally {
      await mailing.close()
      smtp.stop()
    }
  })
})

/** A connected socket of a session; `cut()` resolves once the server disconnected it. */
async function connect(token: string) {
  const socket = io(t.url, { transports: ['websocket'], reconnection: false, auth: { token } })
  sockets.push(socket)
  let reason: string | undefined
  socket.on('disconnect', (why) => {
    reason = why
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve())
    socket.on('connect_error', reject)
  })
  return { cut: () => waitFor(() => reason, 5000, 'the socket to be cut') }
}

describe('PATCH /api/admin/users/:id', () => {
  test('changes the role, audited old → new', async () => {
    const user = await t.createUser()
    const res = await api().users({ id: user.id }).patch({ role: 'admin' })
    expect(res.status).toBe(200)
    expect(res.data!.data).toMatchObject({ id: user.id, role: 'admin', isBanned: false })
    expect((await api().users({ id: user.id }).patch({ role: 'user' })).data!.data.role).toBe('user')
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['user.role', { email: user.email, from: 'user', to: 'admin' }],
      ['user.role', { email: user.email, from: 'admin', to: 'user' }],
    ])
  })

  test('a ban ends every session of the user and cuts their open socket at once', async () => {
    const user = await t.createUser()
    const socket = await connect(user.token)
    const before = await t.request('/api/auth/me', { headers: user.headers })
    expect(before.status).toBe(200)
    const res = await api().users({ id: user.id }).patch({ isBanned: true })
    expect(res.status).toBe(200)
    expect(res.data!.data.isBanned).toBe(true)
    expect(t.endedSessions).toContain(user.sessionId)
    expect(await socket.cut()).toBe('io server disconnect')
    expect((await t.request('/api/auth/me', { headers: user.headers })).status).toBe(401)
    expect((await api().users({ id: user.id }).patch({ isBanned: false })).data!.data.isBanned).toBe(false)
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['user.ban', { email: user.email, sessionsEnded: 1 }],
      ['user.unban', { email: user.email }],
    ])
  })

  test('an admin cannot demote or ban themself (409 conflict:self)', async () => {
    for (const body of [{ role: 'user' }, { isBanned: true }]) {
      const res = await api().users({ id: admin.id }).patch(body)
      expect(outcome(res)).toEqual({
        status: 409,
        body: { success: false, error: SELF_CHANGE, code: 'conflict:self' },
      })
    }
    expect((await findUser(t.database, admin.id))?.role).toBe('admin')
  })

  test('a change that changes nothing writes no audit entry', async () => {
    const user = await t.createUser()
    expect((await api().users({ id: user.id }).patch({ role: 'user', isBanned: false })).status).toBe(200)
    expect(await auditOf(user.id)).toEqual([])
  })

  test('wrong input: 400 with a code; unknown user: 404', async () => {
    const user = await t.createUser()
    for (const [body, code] of [
      [{}, 'bad_request:empty'],
      [{ role: 'owner' }, 'bad_request:role'],
      [{ isBanned: 'yes' }, 'bad_request:validation'],
    ] as const) {
      const res = await t.request(`/api/admin/users/${user.id}`, {
        method: 'PATCH',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        body,
        status: 400,
        code,
      })
    }
    const missing = await api().users({ id: crypto.randomUUID() }).patch({ role: 'admin' })
    expect(missing.status).toBe(404)
  })
})

describe('the last admin', () => {
  test('two admins demoting each other at once leave exactly one admin', async () => {
    const app = await startApp()
    try {
      const a = await app.createUser({ role: 'admin' })
      const b = await app.createUser({ role: 'admin' })
      const [first, second] = await Promise.all([
        app.as(a).api.admin.users({ id: b.id }).patch({ role: 'user' }),
        app.as(b).api.admin.users({ id: a.id }).patch({ role: 'user' }),
      ])
      const statuses = [first.status, second.status].sort()
      expect(statuses[0]).toBe(200)
      // The loser is refused: as the last admin's demotion (409) or, if its request arrived after
      // the other committed, as no longer an admin (403).
      expect([403, 409]).toContain(statuses[1]!)
      const admins = (
        await app.as(first.status === 200 ? a : b).api.admin.users.get({ query: { role: 'admin' } })
      ).data!.data.items
      expect(admins).toHaveLength(1)
    } finally {
      await app.close()
    }
  })

  test('an admin whose request was in flight when they lost the role cannot remove the last admin (409)', async () => {
    const app = await startApp()
    try {
      const a = await app.createUser({ role: 'admin' })
      const b = await app.createUser({ role: 'admin' })
      expect((await app.as(a).api.admin.users({ id: b.id }).patch({ role: 'user' })).status).toBe(200)
      // B's request resolved its actor while B was still an admin.
      const stale = {
        actor: app.actorOf({ id: b.id, role: 'admin' }),
        user: (await findUser(app.database, b.id))!,
      }
      const origin = { request: new Request('http://localhost/'), server: null }
      for (const change of [{ role: 'user' }, { isBanned: true }]) {
        const refused = await updateUser(app.ctx, stale, a.id, change, origin).catch(
          (error: unknown) => error,
        )
        expect(refused).toMatchObject({ code: 'conflict:last_admin', message: LAST_ADMIN, status: 409 })
      }
      expect(await findUser(app.database, a.id)).toMatchObject({ role: 'admin', isBanned: false })
    } finally {
      await app.close()
    }
  })
})

describe('password reset, sessions, deletion', () => {
  test('POST password-reset mails the user a reset link in their language, audited', async () => {
    const user = await t.createUser()
    await t.ctx.db.update(users).set({ preferredLanguage: 'de' }).where(eq(users.id, user.id))
    const res = await api().users({ id: user.id })['password-reset'].post()
    expect(res.status).toBe(200)
    const mail = (await readOutbox(t.ctx.config.dataDir)).find((item) => item.to === user.email)
    expect(mail?.text).toContain('/auth/reset-password?token=')
    expect(mail?.subject).toContain('Passwort')
    expect((await auditOf(user.id)).map((entry) => entry.action)).toEqual(['user.password_reset'])
    expect((await api().users({ id: crypto.randomUUID() })['password-reset'].post()).status).toBe(404)
  })

  test('DELETE sessions signs the user out everywhere and cuts their sockets', async () => {
    const user = await t.createUser()
    const socket = await connect(user.token)
    const res = await api().users({ id: user.id }).sessions.delete()
    expect(res.status).toBe(200)
    expect(res.data!.data).toEqual({ sessionsEnded: 1 })
    expect(await socket.cut()).toBe('io server disconnect')
    expect((await t.request('/api/auth/me', { headers: user.headers })).status).toBe(401)
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['user.sessions_end', { email: user.email, sessionsEnded: 1 }],
    ])
  })

  test('DELETE removes the account, its data and files; audited; not oneself', async () => {
    const user = await t.createUser({ fullName: 'Leaving Soon' })
    const form = new FormData()
    form.append('file', new File(['notes'], 'notes.txt', { type: 'text/plain' }))
    const upload = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
    expect(upload.status).toBe(201)
    const socket = await connect(user.token)
    const res = await api().users({ id: user.id }).delete()
    expect(res.status).toBe(200)
    expect(await findUser(t.database, user.id)).toBeUndefined()
    expect(await socket.cut()).toBe('io server disconnect')
    expect(
      await Array.fromAsync(new Bun.Glob(`**/users/${user.id}/**`).scan({ cwd: t.ctx.config.dataDir })),
    ).toEqual([])
    expect((await auditOf(user.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['user.delete', { email: user.email, role: 'user', fullName: 'Leaving Soon' }],
    ])
    expect((await api().users({ id: user.id }).delete()).status).toBe(404)
    const self = await api().users({ id: admin.id }).delete()
    expect(self.status).toBe(409)
    expect(outcome(self).body).toMatchObject({ code: 'conflict:self' })
  })
})

describe('users.last_active_at', () => {
  test('is set when a session is used, at most once every 5 minutes', async () => {
    const user = await t.createUser()
    expect((await findUser(t.database, user.id))?.lastActiveAt).toBeNull()
    await t.request('/api/auth/me', { headers: user.headers })
    const first = await waitFor(async () => (await findUser(t.database, user.id))?.lastActiveAt)
    await t.request('/api/auth/me', { headers: user.headers })
    await Bun.sleep(100)
    expect((await findUser(t.database, user.id))?.lastActiveAt).toEqual(first)
    const realNow = t.ctx.now
    t.ctx.now = () => new Date(Date.now() + 6 * 60 * 1000)
    try {
      await t.request('/api/auth/me', { headers: user.headers })
      await waitFor(
        async () =>
          (await findUser(t.database, user.id))!.lastActiveAt!.getTime() > first.getTime() + 5 * 60 * 1000,
      )
    } finally {
      t.ctx.now = realNow
    }
  })
})

describe('the admin accessors check the actor themselves', () => {
  test('a non-admin or an impersonating admin is refused before any query', () => {
    const user = t.actorOf({ id: plain.id })
    const impersonating = {
      ...t.actorOf({ id: plain.id, role: 'admin' }),
      realUserId: admin.id,
      impersonation: {
        id: crypto.randomUUID(),
        adminId: admin.id,
        adminEmail: 'admin@example.com',
        adminName: 'Admin',
        reasonCode: 'support',
        caseNumber: '1',
        startedAt: new Date(),
        expiresAt: new Date(),
      },
    }
    for (const actor of [user, impersonating]) {
      expect(() => adminUsersFor(t.ctx.db, actor)).toThrow('Admin access required')
      expect(() => auditTrailFor(t.ctx.db, actor)).toThrow('Admin access required')
    }
    expect(() => adminUsersFor(t.ctx.db, t.actorOf({ id: admin.id, role: 'admin' }))).not.toThrow()
  })
})
