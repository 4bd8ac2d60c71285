import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { clientIp } from '../access/client-ip'
import { expectError, sendJson } from '../test/auth'
import { startApp, type TestApp } from '../test/harness'
import { createRateLimiter } from './rate-limiter'

const TOO_MANY = 'Too many requests. Please try again later.'

describe('createRateLimiter', () => {
  test('allows `limit` requests per window, refuses the next with the time to wait', () => {
    let now = 60_000
    const limiter = createRateLimiter(60_000, () => now)
    const check = [{ key: 'k', limit: 3 }]
    expect([1, 2, 3].map(() => limiter.hit(check).allowed)).toEqual([true, true, true])
    now += 10_000
    const refused = limiter.hit(check)
    expect(refused.allowed).toBe(false)
    // Full in this window: the next one opens in 50 s, and then this window's 3 still weigh fully.
    expect(refused.retryAfterMs).toBeGreaterThan(50_000)
  })

  test('slides: the previous window weighs less as time passes', () => {
    let now = 0
    const limiter = createRateLimiter(60_000, () => now)
    const check = [{ key: 'k', limit: 4 }]
    for (let i = 0; i < 4; i++) limiter.hit(check)
    now = 60_000 // next window: the previous 4 count fully
    expect(limiter.hit(check).allowed).toBe(false)
    now = 60_000 + 30_000 // half-way: they count as 2
    expect(limiter.hit(check).allowed).toBe(true)
    expect(limiter.hit(check).allowed).toBe(true)
    const refused = limiter.hit(check)
    expect(refused.allowed).toBe(false)
    // Waiting the advertised time is enough.
    now += refused.retryAfterMs
    expect(limiter.hit(check).allowed).toBe(true)
  })

  test('a refused request counts against nothing, and one full key blocks the others', () => {
    const now = 0
    const limiter = createRateLimiter(1000, () => now)
    limiter.hit([{ key: 'small', limit: 1 }])
    expect(
      limiter.hit([
        { key: 'big', limit: 5 },
        { key: 'small', limit: 1 },
      ]).allowed,
    ).toBe(false)
    for (let i = 0; i < 5; i++) expect(limiter.hit([{ key: 'big', limit: 5 }]).allowed).toBe(true)
  })

  test('forgets keys two windows old, so memory stays bounded', () => {
    let now = 0
    const limiter = createRateLimiter(1000, () => now)
    for (let i = 0; i < 100; i++) limiter.hit([{ key: `ip-${i}`, limit: 1 }])
    expect(limiter.size).toBe(100)
    now = 2500
    limiter.hit([{ key: 'fresh', limit: 1 }])
    expect(limiter.size).toBe(1)
  })
})

describe('clientIp', () => {
  const server = { requestIP: () => ({ address: '10.0.0.9' }) }
  const forwarded = new Request('http://x/', { headers: { 'x-forwarded-for': '1.2.3.4, 192.168.1.7' } })

  test('uses the socket peer and ignores X-Forwarded-For unless the proxy is trusted', () => {
    expect(clientIp(forwarded, server, false)).toBe('10.0.0.9')
  })

  test('behind a trusted proxy uses the address the proxy appended, not what the client claimed', () => {
    expect(clientIp(forwarded, server, true)).toBe('192.168.1.7')
  })
})

describe('rate limits on the sign-in endpoints', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_IP: '5',
      RATE_LIMIT_LOGIN_PER_EMAIL: '2',
      RATE_LIMIT_SIGNUP_PER_IP: '3',
      RATE_LIMIT_SIGNUP_PER_EMAIL: '100',
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '100',
      RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '2',
    })
  }, 60_000)
  afterAll(() => t.close())

  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  const login = (email: string, ip: string) =>
    sendJson(t, 'POST', '/api/auth/login', { email, password: 'wrong-pass' }, from(ip))

  test('login: a third try on one address from one IP answers 429 with Retry-After', async () => {
    expect((await login('victim@example.com', '1.1.1.1')).status).toBe(401)
    expect((await login('Victim@Example.com', '1.1.1.1')).status).toBe(401)
    const refused = await login('victim@example.com', '1.1.1.1')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await expectError(refused, 429, TOO_MANY)
    // Another IP may still try that address: one attacker cannot lock a colleague out.
    expect((await login('victim@example.com', '2.2.2.2')).status).toBe(401)
  })

  test('login: one IP is capped across addresses', async () => {
    const ip = '3.3.3.3'
    for (let i = 0; i < 5; i++) expect((await login(`a${i}@example.com`, ip)).status).toBe(401)
    await expectError(await login('a9@example.com', ip), 429, TOO_MANY)
    expect((await login('a9@example.com', '4.4.4.4')).status).toBe(401)
  })

  test('signup: capped per IP', async () => {
    const signup = (i: number) =>
      sendJson(
        t,
        'POST',
        '/api/auth/signup',
        { email: `new${i}@example.com`, password: 'secret123', fullName: 'N' },
        from('5.5.5.5'),
      )
    for (let i = 0; i < 3; i++) expect((await signup(i)).status).toBe(200)
    await expectError(await signup(3), 429, TOO_MANY)
  })

  test('forgot-password: capped per address whatever the IP, so nobody floods a mailbox', async () => {
    const forgot = (ip: string) =>
      sendJson(t, 'POST', '/api/auth/forgot-password', { email: 'new0@example.com' }, from(ip))
    expect((await forgot('6.6.6.1')).status).toBe(200)
    expect((await forgot('6.6.6.2')).status).toBe(200)
    await expectError(await forgot('6.6.6.3'), 429, TOO_MANY)
  })
})

