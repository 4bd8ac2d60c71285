import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { userIdentities, users } from '../../db/schema'
import { type FakeOidcProvider, startOidcProvider } from '../test/fakes/oidc-provider'
import { startApp, type TestApp } from '../test/harness'
import { callback, signInError, signInThrough, startSignIn } from './oidc-test-flow'
import { identityRuntime } from './runtime'

/*
 * Issue 29's hostile list. The ID token cases need a provider that misbehaves on purpose, which
 * oidc-provider cannot be made to do: a tiny hand-written provider (test code only) answers
 * discovery, its JWK Set, /authorize and a /token that hands out crafted ID tokens. Parley never
 * checks a token by hand: openid-client does, and these tests show it refuses each one.
 */

type Mode =
  | 'good'
  | 'issuer'
  | 'audience'
  | 'signature'
  | 'none'
  | 'expired'
  | 'nonce'
  | 'slow-token'
  | 'slow-discovery'

interface Crafty {
  issuer: string
  mode: Mode
  close(): void
}

function b64url(value: object | Buffer) {
  return (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url')
}

function sign(header: object, payload: object, key: KeyObject | null) {
  const input = `${b64url(header)}.${b64url(payload)}`
  if (!key) return `${input}.`
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`
}

function startCrafty(clientId: string): Crafty {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...keys.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }
  const codes = new Map<string, { nonce: string }>()
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const state: Crafty = { issuer: '', mode: 'good', close: () => server.stop(true) }
  const json = (body: unknown) => Response.json(body)
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const issuer = state.issuer
      if (url.pathname === '/.well-known/openid-configuration') {
        if (state.mode === 'slow-discovery') await sleep(5000)
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        })
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] })
      if (url.pathname === '/authorize') {
        const code = crypto.randomUUID()
        codes.set(code, { nonce: url.searchParams.get('nonce') ?? '' })
        const back = new URL(url.searchParams.get('redirect_uri')!)
        back.searchParams.set('code', code)
        back.searchParams.set('state', url.searchParams.get('state') ?? '')
        return Response.redirect(back.href, 302)
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await request.text())
        const grant = codes.get(form.get('code') ?? '')
        if (!grant) return Response.json({ error: 'invalid_grant' }, { status: 400 })
        codes.delete(form.get('code')!)
        if (state.mode === 'slow-token') await sleep(5000)
        const now = Math.floor(Date.now() / 1000)
        const mode = state.mode
        const payload = {
          iss: mode === 'issuer' ? 'https://impostor.example' : issuer,
          aud: mode === 'audience' ? 'someone-else' : clientId,
          sub: 'crafted-subject',
          nonce: mode === 'nonce' ? 'not-the-nonce' : grant.nonce,
          iat: mode === 'expired' ? now - 7200 : now,
          exp: mode === 'expired' ? now - 3600 : now + 600,
          email: 'crafted@example.com',
          email_verified: true,
          name: 'Crafted',
        }
        const idToken =
          mode === 'none'
            ? sign({ alg: 'none', typ: 'JWT' }, payload, null)
            : sign(
                { alg: 'RS256', kid: 'k1', typ: 'JWT' },
                payload,
                mode === 'signature' ? other.privateKey : keys.privateKey,
              )
        return json({
          access_token: crypto.randomUUID(),
          token_type: 'Bearer',
          expires_in: 600,
          id_token: idToken,
        })
      }
      return new Response('not found', { status: 404 })
    },
  })
  state.issuer = `http://127.0.0.1:${server.port}`
  return state
}

const CLIENT = { client_id: 'parley', client_secret: 'parley-secret-value-0123456789' }
let crafty: Crafty
let op: FakeOidcProvider
let t: TestApp
let realId: string

beforeAll(async () => {
  crafty = startCrafty(CLIENT.client_id)
  op = await startOidcProvider({
    accounts: [{ sub: 'alice', email: 'alice@example.com', email_verified: true, name: 'Alice' }],
  })
  t = await startApp({
    OIDC_ISSUER: crafty.issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
  })
  const admin = await t.createUser({
    role: 'admin',
    email: 'admin@example.com',
    password: 'a-long-password-1',
  })
  // The real provider as an administrator's provider (a row): its callback URL has the row's id.
  const created = await t.as(admin).api.admin['identity-providers'].post({
    label: 'Real',
    issuer: op.issuer,
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
  })
  realId = created.data!.data.provider.id
  op.setClient({ ...CLIENT, redirect_uris: [`http://localhost/api/auth/oidc/${realId}/callback`] })
})
afterAll(async () => {
  await t?.close()
  await op?.close()
  crafty?.close()
})

const crafted = async () => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'crafted@example.com'))
  return row
}
const noRowsMade = async () => {
  expect(await crafted()).toBeUndefined()
  expect(
    await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'crafted-subject')),
  ).toEqual([])
}

