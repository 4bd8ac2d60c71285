import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, identityProviders, userIdentities } from '../../../db/schema'
import { openSecret } from '../../crypto/secret-box'
import { type FakeOidcProvider, startOidcProvider } from '../../test/fakes/oidc-provider'
import { startApp, type TestApp, type TestUser } from '../../test/harness'

/* Admin › Sign-in (issue 29): identity providers and the sign-in settings. */

// biome-ignore lint/suspicious/noExplicitAny: loose JSON in assertions
type Loose = any
const SECRET = 'super-secret-client-value-29'

let t: TestApp
let op: FakeOidcProvider
let admin: TestUser
let alice: TestUser

beforeAll(async () => {
  op = await startOidcProvider({})
  t = await startApp({
    OIDC_ISSUER: 'https://login.example.com',
    OIDC_CLIENT_ID: 'env-client',
    OIDC_CLIENT_SECRET: 'env-secret-value',
    OIDC_LABEL: 'Corporate SSO',
    OIDC_ADMIN_GROUPS: 'admins, it',
  })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  alice = await t.createUser({ email: 'alice@example.com' })
})
afterAll(async () => {
  await t?.close()
  await op?.close()
})

async function call(
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await t.request(`/api/admin${path}`, {
    method,
    headers: {
      ...(user?.headers ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Loose, text }
}

const lastAudit = async (action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
  return row
}

const newProvider = (extra: Record<string, unknown> = {}) =>
  call(admin, 'POST', '/identity-providers', {
    label: 'Staff login',
    issuer: op.issuer,
    clientId: 'parley',
    clientSecret: SECRET,
    ...extra,
  })

describe('who may', () => {
  test('without a session 401, a non-admin 403, support access 403 forbidden:impersonating, on every route', async () => {
    const created = await newProvider({ label: 'Who may' })
    const id = created.body.data.provider.id
    const routes: [string, string, unknown?][] = [
      ['GET', '/identity-providers'],
      ['POST', '/identity-providers', { label: 'x', issuer: op.issuer, clientId: 'x', clientSecret: 'y' }],
      ['PATCH', `/identity-providers/${id}`, { label: 'Nope' }],
      ['DELETE', `/identity-providers/${id}`],
      ['POST', '/identity-providers/discover', { issuer: op.issuer }],
      ['GET', '/sign-in'],
      ['PUT', '/sign-in', { signup: false }],
    ]
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: alice.id,
        reasonCode: 'customer_request',
        caseNumber: 'CASE-29',
        durationMinutes: 60,
      }),
    })
    expect(started.status).toBe(201)
    const token = ((await started.json()) as Loose).data.token as string
    const support = { headers: { authorization: `Bearer ${token}` } }
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status).toBe(401)
      const user = await call(alice, method, path, body)
      expect({ method, path, status: user.status, code: user.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden:admin',
      })
      const acting = await call(support, method, path, body)
      expect({ method, path, status: acting.status, code: acting.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    expect(
      (await call(admin, 'GET', '/identity-providers')).body.data.providers.map((p: Loose) => p.label),
    ).toContain('Who may')
    expect((await call(admin, 'DELETE', `/identity-providers/${id}`)).status).toBe(200)
  })
})

