import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { authTokens, sessions, users } from '../../db/schema'
import { readOutbox } from '../mail/outbox'
import { cookieOf, expectError, linkTokenFromOutbox, sendJson } from '../test/auth'
import { findUser, startApp, type TestApp } from '../test/harness'
import { hashToken } from './session'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
  // Building the first migrated database of a run takes seconds on a busy machine.
}, 60_000)
afterAll(() => t.close())

let counter = 0
const uniqueEmail = (name = 'person') => `${name}${++counter}-${crypto.randomUUID().slice(0, 6)}@example.com`

async function signUp(email = uniqueEmail(), password = 'secret123', fullName = 'Ada Lovelace') {
  const res = await sendJson(t, 'POST', '/api/auth/signup', { email, password, fullName })
  expect(res.status).toBe(200)
  const body = await res.json()
  // A browser never sees the token in the body: it is read from the httpOnly cookie here.
  return { email, password, token: tokenOf(res), user: body.data.user, res }
}

/** A valid 1×1 PNG. */
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

const tokenOf = (response: Response) => cookieOf(response).split('=')[1] ?? ''
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const me = (headers: Record<string, string>) => t.request('/api/auth/me', { headers })

describe('POST /api/auth/signup', () => {
  // Runs first in this file, on an empty database.
  test('of several simultaneous first sign-ups exactly one becomes admin, the rest users', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendJson(t, 'POST', '/api/auth/signup', {
          email: uniqueEmail('first'),
          password: 'secret123',
          fullName: 'First',
        }).then((res) => res.json()),
      ),
    )
    const roles = results.map((body) => body.data.user.role).sort()
    expect(roles).toEqual(['admin', 'user', 'user', 'user'])
  })

  test('a later account is a user, is signed in, and never sees a password hash', async () => {
    const email = uniqueEmail('Mixed.Case')
    const { res, user, token } = await signUp(email)
    expect(user).toMatchObject({ email, fullName: 'Ada Lovelace', role: 'user', emailConfirmed: true })
    expect(token).toMatch(/^[a-z2-7]{32}$/)
    const raw = JSON.stringify(user)
    expect(raw).not.toContain('assword')
    expect(raw).not.toContain('argon2')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toContain(`parley_session=${token}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')
    const body = await (await me(bearer(token))).json()
    expect(body.data.user.email).toBe(email)
  })

  test('the password is stored as an argon2id hash', async () => {
    const { user } = await signUp()
    expect((await findUser(t.database, user.id))!.passwordHash).toStartWith('$argon2id$')
  })

  test('the same e-mail in another letter case is refused with 409', async () => {
    const email = uniqueEmail('dup')
    await signUp(email)
    const res = await sendJson(t, 'POST', '/api/auth/signup', {
      email: email.toUpperCase(),
      password: 'secret123',
      fullName: 'Copy',
    })
    await expectError(res, 409, 'An account with this email already exists')
  })

  test.each([
    [{ password: 'secret123', fullName: 'A' }, 'Please enter a valid email address'],
    [{ email: 'not-an-email', password: 'secret123', fullName: 'A' }, 'Please enter a valid email address'],
    [{ email: 42, password: 'secret123', fullName: 'A' }, 'Please enter a valid email address'],
    [
      { email: 'a@example.com', password: '12345', fullName: 'A' },
      'Password must be at least 6 characters long',
    ],
    [{ email: 'a@example.com', fullName: 'A' }, 'Password must be at least 6 characters long'],
    [
      { email: 'a@example.com', password: 123456, fullName: 'A' },
      'Password must be at least 6 characters long',
    ],
    [{ email: 'a@example.com', password: 'secret123' }, 'Full name is required'],
    [{ email: 'a@example.com', password: 'secret123', fullName: '' }, 'Full name is required'],
    [{ email: 'a@example.com', password: 'secret123', fullName: '   ' }, 'Full name is required'],
    [
      { email: 'a@example.com', password: 'x'.repeat(1025), fullName: 'A' },
      'Password must be at most 1024 characters long',
    ],
    [{ email: 'a@example.com', password: 'secret123', fullName: 'A', role: 'admin' }, 'Unknown field: role'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    await expectError(await sendJson(t, 'POST', '/api/auth/signup', body), 400, message)
  })

  test.each([
    ['{"email":', 'Malformed request body'],
    ['[]', 'Please enter a valid email address'],
  ])('a malformed body %s answers 400, not 500', async (raw, message) => {
    await expectError(await sendJson(t, 'POST', '/api/auth/signup', raw), 400, message)
  })
})

describe('POST /api/auth/login', () => {
  let account: Awaited<ReturnType<typeof signUp>>
  beforeAll(async () => {
    account = await signUp()
  })

  test('signs in with any letter case of the e-mail and sets the session cookie; a page never sees the token', async () => {
    const res = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.success).toBe(true)
    expect(body.data.user.id).toBe(account.user.id)
    expect(JSON.stringify(body)).not.toContain('assword')
    expect(body.data.token).toBeUndefined()
    expect(res.headers.get('set-cookie')).toContain(
      `parley_session=${tokenOf(res)}; Path=/; HttpOnly; SameSite=Lax`,
    )
    // The cookie alone authenticates.
    expect((await me({ cookie: cookieOf(res) })).status).toBe(200)
  })

  test('a client without an Origin header (no web page) gets the token in the body', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data.token).toBe(tokenOf(res))
    expect((await me(bearer(data.token))).status).toBe(200)
  })

  test('a wrong password and an unknown e-mail get the same 401 message', async () => {
    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email: account.email, password: 'wrong-password' }),
      401,
      'Invalid login credentials',
    )
    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'secret123' }),
      401,
      'Invalid login credentials',
    )
  })

  test('an unknown e-mail still costs a password hash, so timing does not reveal which accounts exist', async () => {
    // This suite hashes cheaply; here the cost must dwarf the rest of the request to be measurable.
    const cheap = t.ctx.config.passwordHash
    t.ctx.config.passwordHash = { memoryCost: 32_768, timeCost: 2 }
    const costly = await signUp()
    const timed = async (email: string) => {
      const start = performance.now()
      await sendJson(t, 'POST', '/api/auth/login', { email, password: 'wrong-password' })
      return performance.now() - start
    }
    await timed('warm-up@example.com')
    let known = 0
    let unknown = 0
    for (let i = 0; i < 3; i++) {
      known += await timed(costly.email)
      unknown += await timed(`ghost${i}@example.com`)
    }
    t.ctx.config.passwordHash = cheap
    // Without the dummy hash an unknown address answers in about a millisecond, argon2 takes tens.
    expect(unknown).toBeGreaterThan(known * 0.4)
  }, 30_000)

  test.each([
    [{ email: 'a@example.com' }, 'Password is required'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ password: 'secret123' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: 'secret123', remember: true }, 'Unknown field: remember'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    await expectError(await sendJson(t, 'POST', '/api/auth/login', body), 400, message)
  })

  test('a banned user can neither sign in nor keep using an existing session', async () => {
    const banned = await signUp()
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id))
    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email: banned.email, password: banned.password }),
      403,
      'This account has been suspended',
    )
    await expectError(await me(bearer(banned.token)), 401, 'No active session')
    // A wrong password on a banned account says nothing about the ban.
    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email: banned.email, password: 'nope-nope' }),
      401,
      'Invalid login credentials',
    )
  })
})

describe('sessions', () => {
  test('GET /api/auth/me without a session answers 401', async () => {
    await expectError(await me({}), 401, 'No active session')
  })

  test('a tampered token is refused', async () => {
    const { token } = await signUp()
    const tampered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`
    await expectError(await me(bearer(tampered)), 401, 'No active session')
    await expectError(await me({ cookie: `parley_session=${tampered}` }), 401, 'No active session')
    await expectError(await me(bearer('not a token')), 401, 'No active session')
  })

  test('an expired session is refused and removed', async () => {
    const { token } = await signUp()
    const id = hashToken(token)
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id))
    await expectError(await me(bearer(token)), 401, 'No active session')
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0)
  })

  test('logout deletes the session and clears the cookie', async () => {
    const { token } = await signUp()
    const res = await sendJson(t, 'POST', '/api/auth/logout', undefined, {
      cookie: `parley_session=${token}`,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain(
      'parley_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    )
    await expectError(await me(bearer(token)), 401, 'No active session')
  })

  test('a cookie-authenticated cross-site POST is refused, a Bearer one is not', async () => {
    const { token } = await signUp()
    const evil = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `parley_session=${token}`, origin: 'http://evil.example' },
    })
    await expectError(evil, 403, 'Cross-site request refused')
    const noOrigin = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `parley_session=${token}` },
    })
    expect(noOrigin.status).toBe(403)
    expect((await me(bearer(token))).status).toBe(200)
    const viaBearer = await t.request('/api/auth/logout', { method: 'POST', headers: bearer(token) })
    expect(viaBearer.status).toBe(200)
    expect((await me(bearer(token))).status).toBe(401)
  })
})

