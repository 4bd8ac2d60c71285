import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { SOURCES } from '../i18n/compile'
import { DESKTOP, type E2E, PHONE, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { expectToast } from './pages/toasts'
import { signUpSpeaking } from './session'

/*
 * Issue 26, point 18 (decision 141): guessing the current password in Settings › Security is held
 * like sign-in. After the limit, the form says so in the person's language, and the right password
 * waits too. Looked at in light and dark, on a desktop and a phone, in English and French.
 */

setDefaultTimeout(90_000)

let e2e: E2E

beforeAll(async () => {
  e2e = await startE2E({ RATE_LIMIT_LOGIN_PER_EMAIL: '2', RATE_LIMIT_SIGNUP_PER_IP: '100' })
  // The first account is the administrator; the walks use ordinary accounts.
  await signUpSpeaking(await e2e.newContext(), e2e.url, newUser('First Admin'), 'en')
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const VARIANTS = [
  { locale: 'en', viewport: DESKTOP, dark: false, name: 'en-desktop-light' },
  { locale: 'en', viewport: PHONE, dark: true, name: 'en-phone-dark' },
  { locale: 'fr', viewport: DESKTOP, dark: true, name: 'fr-desktop-dark' },
  { locale: 'fr', viewport: PHONE, dark: false, name: 'fr-phone-light' },
] as const

describe('settings › security: guessing the current password', () => {
  for (const variant of VARIANTS) {
    test(`after two wrong guesses the third try is held, said in ${variant.locale} (${variant.name})`, async () => {
      const text = SOURCES[variant.locale]
      const person = newUser('Grace Hopper')
      const context = await e2e.newContext({ viewport: variant.viewport, dark: variant.dark })
      await signUpSpeaking(context, e2e.url, person, variant.locale)
      const page = await context.newPage()
      await page.goto('/')
      await page.getByTestId('user-menu').click()
      await page.getByRole('menuitem', { name: text['shell.userMenu.settings'] }).click()
      const dialog = page.getByTestId('settings-dialog')
      await dialog.getByRole('tab', { name: text['account.settings.security'] }).click()
      const form = dialog.getByRole('form', { name: text['account.password.title'] })
      const attempt = async (current: string) => {
        await form.getByLabel(text['account.password.current']).fill(current)
        await form.getByLabel(text['account.password.new'], { exact: true }).fill('a-new-secret-9')
        await form.getByLabel(text['account.password.confirm']).fill('a-new-secret-9')
        const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/password'))
        await form.getByRole('button', { name: text['account.password.update'] }).click()
        return (await answered).status()
      }
      for (const guess of ['guess-one-1', 'guess-two-2']) expect(await attempt(guess)).toBe(401)
      await expectToast(page, text['error.unauthorized:current_password'])
      // The right password, third: held like every other try until the window passes.
      expect(await attempt(person.password)).toBe(429)
      await expectToast(page, text['error.rate_limited'])
      await screenshot(page, `password-guessing-${variant.name}`)
      await context.close()
    })
  }
})
