import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { readOutbox } from '../mail/outbox'
import { expectError, linkTokenFromOutbox, sendJson } from '../test/auth'
import { findUser, startApp, type TestApp } from '../test/harness'

/** REQUIRE_EMAIL_CONFIRMATION=true, served over https (APP_URL decides the cookie's Secure flag). */
let t: TestApp
beforeAll(async () => {
  t = await startApp({
    REQUIRE_EMAIL_CONFIRMATION: 'true',
    APP_URL: 'https://parley.example',
  })
}, 60_000)
afterAll(() => t.close())

const signUpBody = (email: string) => ({ email, password: 'secret123', fullName: 'Grace Hopper' })

describe('sign-up when e-mail confirmation is required', () => {
  test('creates no session, mails a confirmation link, and login waits for it', async () => {
    const email = 'grace@example.com'
    const res = await sendJson(t, 'POST', '/api/auth/signup', signUpBody(email))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.success).toBe(true)
    expect(body.data.confirmationRequired).toBe(true)
    expect(body.data.token).toBeUndefined()
    expect(body.data.user).toMatchObject({ email, emailConfirmed: false })
    expect(res.headers.get('set-cookie')).toBeNull()

    const [mail] = await readOutbox(t.ctx.config.dataDir)
    expect(mail!.to).toBe(email)
    expect(mail!.text).toContain('https://parley.example/auth/confirm?token=')

    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email, password: 'secret123' }),
      403,
      'Email not confirmed',
    )
    // The unconfirmed state is only told to someone who knows the password.
    await expectError(
      await sendJson(t, 'POST', '/api/auth/login', { email, password: 'wrong-one' }),
      401,
      'Invalid login credentials',
    )

    const token = await linkTokenFromOutbox(t, email, '/auth/confirm')
    const confirmed = await t.request(`/api/auth/confirm?token=${token}`)
    expect(await confirmed.json()).toEqual({ success: true, data: { email } })
    await expectError(
      await t.request(`/api/auth/confirm?token=${token}`),
      400,
      'This link is invalid or has expired',
    )

    const login = await sendJson(t, 'POST', '/api/auth/login', { email, password: 'secret123' })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie') ?? ''
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toEndWith('; Secure')
    expect((await login.json()).data.user.emailConfirmed).toBe(true)
  })

  test('an expired confirmation link is refused and the account stays unconfirmed', async () => {
    const email = 'late@example.com'
    const { data } = await (await sendJson(t, 'POST', '/api/auth/signup', signUpBody(email))).json()
    const token = await linkTokenFromOutbox(t, email, '/auth/confirm')
    t.ctx.now = () => new Date(Date.now() + 25 * 60 * 60 * 1000)
    try {
      await expectError(
        await t.request(`/api/auth/confirm?token=${token}`),
        400,
        'This link is invalid or has expired',
      )
    } finally {
      t.ctx.now = () => new Date()
    }
    expect((await findUser(t.database, data.user.id))!.emailConfirmedAt).toBeNull()
  })

  test('following a password-reset link also confirms the address', async () => {
    const email = 'forgetful@example.com'
    const { data } = await (await sendJson(t, 'POST', '/api/auth/signup', signUpBody(email))).json()
    await sendJson(t, 'POST', '/api/auth/forgot-password', { email })
    const token = await linkTokenFromOutbox(t, email, '/auth/reset-password')
    expect(
      (await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'new-secret' })).status,
    ).toBe(200)
    expect((await findUser(t.database, data.user.id))!.emailConfirmedAt).not.toBeNull()
    expect((await sendJson(t, 'POST', '/api/auth/login', { email, password: 'new-secret' })).status).toBe(200)
  })

  test('when the mail cannot be sent the account is not kept, so the person can sign up again', async () => {
    const send = t.ctx.mailer.send
    t.ctx.mailer.send = () => Promise.reject(new Error('SMTP down'))
    try {
      await expectError(
        await sendJson(t, 'POST', '/api/auth/signup', signUpBody('unlucky@example.com')),
        503,
        'Failed to send confirmation email',
      )
    } finally {
      t.ctx.mailer.send = send
    }
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'unlucky@example.com'))
    expect(rows).toHaveLength(0)
    expect((await sendJson(t, 'POST', '/api/auth/signup', signUpBody('unlucky@example.com'))).status).toBe(
      200,
    )
  })
})