describe('PATCH /api/auth/password', () => {
  test('changes the password given the current one; keeps this session, ends the others and their sockets', async () => {
    const account = await signUp()
    const other = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    const otherToken = tokenOf(other)
    const res = await sendJson(
      t,
      'PATCH',
      '/api/auth/password',
      { password: 'brand-new-pw', currentPassword: account.password },
      bearer(account.token),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(t.endedSessions).toContain(hashToken(otherToken))
    expect(t.endedSessions).not.toContain(hashToken(account.token))
    expect((await me(bearer(account.token))).status).toBe(200)
    expect((await me(bearer(otherToken))).status).toBe(401)
    const oldLogin = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(oldLogin.status).toBe(401)
    const newLogin = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: 'brand-new-pw',
    })
    expect(newLogin.status).toBe(200)
  })

  test('refuses a wrong or missing current password, and changes nothing', async () => {
    const account = await signUp()
    const other = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    const wrong = await sendJson(
      t,
      'PATCH',
      '/api/auth/password',
      { password: 'brand-new-pw', currentPassword: 'not-my-password' },
      bearer(account.token),
    )
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      success: false,
      error: 'Current password is incorrect',
      code: 'unauthorized:current_password',
    })
    await expectError(
      await sendJson(t, 'PATCH', '/api/auth/password', { password: 'brand-new-pw' }, bearer(account.token)),
      400,
      'Current password is required',
    )
    // Still the old password, and the other session still works.
    expect((await me(bearer(tokenOf(other)))).status).toBe(200)
    const login = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(login.status).toBe(200)
  })

  test('refuses a short password, an unknown field and an unauthenticated call', async () => {
    const { token, password } = await signUp()
    await expectError(
      await sendJson(
        t,
        'PATCH',
        '/api/auth/password',
        { password: '12345', currentPassword: password },
        bearer(token),
      ),
      400,
      'Password must be at least 6 characters long',
    )
    await expectError(
      await sendJson(
        t,
        'PATCH',
        '/api/auth/password',
        { password: 'secret123', currentPassword: password, oldPassword: 'x' },
        bearer(token),
      ),
      400,
      'Unknown field: oldPassword',
    )
    await expectError(
      await sendJson(t, 'PATCH', '/api/auth/password', { password: 'secret123', currentPassword: password }),
      401,
      'No active session',
    )
  })
})

