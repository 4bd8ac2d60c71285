import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { readOutbox } from '../mail/outbox'
import { expectError, linkTokenFromOutbox, sendJson } from '../test/auth'
import { findUser, startApp, type TestApp } from '../test/harness'
import { MAIL_TEXTS, type MailKind, type MailLanguage, mailText } from './email-texts'

/** The account mails are written in the account's `preferred_language`. */
let t: TestApp
beforeAll(async () => {
  t = await startApp({ REQUIRE_EMAIL_CONFIRMATION: 'true', APP_URL: 'https://parley.example' })
}, 60_000)
afterAll(() => t.close())

const APP = 'https://parley.example'
let counter = 0
const uniqueEmail = (name: string) => `${name}${++counter}-${crypto.randomUUID().slice(0, 6)}@example.com`

async function lastMailTo(to: string) {
  const mail = (await readOutbox(t.ctx.config.dataDir)).filter((m) => m.to === to).at(-1)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

async function userIn(language: MailLanguage) {
  const user = await t.createUser({ email: uniqueEmail(language), password: 'password123' })
  await t.database.db.update(users).set({ preferredLanguage: language }).where(eq(users.id, user.id))
  return user
}

async function requestReset(email: string) {
  expect((await sendJson(t, 'POST', '/api/auth/forgot-password', { email })).status).toBe(200)
  const token = await linkTokenFromOutbox(t, email, '/auth/reset-password')
  return { mail: await lastMailTo(email), link: `${APP}/auth/reset-password?token=${token}` }
}

describe('the reset mail', () => {
  test("is in German for a German account's password reset", async () => {
    const user = await userIn('de')
    const { mail, link } = await requestReset(user.email)
    expect(mail.subject).toBe('Setze dein Parley-Passwort zurück')
    expect(mail.text).toBe(
      `Jemand hat angefordert, das Passwort deines Parley-Kontos zurückzusetzen.\n\nWähle hier ein neues Passwort:\n${link}\n\nDer Link ist 1 Stunde lang gültig und funktioniert nur einmal. Falls du das nicht warst, ignoriere diese Nachricht; dein Passwort bleibt unverändert.`,
    )
  })

  test('is unchanged in English', async () => {
    const user = await userIn('en')
    const { mail, link } = await requestReset(user.email)
    expect(mail.subject).toBe('Reset your Parley password')
    expect(mail.text).toBe(
      `Someone asked to reset the password of your Parley account.\n\nChoose a new password here:\n${link}\n\nThe link works for 1 hour and only once. If it was not you, ignore this message; your password stays as it is.`,
    )
  })
})

describe('sign-up with the sign-in page language', () => {
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    password: 'secret123',
    fullName: 'Marie Curie',
    ...extra,
  })

  test("preferredLanguage 'fr' is stored and the confirmation mail is in French", async () => {
    const email = uniqueEmail('marie')
    const res = await sendJson(t, 'POST', '/api/auth/signup', body(email, { preferredLanguage: 'fr' }))
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data.user.preferredLanguage).toBe('fr')
    expect((await findUser(t.database, data.user.id))!.preferredLanguage).toBe('fr')

    const token = await linkTokenFromOutbox(t, email, '/auth/confirm')
    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Confirmez votre compte Parley')
    expect(mail.text).toBe(
      `Bienvenue sur Parley\u00a0!\n\nConfirmez votre adresse e-mail en ouvrant ce lien\u00a0:\n${APP}/auth/confirm?token=${token}\n\nCe lien est valable 24\u00a0heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.`,
    )
    // The link in the French mail works like any other.
    expect((await t.request(`/api/auth/confirm?token=${token}`)).status).toBe(200)
  })

  test('without preferredLanguage the account is English and so is the mail, unchanged', async () => {
    const email = uniqueEmail('ada')
    const { data } = await (await sendJson(t, 'POST', '/api/auth/signup', body(email))).json()
    expect(data.user.preferredLanguage).toBe('en')
    const token = await linkTokenFromOutbox(t, email, '/auth/confirm')
    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Confirm your Parley account')
    expect(mail.text).toBe(
      `Welcome to Parley!\n\nConfirm your email address by opening this link:\n${APP}/auth/confirm?token=${token}\n\nThe link works for 24 hours. If you did not sign up, ignore this message.`,
    )
  })

  test.each([['xx'], ['FR'], ['fr-FR'], [''], [42], [null]])(
    'refuses preferredLanguage %j with 400 and creates no account',
    async (preferredLanguage) => {
      const email = uniqueEmail('odd')
      await expectError(
        await sendJson(t, 'POST', '/api/auth/signup', body(email, { preferredLanguage })),
        400,
        'Language must be one of en, es, fr, de, it, pt',
      )
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    },
  )
})

describe('the e-mail change mail', () => {
  async function changeEmail(user: { email: string; headers: Record<string, string> }) {
    const newEmail = uniqueEmail('moved')
    const res = await sendJson(
      t,
      'PATCH',
      '/api/auth/email',
      { email: newEmail, currentPassword: 'password123' },
      user.headers,
    )
    expect(res.status).toBe(200)
    const token = await linkTokenFromOutbox(t, newEmail, '/auth/confirm')
    return { mail: await lastMailTo(newEmail), link: `${APP}/auth/confirm?token=${token}` }
  }

  test("goes to the new address in the account's language", async () => {
    const { mail, link } = await changeEmail(await userIn('it'))
    expect(mail.subject).toBe('Conferma il tuo nuovo indirizzo e-mail per Parley')
    expect(mail.text).toContain(`Conferma la modifica aprendo questo link:\n${link}\n`)
  })

  test('is unchanged in English', async () => {
    const { mail, link } = await changeEmail(await userIn('en'))
    expect(mail.subject).toBe('Confirm your new Parley email address')
    expect(mail.text).toBe(
      `Your Parley account asked to use this address from now on.\n\nConfirm the change by opening this link:\n${link}\n\nThe link works for 24 hours. Until then the account keeps its current address.`,
    )
  })
})

describe('the mail texts', () => {
  const languages = Object.keys(MAIL_TEXTS) as MailLanguage[]
  const kinds = Object.keys(MAIL_TEXTS.en) as MailKind[]

  test.each(languages.flatMap((language) => kinds.map((kind) => [language, kind] as const)))(
    '%s %s names the product, carries the link alone on its line, and leaves no placeholder',
    (language, kind) => {
      const link = 'https://parley.example/auth/confirm?token=abc'
      const { subject, text } = mailText(kind, language, { product: 'Acme {link} Chat', link })
      expect(subject).toContain('Acme {link} Chat')
      expect(text).toContain('Acme {link} Chat')
      expect(text).toContain(`\n${link}\n`)
      // The outbox logs the first address of a mail: it must be the link.
      expect(text.match(/https?:\/\/\S+/)?.[0]).toBe(link)
      expect(`${subject}${text}`.replaceAll('Acme {link} Chat', '')).not.toMatch(/[{}]/)
      if (language !== 'en')
        expect(text).not.toBe(mailText(kind, 'en', { product: 'Acme {link} Chat', link }).text)
    },
  )
})
