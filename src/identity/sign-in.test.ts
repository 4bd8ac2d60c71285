import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { groupMembers, groups, userIdentities, users } from '../../db/schema'
import { type FakeOidcProvider, startOidcProvider } from '../test/fakes/oidc-provider'
import { startApp, type TestApp } from '../test/harness'
import { me, setCookie, signInError, signInThrough, startSignIn } from './oidc-test-flow'

/*
 * Sign-in through a REAL OpenID Provider (oidc-provider on 127.0.0.1) over real sockets: the app
 * discovers it, sends the browser there, and the callback exchanges the code and verifies the ID
 * token with openid-client. Issue 29 points 1–4.
 */

const CLIENT = { client_id: 'parley', client_secret: 'parley-secret-value-0123456789' }
let op: FakeOidcProvider
let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  op = await startOidcProvider({
    accounts: [
      {
        sub: 'alice',
        email: 'alice@example.com',
        email_verified: true,
        name: 'Alice Liddell',
        groups: ['Staff'],
      },
      { sub: 'bob', email: 'bob@example.com', email_verified: true, given_name: 'Bob', family_name: 'Stone' },
      { sub: 'mallory', email: 'carol@example.com', email_verified: false, name: 'Not Carol' },
      { sub: 'carol-real', email: 'carol@example.com', email_verified: true, name: 'Carol' },
      { sub: 'nomail', name: 'No Mail' },
      {
        sub: 'boss',
        email: 'boss@example.com',
        email_verified: true,
        name: 'Boss',
        groups: ['parley-admins'],
      },
      { sub: 'outsider', email: 'someone@elsewhere.org', email_verified: true, name: 'Outsider' },
      { sub: 'banned', email: 'banned@example.com', email_verified: true, name: 'Banned' },
    ],
    clients: [{ ...CLIENT, redirect_uris: ['http://localhost/api/auth/oidc/env/callback'] }],
  })
  t = await startApp({
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_LABEL: 'Example SSO',
    OIDC_GROUPS_CLAIM: 'groups',
    OIDC_ADMIN_GROUPS: 'Parley-Admins',
  })
  admin = await t.createUser({ email: 'root@example.com', role: 'admin', password: 'a-long-password-1' })
})
afterAll(async () => {
  await t?.close()
  await op?.close()
})

const userByEmail = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
  return row
}
const identitiesOf = (userId: string) =>
  t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))

describe('GET /api/auth/providers', () => {
  test('lists the environment provider with its label, and password sign-in on by default', async () => {
    const response = await t.request('/api/auth/providers')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      success: true,
      data: { password: true, signup: true, providers: [{ id: 'env', label: 'Example SSO' }] },
    })
  })
})

describe('the sign-in flow', () => {
  test('start answers 302 to the provider with PKCE S256, state, nonce and the callback URL, and sets parley_oidc', async () => {
    const started = await startSignIn(t, 'env', '?returnTo=/chats&lang=fr')
    const url = new URL(started.location)
    expect(url.origin).toBe(op.issuer)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('client_id')).toBe('parley')
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/oidc/env/callback')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('scope')).toBe('openid email profile')
    expect(url.searchParams.get('state')).toBe(started.state)
    const cookie = started.response.headers.getSetCookie().find((c) => c.startsWith('parley_oidc='))!
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
  })

  test('first sign-in creates the account from the claims, signs in and goes to returnTo', async () => {
    const { response, session } = await signInThrough(t, op, 'alice', {
      query: '?returnTo=/chats/abc&lang=fr',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/chats/abc')
    expect(session).toBeTruthy()
    expect(setCookie(response, 'parley_oidc')).toBe('')
    const who = await me(t, session!)
    expect(who.status).toBe(200)
    expect(who.body.data!.user.email).toBe('alice@example.com')
    const user = (await userByEmail('alice@example.com'))!
    expect(user.fullName).toBe('Alice Liddell')
    expect(user.passwordHash).toBeNull()
    expect(user.emailConfirmedAt).not.toBeNull()
    expect(user.preferredLanguage).toBe('fr')
    expect(user.role).toBe('user')
    expect((await identitiesOf(user.id)).map((row) => [row.providerId, row.subject])).toEqual([
      ['env', 'alice'],
    ])
  })

  test('the second sign-in finds the same account by (provider, sub)', async () => {
    const before = (await t.database.db.select().from(users)).length
    const { response, session } = await signInThrough(t, op, 'alice')
    expect(response.headers.get('location')).toBe('/')
    expect((await me(t, session!)).body.data!.user.email).toBe('alice@example.com')
    expect((await t.database.db.select().from(users)).length).toBe(before)
  })

  test('a name from given and family names when there is no `name`', async () => {
    await signInThrough(t, op, 'bob')
    expect((await userByEmail('bob@example.com'))!.fullName).toBe('Bob Stone')
  })

  test('cancelling at the provider answers `denied`', async () => {
    const started = await startSignIn(t)
    const back = await op.signIn(started.location, 'alice', { deny: true })
    const response = await t.request(back.pathname + back.search, {
      headers: { cookie: `parley_oidc=${started.state}` },
    })
    expect(signInError(response)).toBe('denied')
  })

  test('an unsafe returnTo falls back to /', async () => {
    for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'chats']) {
      const { response } = await signInThrough(t, op, 'alice', {
        query: `?returnTo=${encodeURIComponent(returnTo)}`,
      })
      expect(response.headers.get('location')).toBe('/')
    }
  })
})