describe('rate limits over a real socket', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = await startApp({
      RATE_LIMIT_LOGIN_PER_IP: '2',
      RATE_LIMIT_LOGIN_PER_EMAIL: '100',
    })
    t.app.listen({ port: 0, hostname: '127.0.0.1' })
    base = `http://127.0.0.1:${t.app.server!.port}`
  }, 60_000)
  afterAll(async () => {
    await t.app.stop(true)
    await t.close()
  })

  test('counts by the peer address; a forged X-Forwarded-For does not reset the count', async () => {
    const login = (spoof: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
        body: JSON.stringify({ email: `${spoof}@example.com`, password: 'wrong-pass' }),
      })
    expect((await login('7.7.7.1')).status).toBe(401)
    expect((await login('7.7.7.2')).status).toBe(401)
    await expectError(await login('7.7.7.3'), 429, TOO_MANY)
  })
})

describe('rate limits on the current-password check (issue 26, point 18)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_IP: '5',
      RATE_LIMIT_LOGIN_PER_EMAIL: '3',
    })
  }, 60_000)
  afterAll(() => t.close())

  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  const changePassword = (user: { headers: Record<string, string> }, currentPassword: string, ip: string) =>
    sendJson(
      t,
      'PATCH',
      '/api/auth/password',
      { currentPassword, password: 'brand-new-secret-1' },
      { ...user.headers, ...from(ip) },
    )
  const changeEmail = (user: { headers: Record<string, string> }, currentPassword: string, ip: string) =>
    sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { currentPassword, email: 'elsewhere@example.com' },
      { ...user.headers, ...from(ip) },
    )

  test('a session guessing the password is held like sign-in: per account, whatever the IP and the route', async () => {
    const alice = await t.createUser({ email: 'guessed@example.com', password: 'the-right-one-1' })
    expect((await changePassword(alice, 'guess-1', '8.8.8.1')).status).toBe(401)
    expect((await changeEmail(alice, 'guess-2', '8.8.8.2')).status).toBe(401)
    expect((await changePassword(alice, 'guess-3', '8.8.8.3')).status).toBe(401)
    // A fourth guess, from yet another address and through the other route, waits.
    const refused = await changeEmail(alice, 'guess-4', '8.8.8.4')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await expectError(refused, 429, TOO_MANY)
    expect((await changePassword(alice, 'the-right-one-1', '8.8.8.5')).status).toBe(429)
    // Another account is not held by Alice's counter.
    const bob = await t.createUser({ email: 'unguessed@example.com', password: 'bobs-own-secret-1' })
    expect((await changePassword(bob, 'bobs-own-secret-1', '8.8.8.6')).status).toBe(200)
  })

  test('one IP is capped across accounts', async () => {
    const ip = '9.9.9.9'
    const people = await Promise.all(
      [1, 2, 3].map((i) => t.createUser({ email: `ip-${i}@example.com`, password: 'their-secret-1' })),
    )
    const tries = [people[0], people[0], people[1], people[1], people[2]]
    for (const person of tries) expect((await changePassword(person!, 'wrong-guess', ip)).status).toBe(401)
    await expectError(await changePassword(people[2]!, 'wrong-guess', ip), 429, TOO_MANY)
  })

  test('the check comes after the session: a stranger gets 401 and counts against nothing', async () => {
    const carol = await t.createUser({ email: 'carol-limit@example.com', password: 'carols-secret-1' })
    for (let i = 0; i < 10; i++) {
      const res = await sendJson(
        t,
        'PATCH',
        '/api/auth/password',
        { currentPassword: 'x', password: 'y' },
        from('7.7.7.7'),
      )
      expect(res.status).toBe(401)
    }
    expect((await changePassword(carol, 'carols-secret-1', '7.7.7.7')).status).toBe(200)
  })
})