/** Start at Parley, follow the crafted provider's /authorize, come back with this browser's cookie. */
async function throughCrafty(mode: Mode) {
  crafty.mode = mode
  const started = await startSignIn(t, 'env')
  const authorize = await fetch(started.location, { redirect: 'manual' })
  const back = new URL(authorize.headers.get('location')!)
  const began = performance.now()
  const response = await callback(t, back, `parley_oidc=${started.state}`)
  return { response, ms: performance.now() - began }
}

describe('the ID token, as openid-client verifies it', () => {
  test('the hand-made provider works when it behaves (the control case)', async () => {
    const { response } = await throughCrafty('good')
    expect(response.headers.get('location')).toBe('/')
    expect(await crafted()).toBeDefined()
    await t.database.db.delete(users).where(eq(users.email, 'crafted@example.com'))
    await t.database.db.delete(userIdentities).where(eq(userIdentities.subject, 'crafted-subject'))
  })

  for (const mode of ['issuer', 'audience', 'signature', 'none', 'expired', 'nonce'] as const) {
    const what = {
      issuer: 'wrong issuer',
      audience: 'wrong audience',
      signature: 'wrong signature',
      none: 'alg none',
      expired: 'expired',
      nonce: 'wrong nonce',
    }[mode]
    test(`${what}: \`invalid\`, nothing created`, async () => {
      const { response } = await throughCrafty(mode)
      expect(signInError(response)).toBe('invalid')
      await noRowsMade()
    })
  }
})

describe('state', () => {
  test('missing state: `state`', async () => {
    const started = await startSignIn(t, realId)
    const back = await op.signIn(started.location, 'alice')
    back.searchParams.delete('state')
    expect(signInError(await callback(t, back, `parley_oidc=${started.state}`))).toBe('state')
  })

  test('state from another browser (no parley_oidc cookie, or another one): `state`', async () => {
    const started = await startSignIn(t, realId)
    const back = await op.signIn(started.location, 'alice')
    expect(signInError(await callback(t, back))).toBe('state')
    const other = await startSignIn(t, realId)
    expect(signInError(await callback(t, back, `parley_oidc=${other.state}`))).toBe('state')
  })

  test('a replayed callback (state already used): `state`', async () => {
    const { response, back, started } = await signInThrough(t, op, 'alice', { providerId: realId })
    expect(response.headers.get('location')).toBe('/')
    expect(signInError(await callback(t, back, `parley_oidc=${started.state}`))).toBe('state')
  })

  test('an expired state (over 10 minutes): `state`', async () => {
    const started = await startSignIn(t, realId)
    const back = await op.signIn(started.location, 'alice')
    const now = t.ctx.now
    t.ctx.now = () => new Date(Date.now() + 11 * 60 * 1000)
    try {
      expect(signInError(await callback(t, back, `parley_oidc=${started.state}`))).toBe('state')
    } finally {
      t.ctx.now = now
    }
  })

  test('a code used twice (with a fresh state of this browser): `invalid`', async () => {
    const { back } = await signInThrough(t, op, 'alice', { providerId: realId })
    const fresh = await startSignIn(t, realId)
    const reused = new URL(back)
    reused.searchParams.set('state', fresh.state)
    expect(signInError(await callback(t, reused, `parley_oidc=${fresh.state}`))).toBe('invalid')
  })
})

