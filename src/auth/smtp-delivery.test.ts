import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createMailer } from '../mail'
import { startSmtpTestServer } from '../mail/smtp-test-server'
import { startApp, type TestApp } from '../test/harness'
import { expectError, sendJson } from './test-helpers'

/** The account mails reach a real SMTP server when SMTP_URL is set. */
describe('account mails over SMTP', () => {
  let smtp: ReturnType<typeof startSmtpTestServer>
  let t: TestApp
  beforeAll(async () => {
    smtp = startSmtpTestServer()
    t = await startApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Parley <no-reply@parley.example>',
    })
  }, 60_000)
  afterAll(async () => {
    smtp.stop()
    await t.close()
  })

  test('forgot-password delivers a reset link that then works', async () => {
    const user = await t.createUser({ email: 'smtp-user@example.com' })
    const res = await sendJson(t, 'POST', '/api/auth/forgot-password', { email: user.email })
    expect(res.status).toBe(200)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.from).toBe('no-reply@parley.example')
    expect(mail!.to).toEqual([user.email])
    const token = mail!.text.match(/http:\/\/localhost\/auth\/reset-password\?token=([a-z2-7]{32})/)?.[1]
    expect(token).toBeDefined()
    const reset = await sendJson(t, 'POST', '/api/auth/reset-password', { token, password: 'via-smtp-1' })
    expect(reset.status).toBe(200)
  })

  test('a mail server that refuses the message surfaces as "Failed to send reset email"', async () => {
    const refusing = startSmtpTestServer({ rejectRecipients: true })
    const { mail } = t.ctx.config
    const original = t.ctx.mailer
    t.ctx.mailer = createMailer({ ...t.ctx.config, mail: { ...mail, smtpUrl: refusing.url } }, t.ctx.log)
    try {
      const user = await t.createUser()
      await expectError(
        await sendJson(t, 'POST', '/api/auth/forgot-password', { email: user.email }),
        503,
        'Failed to send reset email',
      )
    } finally {
      t.ctx.mailer = original
      refusing.stop()
    }
  })
})
