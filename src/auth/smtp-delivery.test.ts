import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { createMailer } from '../mail'
import { expectError, sendJson } from '../test/auth'
import { startSmtpTestServer } from '../test/fakes/smtp-server'
import { startApp, type TestApp } from '../test/harness'

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

  test("a German account's reset mail arrives in German, its subject encoded for SMTP", async () => {
    const user = await t.createUser({ email: 'smtp-de@example.com' })
    await t.database.db.update(users).set({ preferredLanguage: 'de' }).where(eq(users.id, user.id))
    const before = smtp.received.length
    expect((await sendJson(t, 'POST', '/api/auth/forgot-password', { email: user.email })).status).toBe(200)
    const mail = (await smtp.waitFor(before + 1)).at(-1)!
    expect(mail.to).toEqual([user.email])
    expect(mail.text).toContain(
      'Wähle hier ein neues Passwort:\r\nhttp://localhost/auth/reset-password?token=',
    )
    const subject = mail.raw.match(/^Subject: (.*(?:\r\n[ \t].*)*)/m)?.[1] ?? ''
    expect(subject).toMatch(/^[\x20-\x7e\r\n\t]*$/) // 7-bit on the wire: RFC 2047 encoded words
    expect(decodeEncodedWords(subject)).toBe('Setze dein Parley-Passwort zurück')
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

/** A header's RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) decoded and joined. */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replaceAll('_', ' ')
              .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
}