describe('a provider down or slow', () => {
  test('slow token endpoint: `unavailable` within the timeout (1 s here, 10 s in production)', async () => {
    identityRuntime(t.ctx).timeoutMs = 1000
    try {
      const { response, ms } = await throughCrafty('slow-token')
      expect(signInError(response)).toBe('unavailable')
      expect(ms).toBeLessThan(2500)
    } finally {
      identityRuntime(t.ctx).timeoutMs = 10_000
      crafty.mode = 'good'
    }
  })

  test('slow discovery at the start: `unavailable` within the timeout', async () => {
    identityRuntime(t.ctx).timeoutMs = 1000
    identityRuntime(t.ctx).discovery.forget({ ...(await envProvider()) })
    crafty.mode = 'slow-discovery'
    try {
      const began = performance.now()
      const response = await t.request('/api/auth/oidc/env/start')
      expect(signInError(response)).toBe('unavailable')
      expect(performance.now() - began).toBeLessThan(2500)
    } finally {
      identityRuntime(t.ctx).timeoutMs = 10_000
      crafty.mode = 'good'
    }
  })

  test('a provider that is down: `unavailable` at once; password sign-in unaffected', async () => {
    const down = await startOidcProvider({})
    const issuer = down.issuer
    await down.close()
    const app = await startApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })
    try {
      await app.createUser({ email: 'pw@example.com', password: 'a-long-password-1' })
      const began = performance.now()
      expect(signInError(await app.request('/api/auth/oidc/env/start'))).toBe('unavailable')
      expect(performance.now() - began).toBeLessThan(2000)
      const login = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'pw@example.com', password: 'a-long-password-1' }),
      })
      expect(login.status).toBe(200)
    } finally {
      await app.close()
    }
  })

  test('the provider going down between start and callback: `unavailable`', async () => {
    const flaky = startCrafty(CLIENT.client_id)
    const app = await startApp({
      OIDC_ISSUER: flaky.issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
    })
    try {
      const started = await startSignIn(app, 'env')
      const authorize = await fetch(started.location, { redirect: 'manual' })
      const back = new URL(authorize.headers.get('location')!)
      flaky.close()
      expect(signInError(await callback(app, back, `parley_oidc=${started.state}`))).toBe('unavailable')
    } finally {
      await app.close()
      flaky.close()
    }
  })
})

describe('malformed requests', () => {
  test('an unknown or malformed provider id sends back to the card as `unavailable`', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', 'x'.repeat(100)])
      expect(signInError(await t.request(`/api/auth/oidc/${id}/start`))).toBe('unavailable')
    for (const id of ['%00', 'x'.repeat(101)]) {
      const response = await t.request(`/api/auth/oidc/${id}/start`)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
  })

  test('a callback for an unknown provider, or with garbage, answers `state`, never 5xx', async () => {
    const responses = [
      await t.request('/api/auth/oidc/nope/callback?code=x&state=y', {
        headers: { cookie: 'parley_oidc=y' },
      }),
      await t.request('/api/auth/oidc/env/callback', { headers: { cookie: 'parley_oidc=%E0%A4%A' } }),
      await t.request('/api/auth/oidc/env/callback?state=a&state=b&code=1'),
    ]
    for (const response of responses) expect(signInError(response)).toBe('state')
  })

  test('starts are rate limited per IP like password sign-in (each stores a sign-in under way)', async () => {
    const app = await startApp({
      OIDC_ISSUER: crafty.issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      RATE_LIMIT_LOGIN_PER_IP: '2',
    })
    try {
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await app.request('/api/auth/oidc/env/start')).status)
      expect(statuses).toEqual([302, 302, 429])
    } finally {
      await app.close()
    }
  })

  test('an over-long returnTo is refused 4xx', async () => {
    const response = await t.request(`/api/auth/oidc/env/start?returnTo=/${'a'.repeat(3000)}`)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})

async function envProvider() {
  const { environmentProvider } = await import('./registry')
  return environmentProvider(t.ctx.config)!
}