describe('PATCH /api/auth/email and GET /api/auth/confirm', () => {
  test('mails a link to the new address; the address changes only when it is followed, once', async () => {
    const account = await signUp()
    const newEmail = uniqueEmail('moved')
    const res = await sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { email: newEmail, currentPassword: account.password },
      bearer(account.token),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { pendingEmail: newEmail } })
    expect((await (await me(bearer(account.token))).json()).data.user.email).toBe(account.email)
    // Nothing goes to the old address: the confirmation proves the new one.
    expect((await readOutbox(t.ctx.config.dataDir)).some((mail) => mail.to === account.email)).toBe(false)

    const token = await linkTokenFromOutbox(t, newEmail, '/auth/confirm')
    const confirmed = await t.request(`/api/auth/confirm?token=${token}`)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ success: true, data: { email: newEmail } })
    expect((await (await me(bearer(account.token))).json()).data.user.email).toBe(newEmail)
    await expectError(
      await t.request(`/api/auth/confirm?token=${token}`),
      400,
      'This link is invalid or has expired',
    )
    const login = await sendJson(t, 'POST', '/api/auth/login', {
      email: newEmail,
      password: account.password,
    })
    expect(login.status).toBe(200)
  })

  test('needs the current password: a wrong or missing one is refused and nothing is mailed', async () => {
    const account = await signUp()
    const wanted = uniqueEmail('unasked')
    const wrong = await sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { email: wanted, currentPassword: 'not-my-password' },
      bearer(account.token),
    )
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).code).toBe('unauthorized:current_password')
    await expectError(
      await sendJson(t, 'PATCH', '/api/auth/email', { email: wanted }, bearer(account.token)),
      400,
      'Current password is required',
    )
    expect((await readOutbox(t.ctx.config.dataDir)).some((mail) => mail.to === wanted)).toBe(false)
  })

  test('refuses the address the account already has', async () => {
    const account = await signUp()
    await expectError(
      await sendJson(
        t,
        'PATCH',
        '/api/auth/email',
        { email: account.email, currentPassword: account.password },
        bearer(account.token),
      ),
      400,
      'The new email address is the same as the current one',
    )
  })

  test('refuses an address another account holds, in any letter case', async () => {
    const holder = await signUp()
    const account = await signUp()
    await expectError(
      await sendJson(
        t,
        'PATCH',
        '/api/auth/email',
        { email: holder.email.toUpperCase(), currentPassword: account.password },
        bearer(account.token),
      ),
      409,
      'An account with this email already exists',
    )
  })

  test('re-checks the address when the link is followed: taken in the meantime means 409, no change', async () => {
    const account = await signUp()
    const wanted = uniqueEmail('wanted')
    await sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { email: wanted, currentPassword: account.password },
      bearer(account.token),
    )
    const token = await linkTokenFromOutbox(t, wanted, '/auth/confirm')
    await signUp(wanted.toUpperCase())
    await expectError(
      await t.request(`/api/auth/confirm?token=${token}`),
      409,
      'An account with this email already exists',
    )
    expect((await findUser(t.database, account.user.id))!.email).toBe(account.email)
  })

  test.each([
    [{ email: 'no-at-sign', currentPassword: 'secret123' }, 'Please enter a valid email address'],
    [{ email: '', currentPassword: 'secret123' }, 'Please enter a valid email address'],
    [{ currentPassword: 'secret123' }, 'Please enter a valid email address'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { token } = await signUp()
    await expectError(await sendJson(t, 'PATCH', '/api/auth/email', body, bearer(token)), 400, message)
  })

  test('an unknown, malformed or missing confirmation token is refused', async () => {
    for (const query of ['?token=abcdefghijklmnopqrstuvwxyz234567', '?token=%00', '?token=', '']) {
      await expectError(
        await t.request(`/api/auth/confirm${query}`),
        400,
        'This link is invalid or has expired',
      )
    }
  })
})

