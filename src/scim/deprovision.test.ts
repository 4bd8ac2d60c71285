import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { io, type Socket } from 'socket.io-client'
import { findUser, type ListeningApp, startApp, startInstances, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * Deprovisioning through SCIM (issue 29): `active: false` (Entra ID's and Okta's forms) and DELETE
 * suspend the account as the admin's ban does: its sessions end and a REAL open socket.io
 * connection is cut within 5 s, on this instance and (on Postgres) on another one; sign-in is
 * refused; `active: true` lets the person in again. Real port, real sockets.
 */

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const sockets: Socket[] = []

/** A connected socket of a session; `cut()` resolves once the server disconnected it (5 s at most). */
async function connect(url: string, token: string) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, auth: { token } })
  sockets.push(socket)
  let reason: string | undefined
  socket.on('disconnect', (why) => {
    reason = why
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve())
    socket.on('connect_error', reject)
  })
  return { cut: () => waitFor(() => reason, 5000, 'the socket to be cut'), connected: () => socket.connected }
}

async function makeToken(url: string, admin: TestUser) {
  const res = await fetch(`${url}/api/admin/scim/token`, {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'deprovisioning' }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

const scim = (url: string, token: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

afterAll(() => {
  for (const socket of sockets) socket.close()
})

describe('one instance', () => {
  let t: ListeningApp
  let token: string

  beforeAll(async () => {
    t = await startApp({}, { listen: true })
    const admin = await t.createUser({ role: 'admin' })
    token = await makeToken(t.url, admin)
  }, 60_000)
  afterAll(() => t.close())

  const me = (user: TestUser) => t.request('/api/auth/me', { headers: user.headers })

  for (const [form, body] of [
    ['Entra ID', { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }],
    ['Okta', { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }],
  ] as const)
    test(`${form}'s active:false ends the sessions and cuts the open socket; active:true lets them in again`, async () => {
      const user = await t.createUser()
      const other = await t.createUser()
      const socket = await connect(t.url, user.token)
      const bystander = await connect(t.url, other.token)
      expect((await me(user)).status).toBe(200)
      const res = await scim(t.url, token, 'PATCH', `/Users/${user.id}`, body)
      expect(res.status).toBe(200)
      expect(await socket.cut()).toBe('io server disconnect')
      expect(t.endedSessions).toContain(user.sessionId)
      expect((await me(user)).status).toBe(401)
      expect((await findUser(t.database, user.id))!.isBanned).toBe(true)
      // Sign-in is refused while suspended (the same state as the admin's ban).
      const login = () =>
        t.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: 'password123' }),
        })
      expect((await login()).status).not.toBe(200)
      // Someone else's socket stays.
      expect(bystander.connected()).toBe(true)
      const back = await scim(t.url, token, 'PATCH', `/Users/${user.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: true }],
      })
      expect(((await back.json()) as { active: boolean }).active).toBe(true)
      expect((await login()).status).toBe(200)
    })

  test('DELETE cuts the open socket too, and keeps the account', async () => {
    const user = await t.createUser()
    const socket = await connect(t.url, user.token)
    expect((await scim(t.url, token, 'DELETE', `/Users/${user.id}`)).status).toBe(204)
    expect(await socket.cut()).toBe('io server disconnect')
    expect((await findUser(t.database, user.id))!.email).toBe(user.email)
  })

  test('PUT with active:false deactivates as well', async () => {
    const user = await t.createUser()
    const socket = await connect(t.url, user.token)
    const res = await scim(t.url, token, 'PUT', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: user.email,
      active: false,
    })
    expect(res.status).toBe(200)
    expect(await socket.cut()).toBe('io server disconnect')
  })
})

describe('two instances on one Postgres', () => {
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'a deactivation on one instance cuts the socket open on the other within 5 s',
    async () => {
      const cluster = await startInstances(2)
      const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
      try {
        const admin = await cluster.createUser({ role: 'admin' })
        const token = await makeToken(first.url, admin)
        const user = await cluster.createUser()
        const socket = await connect(second.url, user.token)
        const res = await scim(first.url, token, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        })
        expect(res.status).toBe(200)
        expect(await socket.cut()).toBe('io server disconnect')
        // That instance's session cache holds a session for up to SESSION_CACHE_MS (2.5 s) after
        // another instance ended it (src/auth/session-cache.ts): refused within 5 s there too.
        await waitFor(
          async () => (await fetch(`${second.url}/api/auth/me`, { headers: user.headers })).status === 401,
          5000,
          'the other instance to refuse the session',
        )
        expect((await fetch(`${first.url}/api/auth/me`, { headers: user.headers })).status).toBe(401)
      } finally {
        await cluster.close()
      }
    },
    90_000,
  )
})
