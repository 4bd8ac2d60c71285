import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rm } from 'node:fs/promises'
import { loadConfig } from '../config'
import { createLogger } from '../log/logger'
import { startSmtpTestServer } from '../test/fakes/smtp-server'
import { createMailer } from '.'
import { readOutbox } from './outbox'

const log = createLogger('silent')
const dataDir = `/tmp/parley-mail-test-${crypto.randomUUID()}`
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('createMailer with SMTP_URL', () => {
  let smtp: ReturnType<typeof startSmtpTestServer>
  beforeAll(() => {
    smtp = startSmtpTestServer()
  })
  afterAll(() => smtp.stop())

  test('delivers the message over SMTP with the configured sender, recipient, subject and body', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Parley <parley@example.com>',
    })
    const mailer = createMailer(config, log)
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Open https://parley.example/auth/reset-password?token=abc\n.\nA line with a lone dot above.',
    })
    const [mail] = await smtp.waitFor(1)
    expect(mail!.from).toBe('parley@example.com')
    expect(mail!.to).toEqual(['ada@example.com'])
    expect(mail!.raw).toContain('Subject: Reset your password')
    expect(mail!.raw).toMatch(/^From: Parley <parley@example\.com>/m)
    expect(mail!.raw).toContain('https://parley.example/auth/reset-password?token=abc')
    expect(mail!.raw).toContain('\r\n.\r\nA line with a lone dot above.')
    // SMTP is in use: nothing is written to the outbox.
    expect(await readOutbox(dataDir)).toEqual([])
  })

  test('a server that refuses the recipient makes send() reject', async () => {
    const refusing = startSmtpTestServer({ rejectRecipients: true })
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: refusing.url }), log)
      await expect(mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' })).rejects.toThrow()
      expect(refusing.received).toHaveLength(0)
    } finally {
      refusing.stop()
    }
  })

  test('an unreachable server makes send() reject instead of hanging', async () => {
    const gone = startSmtpTestServer()
    const url = gone.url
    gone.stop()
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: url }), log)
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow()
  })
})

describe('createMailer without SMTP_URL', () => {
  test('writes the message to DATA_DIR/outbox and logs the link', async () => {
    const lines: string[] = []
    const mailer = createMailer(
      loadConfig({ DATA_DIR: dataDir }),
      createLogger('info', (line) => lines.push(line)),
    )
    await mailer.send({
      to: 'bob@example.com',
      subject: 'Confirm',
      text: 'Go to http://localhost:3000/auth/confirm?token=xyz now',
    })
    const outbox = await readOutbox(dataDir)
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({ to: 'bob@example.com', subject: 'Confirm' })
    expect(outbox[0]!.text).toContain('http://localhost:3000/auth/confirm?token=xyz')
    expect(JSON.parse(lines[0]!).link).toBe('http://localhost:3000/auth/confirm?token=xyz')
  })
})