describe('identity providers', () => {
  test('the environment provider is listed read-only; PATCH and DELETE on it answer 409', async () => {
    const list = await call(admin, 'GET', '/identity-providers')
    expect(list.status).toBe(200)
    expect(list.body.data.providers[0]).toEqual({
      id: 'env',
      label: 'Corporate SSO',
      issuer: 'https://login.example.com',
      clientId: 'env-client',
      scopes: 'openid email profile',
      allowedDomains: [],
      groupsClaim: null,
      adminGroups: ['admins', 'it'],
      enabled: true,
      source: 'environment',
      createdAt: null,
    })
    expect(list.text).not.toContain('env-secret-value')
    for (const [method, body] of [
      ['PATCH', { label: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(admin, method, '/identity-providers/env', body)
      expect(response.status).toBe(409)
      expect(response.body.code).toBe('conflict:environment_provider')
    }
  })

  test('create: 201, defaults, secret sealed with APP_SECRET and never answered; audited without it', async () => {
    const created = await newProvider({
      allowedDomains: ['Example.COM', '@example.org'],
      groupsClaim: 'groups',
      adminGroups: ['Parley Admins'],
    })
    expect(created.status).toBe(201)
    const provider = created.body.data.provider
    expect(provider).toMatchObject({
      label: 'Staff login',
      issuer: op.issuer,
      clientId: 'parley',
      scopes: 'openid email profile',
      allowedDomains: ['example.com', 'example.org'],
      groupsClaim: 'groups',
      adminGroups: ['Parley Admins'],
      enabled: true,
      source: 'admin',
    })
    expect(created.text).not.toContain(SECRET)
    expect(provider.clientSecret).toBeUndefined()
    const [row] = await t.database.db
      .select()
      .from(identityProviders)
      .where(eq(identityProviders.id, provider.id))
    expect(row!.clientSecretSealed).not.toContain(SECRET)
    expect(openSecret(t.ctx.config.appSecret, row!.clientSecretSealed)).toBe(SECRET)
    const list = await call(admin, 'GET', '/identity-providers')
    expect(list.text).not.toContain(SECRET)
    const audit = await lastAudit('identity_provider.create')
    expect(audit!.targetId).toBe(provider.id)
    expect(JSON.stringify(audit!.details)).not.toContain(SECRET)
    expect(JSON.stringify(audit!.details)).not.toContain(row!.clientSecretSealed)
    // The public list shows it (enabled).
    const providers = (await (await t.request('/api/auth/providers')).json()) as Loose
    expect(providers.data.providers).toContainEqual({ id: provider.id, label: 'Staff login' })
  })

  test('update: fields change, an omitted secret stays, a new one is sealed; audited with the changes', async () => {
    const { id } = (await newProvider({ label: 'Before' })).body.data.provider
    const patched = await call(admin, 'PATCH', `/identity-providers/${id}`, {
      label: 'After',
      enabled: false,
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data.provider).toMatchObject({ label: 'After', enabled: false })
    const sealed = async () =>
      (await t.database.db.select().from(identityProviders).where(eq(identityProviders.id, id)))[0]!
        .clientSecretSealed
    expect(openSecret(t.ctx.config.appSecret, await sealed())).toBe(SECRET)
    const audit = await lastAudit('identity_provider.update')
    expect(audit!.details).toEqual({
      changes: { label: { from: 'Before', to: 'After' }, enabled: { from: true, to: false } },
      secretChanged: false,
    })
    await call(admin, 'PATCH', `/identity-providers/${id}`, { clientSecret: 'a-new-secret' })
    expect(openSecret(t.ctx.config.appSecret, await sealed())).toBe('a-new-secret')
    expect((await lastAudit('identity_provider.update'))!.details).toEqual({
      changes: {},
      secretChanged: true,
    })
    // Disabled: not on the sign-in card.
    const providers = (await (await t.request('/api/auth/providers')).json()) as Loose
    expect(providers.data.providers.map((p: Loose) => p.id)).not.toContain(id)
  })

  test('delete: the row and its links go, the accounts stay; audited', async () => {
    const { id } = (await newProvider({ label: 'Doomed' })).body.data.provider
    await t.database.db.insert(userIdentities).values({ providerId: id, subject: 'a-sub', userId: alice.id })
    const response = await call(admin, 'DELETE', `/identity-providers/${id}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true })
    expect(
      await t.database.db.select().from(userIdentities).where(eq(userIdentities.providerId, id)),
    ).toEqual([])
    expect((await t.request('/api/auth/me', { headers: alice.headers })).status).toBe(200)
    expect((await lastAudit('identity_provider.delete'))!.details).toMatchObject({ label: 'Doomed' })
    expect((await call(admin, 'DELETE', `/identity-providers/${id}`)).status).toBe(404)
  })

  test('validation: 4xx with a code, never 5xx', async () => {
    const cases: [Record<string, unknown>, string?][] = [
      [{ issuer: 'not a url' }, 'bad_request:issuer'],
      [{ issuer: 'http://login.example.com' }, 'bad_request:issuer'],
      [{ issuer: 'https://login.example.com?x=1' }, 'bad_request:issuer'],
      [{ label: '   ' }, 'bad_request:label'],
      [{ clientSecret: '' }, 'bad_request:clientSecret'],
      [{ scopes: 'email profile' }, 'bad_request:scopes'],
      [{ allowedDomains: ['not a domain'] }, 'bad_request:allowed_domains'],
      [{ allowedDomains: 'example.com' }],
      [{ enabled: 'yes' }],
      [{ label: 'x'.repeat(101) }],
      [{ adminGroups: [1, 2] }],
    ]
    for (const [extra, code] of cases) {
      const response = await newProvider(extra)
      expect({ extra, status: response.status >= 400 && response.status < 500 }).toEqual({
        extra,
        status: true,
      })
      if (code) expect({ extra, code: response.body.code }).toEqual({ extra, code })
    }
    const missing = await call(admin, 'POST', '/identity-providers', { label: 'x' })
    expect(missing.status).toBeGreaterThanOrEqual(400)
    expect(missing.status).toBeLessThan(500)
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000'])
      expect((await call(admin, 'PATCH', `/identity-providers/${id}`, { label: 'x' })).status).toBe(404)
    const bad = await call(admin, 'PATCH', '/identity-providers/nope', { label: 5 })
    expect(bad.status).toBeGreaterThanOrEqual(400)
    expect(bad.status).toBeLessThan(500)
  })
})

describe('discover', () => {
  test('a real provider: what discovery found', async () => {
    const response = await call(admin, 'POST', '/identity-providers/discover', { issuer: op.issuer })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      ok: true,
      issuer: op.issuer,
      authorizationEndpoint: `${op.issuer}/auth`,
      tokenEndpoint: `${op.issuer}/token`,
      jwksUri: `${op.issuer}/jwks`,
    })
    expect(response.body.data.scopesSupported).toContain('openid')
    expect(response.body.data.claimsSupported).toContain('email')
  })

  test('failures in plain English: unreachable, not JSON, issuer mismatch, timed out, not https', async () => {
    const gone = await startOidcProvider({})
    const goneIssuer = gone.issuer
    await gone.close()
    const odd = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        const path = new URL(request.url).pathname
        if (path.startsWith('/html'))
          return new Response('<html>hi</html>', { headers: { 'content-type': 'text/html' } })
        if (path.startsWith('/other'))
          return Response.json({ issuer: 'https://someone-else.example', authorization_endpoint: 'x' })
        if (path.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 5000))
        return new Response('nope', { status: 500 })
      },
    })
    const base = `http://127.0.0.1:${odd.port}`
    const { identityRuntime } = await import('../../identity/runtime')
    identityRuntime(t.ctx).timeoutMs = 1000
    try {
      const message = async (issuer: string) => {
        const response = await call(admin, 'POST', '/identity-providers/discover', { issuer })
        expect(response.status).toBe(200)
        expect(response.body.data.ok).toBe(false)
        return response.body.data.message as string
      }
      expect(await message(goneIssuer)).toContain('could not be reached')
      expect(await message(`${base}/html`)).toContain('not a JSON discovery document')
      expect(await message(`${base}/other`)).toContain('issuer mismatch')
      expect(await message(`${base}/slow`)).toContain('did not answer within 1 s')
      expect(await message(`${base}/broken`)).toContain('HTTP 500')
      expect(await message('http://login.example.com')).toContain('https')
      expect(await message('nonsense')).toContain('URL')
    } finally {
      identityRuntime(t.ctx).timeoutMs = 10_000
      odd.stop(true)
    }
  }, 20_000)
})

describe('sign-in settings', () => {
  test('GET answers the defaults (password from the environment)', async () => {
    const response = await call(admin, 'GET', '/sign-in')
    expect(response.body.data).toEqual({
      passwordEnabled: true,
      signup: true,
      allowedDomains: [],
      passwordFromEnvironment: true,
    })
  })

  test('PUT changes, answers the new settings, audits sign_in.update; null returns password to the environment', async () => {
    const response = await call(admin, 'PUT', '/sign-in', { signup: false, allowedDomains: ['Example.com'] })
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({
      passwordEnabled: true,
      signup: false,
      allowedDomains: ['example.com'],
      passwordFromEnvironment: true,
    })
    expect((await lastAudit('sign_in.update'))!.details).toEqual({
      changes: { signup: { from: true, to: false }, allowedDomains: { from: [], to: ['example.com'] } },
    })
    const off = await call(admin, 'PUT', '/sign-in', { passwordEnabled: false })
    expect(off.body.data).toMatchObject({ passwordEnabled: false, passwordFromEnvironment: false })
    const back = await call(admin, 'PUT', '/sign-in', {
      passwordEnabled: null,
      signup: true,
      allowedDomains: [],
    })
    expect(back.body.data).toEqual({
      passwordEnabled: true,
      signup: true,
      allowedDomains: [],
      passwordFromEnvironment: true,
    })
  })

  test('turning password sign-in off with no enabled provider: 409 conflict:no_provider', async () => {
    const app = await startApp()
    try {
      const boss = await app.createUser({ role: 'admin' })
      const response = await app.request('/api/admin/sign-in', {
        method: 'PUT',
        headers: { ...boss.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ passwordEnabled: false }),
      })
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({
        success: false,
        error: 'Add and enable an identity provider before turning password sign-in off',
        code: 'conflict:no_provider',
      })
    } finally {
      await app.close()
    }
  })

  test('validation: 4xx, never 5xx', async () => {
    for (const body of [
      { passwordEnabled: 'no' },
      { signup: 1 },
      { allowedDomains: ['bad domain'] },
      { allowedDomains: 5 },
    ]) {
      const response = await call(admin, 'PUT', '/sign-in', body)
      expect({ body, ok: response.status >= 400 && response.status < 500 }).toEqual({ body, ok: true })
    }
  })
})