describe('forgot and reset password', () => {
  const RESET_ANSWER = {
    success: true,
    message: 'If an account exists for that email, a reset link has been sent.',
  }

  test('answers the same for an unknown address and mails nothing', async () => {
    const before = (await readOutbox(t.ctx.config.dataDir)).length
    const res = await sendJson(t, 'POST', '/api/auth/forgot-password', { email: 'ghost@example.com' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(RESET_ANSWER)
    expect((await readOutbox(t.ctx.config.dataDir)).length).toBe(before)
  })

  test('the reset link is stored only as a hash and works once', async () => {
    const account = await signUp()
    const res = await sendJson(t, 'POST', '/api/auth/forgot-password', { email: account.email.toUpperCase() })
    expect(await res.json()).toEqual(RESET_ANSWER)
    const token = await linkTokenFromOutbox(t, account.email, '/auth/reset-password')
    const stored = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, account.user.id))
    expect(stored.map((row) => row.id)).toEqual([hashToken(token)])

    const reset = await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'after-reset' })
    expect(reset.status).toBe(200)
    await expectError(
      await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'second-try' }),
      400,
      'This link is invalid or has expired',
    )
    const login = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: 'after-reset',
    })
    expect(login.status).toBe(200)
  })

  test('a link older than an hour is refused', async () => {
    const account = await signUp()
    await sendJson(t, 'POST', '/api/auth/forgot-password', { email: account.email })
    const token = await linkTokenFromOutbox(t, account.email, '/auth/reset-password')
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.id, hashToken(token)))
    await expectError(
      await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'too-late-now' }),
      400,
      'This link is invalid or has expired',
    )
    const login = await sendJson(t, 'POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(login.status).toBe(200)
  })

  test('a new request withdraws the previous link', async () => {
    const account = await signUp()
    await sendJson(t, 'POST', '/api/auth/forgot-password', { email: account.email })
    const first = await linkTokenFromOutbox(t, account.email, '/auth/reset-password')
    await sendJson(t, 'POST', '/api/auth/forgot-password', { email: account.email })
    const second = await linkTokenFromOutbox(t, account.email, '/auth/reset-password')
    expect(second).not.toBe(first)
    await expectError(
      await sendJson(t, 'POST', '/api/auth/reset-password', { token: first, password: 'whatever1' }),
      400,
      'This link is invalid or has expired',
    )
    expect(
      (await sendJson(t, 'POST', '/api/auth/reset-password', { token: second, password: 'whatever2' }))
        .status,
    ).toBe(200)
  })

  test('an e-mail confirmation token cannot be used as a reset token', async () => {
    const account = await signUp()
    await sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { email: uniqueEmail('x'), currentPassword: account.password },
      bearer(account.token),
    )
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, account.user.id))
    expect(row!.kind).toBe('email_change')
    const mails = await readOutbox(t.ctx.config.dataDir)
    const token = mails.at(-1)!.text.match(/token=([a-z2-7]+)/)![1]!
    await expectError(
      await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'hijacked1' }),
      400,
      'This link is invalid or has expired',
    )
    // Refusing it did not spend it: the e-mail change still goes through.
    expect((await t.request(`/api/auth/confirm?token=${token}`)).status).toBe(200)
  })

  test.each([
    [{ token: 'abc' }, 'Password must be at least 6 characters long'],
    [{ token: 'abc', password: '123' }, 'Password must be at least 6 characters long'],
    [{ password: 'secret123' }, 'This link is invalid or has expired'],
    [{ token: 'abc', password: 'secret123' }, 'This link is invalid or has expired'],
  ])('reset-password refuses %j with 400 "%s"', async (body, message) => {
    await expectError(await sendJson(t, 'POST', '/api/auth/reset-password', body), 400, message)
  })

  test('forgot-password validates the address', async () => {
    await expectError(
      await sendJson(t, 'POST', '/api/auth/forgot-password', { email: 'nope' }),
      400,
      'Please enter a valid email address',
    )
  })
})