describe('linking an existing account', () => {
  test('an unverified e-mail matching an account is refused as `unverified`: nothing linked or created', async () => {
    const carol = await t.createUser({ email: 'carol@example.com', password: 'carol-password-1' })
    const count = (await t.database.db.select().from(users)).length
    const { response, session } = await signInThrough(t, op, 'mallory')
    expect(signInError(response)).toBe('unverified')
    expect(session).toBeUndefined()
    expect(await identitiesOf(carol.id)).toEqual([])
    expect((await t.database.db.select().from(users)).length).toBe(count)
  })

  test('a verified e-mail links the password account (the password still works)', async () => {
    const carol = (await userByEmail('carol@example.com'))!
    const { response, session } = await signInThrough(t, op, 'carol-real')
    expect(response.headers.get('location')).toBe('/')
    expect((await me(t, session!)).body.data!.user.email).toBe('carol@example.com')
    expect((await identitiesOf(carol.id)).map((row) => row.subject)).toEqual(['carol-real'])
    expect((await userByEmail('carol@example.com'))!.passwordHash).toBe(carol.passwordHash)
  })
})

describe('refusals about the account', () => {
  test('no e-mail from the provider: `email`', async () => {
    const { response } = await signInThrough(t, op, 'nomail')
    expect(signInError(response)).toBe('email')
  })

  test('a suspended account: `suspended`, no session', async () => {
    const banned = await t.createUser({ email: 'banned@example.com' })
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id))
    const { response, session } = await signInThrough(t, op, 'banned')
    expect(signInError(response)).toBe('suspended')
    expect(session).toBeUndefined()
  })

  test('sign-up off: a new person is refused as `closed`; an existing one still signs in', async () => {
    await t.as(admin).api.admin['sign-in'].put({ signup: false })
    try {
      const { response } = await signInThrough(t, op, 'outsider')
      expect(signInError(response)).toBe('closed')
      expect(await userByEmail('someone@elsewhere.org')).toBeUndefined()
      expect((await signInThrough(t, op, 'alice')).session).toBeTruthy()
    } finally {
      await t.as(admin).api.admin['sign-in'].put({ signup: true })
    }
  })

  test("the organisation's allowed domains: a new person from another domain is refused as `domain`", async () => {
    await t.as(admin).api.admin['sign-in'].put({ allowedDomains: ['example.com'] })
    try {
      const { response } = await signInThrough(t, op, 'outsider')
      expect(signInError(response)).toBe('domain')
      expect(await userByEmail('someone@elsewhere.org')).toBeUndefined()
    } finally {
      await t.as(admin).api.admin['sign-in'].put({ allowedDomains: [] })
    }
  })
})

describe('groups and the admin role from the provider', () => {
  test('groups from the claim are synced at every sign-in: joined, then left (manual memberships stay)', async () => {
    const [staff] = await t.database.db
      .insert(groups)
      .values({ name: 'Staff', providerGroup: 'staff' })
      .returning()
    const [sales] = await t.database.db
      .insert(groups)
      .values({ name: 'Sales', providerGroup: 'sales' })
      .returning()
    const [club] = await t.database.db.insert(groups).values({ name: 'Book club' }).returning()
    const alice = (await userByEmail('alice@example.com'))!
    await t.database.db.insert(groupMembers).values({ groupId: club!.id, userId: alice.id, source: 'manual' })
    const membership = async () =>
      (await t.database.db.select().from(groupMembers).where(eq(groupMembers.userId, alice.id)))
        .map(
          (row) =>
            `${row.groupId === staff!.id ? 'staff' : row.groupId === sales!.id ? 'sales' : 'club'}:${row.source}`,
        )
        .sort()

    op.setAccount({ sub: 'alice', groups: ['Staff', 'sales'] })
    await signInThrough(t, op, 'alice')
    expect(await membership()).toEqual(['club:manual', 'sales:provider', 'staff:provider'])

    op.setAccount({ sub: 'alice', groups: 'sales' })
    await signInThrough(t, op, 'alice')
    expect(await membership()).toEqual(['club:manual', 'sales:provider'])

    op.setAccount({ sub: 'alice', groups: [] })
    await signInThrough(t, op, 'alice')
    expect(await membership()).toEqual(['club:manual'])
  })

  test('membership of an admin group (compared without case) gives the admin role; leaving it removes it', async () => {
    const first = await signInThrough(t, op, 'boss')
    expect((await me(t, first.session!)).body.data!.user.role).toBe('admin')
    expect((await userByEmail('boss@example.com'))!.role).toBe('admin')

    op.setAccount({ sub: 'boss', groups: ['staff'] })
    const second = await signInThrough(t, op, 'boss')
    expect((await me(t, second.session!)).body.data!.user.role).toBe('user')
  })

  test('the last active admin is not demoted by a sign-in (the organisation would have no admin)', async () => {
    // root@example.com signs in through the provider without being in an admin group: root is the
    // only active admin now (boss was demoted above).
    op.setAccount({ sub: 'root', email: 'root@example.com', email_verified: true, name: 'Root', groups: [] })
    const { session } = await signInThrough(t, op, 'root')
    expect((await me(t, session!)).body.data!.user.role).toBe('admin')
  })
})