describe('the life of an account', () => {
  test('sign up, sign in, edit profile, avatar up and down, change password, sign out, reset, sign in, delete, refused', async () => {
    const email = uniqueEmail('life')
    const signup = await signUp(email, 'first-pass')
    await t.ctx.storage.put(`users/${signup.user.id}/avatar.png`, new Uint8Array([1, 2, 3]), 'image/png')
    await t.ctx.storage.put(
      `users/${signup.user.id}/files/a.txt`,
      new TextEncoder().encode('hello'),
      'text/plain',
    )

    const login = await sendJson(t, 'POST', '/api/auth/login', { email, password: 'first-pass' })
    const cookie = cookieOf(login)
    expect((await (await me({ cookie })).json()).data.user.email).toBe(email)

    // Profile edit, then an avatar uploaded and removed, with the cookie session as a browser would.
    const edited = await sendJson(t, 'PATCH', '/api/profile', { bio: 'Counts things.' }, { cookie })
    expect((await edited.json()).data.bio).toBe('Counts things.')
    const form = new FormData()
    form.append('file', new File([TINY_PNG], 'me.png', { type: 'image/png' }))
    const uploaded = await t.request('/api/profile/avatar', {
      method: 'PUT',
      headers: { cookie, origin: 'http://localhost' },
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const avatarUrl = (await uploaded.json()).data.avatar_url as string
    expect((await t.request(avatarUrl)).status).toBe(200)
    const removed = await t.request('/api/profile/avatar', {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost' },
    })
    expect((await removed.json()).data.avatar_url).toBeNull()
    expect((await t.request(avatarUrl)).status).toBe(404)

    expect(
      (
        await sendJson(
          t,
          'PATCH',
          '/api/auth/password',
          { password: 'second-pass', currentPassword: 'first-pass' },
          { cookie },
        )
      ).status,
    ).toBe(200)
    expect((await sendJson(t, 'POST', '/api/auth/logout', undefined, { cookie })).status).toBe(200)
    expect((await me({ cookie })).status).toBe(401)
    // The sign-up session was another session: the password change ended it.
    expect((await me(bearer(signup.token))).status).toBe(401)

    await sendJson(t, 'POST', '/api/auth/forgot-password', { email })
    const resetToken = await linkTokenFromOutbox(t, email, '/auth/reset-password')
    expect(
      (await sendJson(t, 'POST', '/api/auth/reset-password', { token: resetToken, password: 'third-pass' }))
        .status,
    ).toBe(200)
    expect((await sendJson(t, 'POST', '/api/auth/login', { email, password: 'second-pass' })).status).toBe(
      401,
    )
    const relogin = await sendJson(t, 'POST', '/api/auth/login', { email, password: 'third-pass' })
    const token = tokenOf(relogin)

    // As the web client does it: the cookie, from our own origin.
    const deleted = await sendJson(t, 'DELETE', '/api/user/delete-account', undefined, {
      cookie: cookieOf(relogin),
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ success: true })

    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email, password: 'third-pass' }),
      401,
      'Invalid login credentials',
    )
    expect((await me(bearer(token))).status).toBe(401)
    expect(await t.ctx.storage.get(`users/${signup.user.id}/avatar.png`)).toBeNull()
    expect(await t.ctx.storage.get(`users/${signup.user.id}/files/a.txt`)).toBeNull()
    expect(await findUser(t.database, signup.user.id)).toBeUndefined()
  })
})

describe('sign-in, sign-up and forgot-password from another site (login CSRF)', () => {
  const evil = { origin: 'http://evil.example' }

  test.each([
    ['/api/auth/login', () => ({ email: 'someone@example.com', password: 'secret123' })],
    ['/api/auth/signup', () => ({ email: uniqueEmail('csrf'), password: 'secret123', fullName: 'Eve' })],
    ['/api/auth/forgot-password', () => ({ email: 'someone@example.com' })],
  ])('%s with a foreign Origin is refused with 403 forbidden:origin', async (path, body) => {
    const res = await sendJson(t, 'POST', path, body(), evil)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      success: false,
      error: 'Cross-site request refused',
      code: 'forbidden:origin',
    })
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('a foreign Origin cannot sign a browser into an account, even with the right password', async () => {
    const account = await signUp()
    const res = await sendJson(
      t,
      'POST',
      '/api/auth/login',
      { email: account.email, password: account.password },
      evil,
    )
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('without an Origin (CLI, API clients) sign-up, sign-in and forgot-password still work', async () => {
    const email = uniqueEmail('script')
    const post = (path: string, body: unknown) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const signup = await post('/api/auth/signup', { email, password: 'secret123', fullName: 'Script' })
    expect(signup.status).toBe(200)
    expect((await signup.json()).data.token).toBe(tokenOf(signup))
    expect((await post('/api/auth/login', { email, password: 'secret123' })).status).toBe(200)
    expect((await post('/api/auth/forgot-password', { email })).status).toBe(200)
  })
})

describe('ending sessions cuts their sockets (recorded by the test realtime)', () => {
  test('logout ends exactly this session', async () => {
    const account = await signUp()
    const res = await sendJson(t, 'POST', '/api/auth/logout', undefined, bearer(account.token))
    expect(res.status).toBe(200)
    expect(t.endedSessions.at(-1)).toBe(hashToken(account.token))
  })

  test('a password reset ends every session of the account', async () => {
    const account = await signUp()
    const second = tokenOf(
      await sendJson(t, 'POST', '/api/auth/login', { email: account.email, password: account.password }),
    )
    await sendJson(t, 'POST', '/api/auth/forgot-password', { email: account.email })
    const resetToken = await linkTokenFromOutbox(t, account.email, '/auth/reset-password')
    const before = t.endedSessions.length
    const res = await sendJson(t, 'POST', '/api/auth/reset-password', {
      token: resetToken,
      password: 'reset-pass',
    })
    expect(res.status).toBe(200)
    expect(t.endedSessions.slice(before).sort()).toEqual([hashToken(account.token), hashToken(second)].sort())
  })

  test('deleting the account ends its sessions', async () => {
    const account = await signUp()
    const before = t.endedSessions.length
    expect(
      (await sendJson(t, 'DELETE', '/api/user/delete-account', undefined, bearer(account.token))).status,
    ).toBe(200)
    expect(t.endedSessions.slice(before)).toEqual([hashToken(account.token)])
  })
})

describe('malformed cookies', () => {
  const broken = [
    'parley_session=%E0%A4%A',
    'parley_session=%',
    'parley_session',
    '=;;=%zz; parley_session=%E0',
  ]

  test.each(broken)('%j is no credential: 401, never a 5xx', async (cookie) => {
    await expectError(await me({ cookie }), 401, 'No active session')
    const logout = await sendJson(t, 'POST', '/api/auth/logout', undefined, { cookie })
    expect(logout.status).toBe(401)
  })

  test.each(broken)('%j does not disturb routes without a session', async (cookie) => {
    for (const path of ['/api/health', '/api/branding']) {
      expect((await t.request(path, { headers: { cookie } })).status).toBe(200)
    }
    const res = await sendJson(
      t,
      'POST',
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'x' },
      { cookie },
    )
    expect(res.status).toBe(401)
  })

  test('a broken cookie of another name does not hide a good session cookie', async () => {
    const account = await signUp()
    expect((await me({ cookie: `other=%E0%A4%A; parley_session=${account.token}` })).status).toBe(200)
  })
})