describe('password sign-in off', () => {
  test('login, signup and forgot-password answer 403; providers say password:false; the provider still signs in', async () => {
    await t.as(admin).api.admin['sign-in'].put({ passwordEnabled: false })
    try {
      const post = (path: string, body: unknown) =>
        t.request(`/api/auth/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      for (const [path, body] of [
        ['login', { email: 'root@example.com', password: 'a-long-password-1' }],
        ['signup', { email: 'new@example.com', password: 'a-long-password-1', fullName: 'New' }],
        ['forgot-password', { email: 'root@example.com' }],
      ] as const) {
        const response = await post(path, body)
        expect(response.status).toBe(403)
        expect(await response.json()).toEqual({
          success: false,
          error: "Password sign-in is turned off. Use your organisation's sign-in.",
          code: 'forbidden:password_sign_in_off',
        })
      }
      const providers = (await (await t.request('/api/auth/providers')).json()) as { data: unknown }
      expect(providers.data).toEqual({
        password: false,
        signup: false,
        providers: [{ id: 'env', label: 'Example SSO' }],
      })
      expect((await signInThrough(t, op, 'alice')).session).toBeTruthy()
    } finally {
      await t.as(admin).api.admin['sign-in'].put({ passwordEnabled: true })
    }
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'a-long-password-1' }),
    })
    expect(login.status).toBe(200)
  })
})

describe('password sign-up with sign-up off or outside the allowed domains', () => {
  const signup = (email: string) =>
    t.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-password-1', fullName: 'Someone' }),
    })

  test('sign-up off: 403 forbidden:signup_off; providers say signup:false', async () => {
    await t.as(admin).api.admin['sign-in'].put({ signup: false })
    try {
      const response = await signup('late@example.com')
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        success: false,
        error: 'Sign-up is turned off. Ask an administrator to invite you.',
        code: 'forbidden:signup_off',
      })
      const providers = (await (await t.request('/api/auth/providers')).json()) as {
        data: { signup: boolean }
      }
      expect(providers.data.signup).toBe(false)
    } finally {
      await t.as(admin).api.admin['sign-in'].put({ signup: true })
    }
  })

  test('allowed domains: another domain 403 forbidden:domain, an allowed one signs up', async () => {
    await t.as(admin).api.admin['sign-in'].put({ allowedDomains: ['example.com'] })
    try {
      const refused = await signup('someone@elsewhere.net')
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({
        success: false,
        error: 'This e-mail domain is not allowed to sign in here.',
        code: 'forbidden:domain',
      })
      expect((await signup('welcome@EXAMPLE.com')).status).toBe(200)
    } finally {
      await t.as(admin).api.admin['sign-in'].put({ allowedDomains: [] })
    }
  })
})

describe('the last way in', () => {
  test('with password sign-in off, the last enabled provider cannot be disabled or deleted (409)', async () => {
    const api = t.as(admin).api.admin
    const created = await api['identity-providers'].post({
      label: 'Second',
      issuer: op.issuer,
      clientId: 'second',
      clientSecret: 'second-secret',
    })
    const id = created.data!.data.provider.id
    await api['sign-in'].put({ passwordEnabled: false })
    try {
      // The env provider is still enabled: this one may go.
      expect((await api['identity-providers']({ id }).patch({ enabled: false })).status).toBe(200)
    } finally {
      await api['sign-in'].put({ passwordEnabled: true })
    }
    // An app whose only provider is a row.
    const app = await startApp()
    try {
      const boss = await app.createUser({ role: 'admin' })
      const own = await app.as(boss).api.admin['identity-providers'].post({
        label: 'Only',
        issuer: op.issuer,
        clientId: 'only',
        clientSecret: 'only-secret',
      })
      const onlyId = own.data!.data.provider.id
      expect((await app.as(boss).api.admin['sign-in'].put({ passwordEnabled: false })).status).toBe(200)
      for (const response of [
        await app.as(boss).api.admin['identity-providers']({ id: onlyId }).patch({ enabled: false }),
        await app.as(boss).api.admin['identity-providers']({ id: onlyId }).delete(),
      ]) {
        expect(response.status).toBe(409)
        expect((response.error?.value as { code?: string } | undefined)?.code).toBe('conflict:last_provider')
      }
    } finally {
      await app.close()
    }
  })
})
