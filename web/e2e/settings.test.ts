import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { SOURCES } from '../i18n/compile'
import { LOCALES } from '../i18n/locales'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  PHONE,
  readMailLink,
  SETUP_TIMEOUT,
  screenshot,
  startE2E,
} from './fixtures'
import { newUser } from './new-user'
import { LoginPage } from './pages/login-page'
import { SettingsDialog } from './pages/settings-dialog'
import { expectToast } from './pages/toasts'
import { signInThroughCard, signUpSpeaking } from './session'

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const user = newUser('Alan Turing')

beforeAll(async () => {
  // The looks walk signs up a person per screen variant.
  e2e = await startE2E({ RATE_LIMIT_SIGNUP_PER_IP: '100' })
  // The first account is the admin; use a second, ordinary account for these walks.
  await e2e.signedInPage({ user: newUser('First Admin') })
  page = await e2e.signedInPage({ user })
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

async function openSettings() {
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  const dialog = new SettingsDialog(page)
  await dialog.waitUntilShown()
  return dialog
}

describe('account settings: security', () => {
  test('change password: disabled until all three are filled, each rule has its message, then it works', async () => {
    const dialog = await openSettings()
    expect(await dialog.updatePasswordButton().isDisabled()).toBe(true)
    await dialog.fillPasswords(user.password, 'new-secret-1', '')
    expect(await dialog.updatePasswordButton().isDisabled()).toBe(true)

    await dialog.fillPasswords(user.password, 'new-secret-1', 'new-secret-2')
    await dialog.updatePasswordButton().click()
    await expectToast(page, 'New passwords do not match')

    await dialog.fillPasswords(user.password, 'short', 'short')
    await dialog.updatePasswordButton().click()
    await expectToast(page, 'Password must be at least 6 characters long')
    // What was typed is kept after a refusal.
    expect(await dialog.passwordForm().getByLabel('Current Password').inputValue()).toBe(user.password)

    await dialog.fillPasswords(user.password, 'new-secret-1', 'new-secret-1')
    await dialog.updatePasswordButton().click()
    await expectToast(page, 'Password updated successfully!')
    expect(await dialog.passwordForm().getByLabel('Current Password').inputValue()).toBe('')
    user.password = 'new-secret-1'
    await page.keyboard.press('Escape')

    // The new password is the one that signs in now.
    const device = await e2e.newPage()
    await signInThroughCard(device, user)
  })

  test('change e-mail: shows the current address, checks the format, sends the confirmation mail', async () => {
    const dialog = await openSettings()
    expect(await dialog.root().getByTestId('current-email').textContent()).toBe(user.email)
    await dialog.requestEmailChange('not-an-address', user.password)
    await expectToast(page, 'Please enter a valid email address')
    expect(await dialog.root().getByLabel('New Email Address').inputValue()).toBe('not-an-address')

    const next = `new-${user.email}`
    // The current password is checked by the server: a wrong one changes nothing.
    await dialog.requestEmailChange(next, 'not-my-password')
    await expectToast(page, 'Current password is incorrect')
    await dialog.requestEmailChange(next, user.password)
    await expectToast(page, 'Email update requested! Check your new email for confirmation.')
    const link = await readMailLink(e2e.dataDir, next, '/auth/confirm')
    await page.keyboard.press('Escape')

    const confirmPage = await e2e.newPage()
    await confirmPage.goto(new URL(link).pathname + new URL(link).search)
    await confirmPage.getByText('Your email address is confirmed.').waitFor()
    user.email = next
  })
})

describe('account settings: steady', () => {
  test('the dialog stays where it is when another tab changes its height', async () => {
    const dialog = await openSettings()
    const title = dialog.root().getByRole('heading', { name: 'Account Settings' })
    const top = async () => (await title.boundingBox())!.y
    const tall = await dialog.root().evaluate((element) => element.getBoundingClientRect().height)
    const before = await top()
    await dialog.openDangerZone()
    await dialog
      .root()
      .getByLabel(/to confirm/)
      .waitFor()
    // The content did change height; the title did not move.
    expect(await dialog.root().evaluate((element) => element.getBoundingClientRect().height)).not.toBe(tall)
    expect(await top()).toBe(before)
    await page.keyboard.press('Escape')
    await dialog.root().waitFor({ state: 'detached' })
  })

  test('nothing on screen with the dialog blurs what is behind it (decision 182: CPU without a GPU)', async () => {
    const dialog = await openSettings()
    await dialog.openDangerZone()
    const blurred = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((element) => getComputedStyle(element).backdropFilter !== 'none')
        .map((element) => element.className.toString()),
    )
    expect(blurred).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.root().waitFor({ state: 'detached' })
  })
})

/** A control's background colour as painted. */
const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor)

describe('account settings: danger zone', () => {
  test('the final toast has room and a destructive button, inside Settings: Cancel and Escape leave the person there', async () => {
    const dialog = await openSettings()
    await dialog.openDangerZone()
    await dialog.deleteAccount('DELETE')
    const finalToast = page.getByTestId('delete-account-final')
    await finalToast.waitFor()
    // Settings stays open behind its final toast.
    expect(await dialog.root().isVisible()).toBe(true)
    const warning = finalToast.getByText(
      'Your account, chats and files will be deleted. This cannot be undone.',
    )
    expect((await warning.boundingBox())!.width).toBeGreaterThan(300)
    const confirm = finalToast.getByRole('button', { name: 'Delete my account' })
    // Painted as the form's destructive button (neither hovered).
    await page.mouse.move(1, 1)
    await page.waitForTimeout(400)
    // Both read at rest: the form's button was just clicked, and its colour transition may still run
    // on a loaded machine (a colour read mid-way is an oklab mix of the two).
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    )
    expect(await background(confirm)).toBe(
      await background(dialog.root().getByRole('button', { name: 'Delete Account', exact: true })),
    )
    // Focus starts on the safe choice.
    const cancel = finalToast.getByRole('button', { name: 'Cancel' })
    expect(await cancel.evaluate((element) => element === document.activeElement)).toBe(true)
    await screenshot(page, 'settings-delete-final-desktop-light-en')

    await cancel.click()
    await finalToast.waitFor({ state: 'detached' })
    expect(await dialog.root().getByRole('tab', { name: 'Danger Zone' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(
      await dialog
        .root()
        .getByLabel(/to confirm/)
        .inputValue(),
    ).toBe('DELETE')

    // Escape closes the final toast first, then Settings.
    await dialog.root().getByRole('button', { name: 'Delete Account', exact: true }).click()
    await finalToast.waitFor()
    await page.keyboard.press('Escape')
    await finalToast.waitFor({ state: 'detached' })
    expect(await dialog.root().isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.root().waitFor({ state: 'detached' })
  })

  test('refuses without DELETE, asks again in a toast, deletes, clears storage and lands on sign-in', async () => {
    const dialog = await openSettings()
    await dialog.openDangerZone()
    await dialog.deleteAccount('delete')
    await expectToast(page, 'Please type "DELETE" to confirm account deletion')

    await page.evaluate(() => localStorage.setItem('probe', 'x'))
    await dialog.deleteAccount('DELETE')
    const finalToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Are you absolutely sure?' })
    // The app reloads '/' one second after the success toast; wait for that page load.
    const redirected = page.waitForEvent('load')
    await finalToast.getByRole('button', { name: 'Delete my account' }).click()
    await expectToast(page, 'Account deleted successfully. Redirecting to login...')
    await redirected
    await new LoginPage(page).card().waitFor()
    expect(await page.evaluate(() => localStorage.getItem('probe'))).toBeNull()
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/')

    const login = new LoginPage(page)
    await login.signIn(user.email, user.password)
    await login.alert().waitFor()
  })
})

describe('account settings: looks', () => {
  const variants = [DESKTOP, PHONE].flatMap((viewport) =>
    [false, true].flatMap((dark) => (['en', 'fr'] as const).map((locale) => ({ viewport, dark, locale }))),
  )
  // Eight looks (sign-up, the dialog, a toast, axe each): about a minute, several on a loaded machine.
  test('tabs stay on one line and the final toast has room: light and dark, 1280 and 390, English and French', async () => {
    for (const { viewport, dark, locale } of variants) {
      const label = `${viewport === DESKTOP ? 'desktop' : 'phone'}-${dark ? 'dark' : 'light'}-${locale}`
      const context = await e2e.newContext({ viewport, dark })
      await signUpSpeaking(context, e2e.url, newUser('Mary Jackson'), locale)
      const view = await context.newPage()
      await view.goto('/')
      await view.locator('[data-testid="user-menu"]:not([aria-busy="true"])').click()
      await view.getByRole('menuitem', { name: SOURCES[locale]['shell.userMenu.settings'] }).click()
      const dialog = view.getByTestId('settings-dialog')
      const tabs = dialog.getByRole('tab')
      await tabs.first().waitFor()
      await screenshot(view, `settings-security-${label}`)
      // No label wraps: every tab is one line high.
      for (const height of await tabs.evaluateAll((items) => items.map((item) => item.clientHeight)))
        expect({ label, height: height <= 40 }).toEqual({ label, height: true })
      await tabs.last().click()
      await dialog.locator('#delete-confirmation').fill('DELETE')
      await dialog.locator('form button[type="submit"]').click()
      const finalToast = view.getByTestId('delete-account-final')
      await finalToast.waitFor()
      expect({ label, width: ((await finalToast.boundingBox())?.width ?? 0) > 300 }).toEqual({
        label,
        width: true,
      })
      await screenshot(view, `settings-delete-final-${label}`)
      await expectAxeClean(view, `final toast ${label}`)
      await context.close()
    }
  }, 240_000)

  // Six sign-ups, one per language.
  test('every tab is in view at 390 px in all six languages: a long one goes to a second row', async () => {
    for (const locale of LOCALES) {
      const context = await e2e.newContext({ viewport: PHONE })
      await signUpSpeaking(context, e2e.url, newUser('Mary Jackson'), locale)
      const view = await context.newPage()
      await view.goto('/')
      await view.locator('[data-testid="user-menu"]:not([aria-busy="true"])').click()
      await view.getByRole('menuitem', { name: SOURCES[locale]['shell.userMenu.settings'] }).click()
      const tabs = view.getByTestId('settings-dialog').getByRole('tab')
      await tabs.first().waitFor()
      const list = await view.getByTestId('settings-dialog').getByRole('tablist').boundingBox()
      const outside = await tabs.evaluateAll(
        (items, box) =>
          items
            .filter((item) => {
              const rect = item.getBoundingClientRect()
              return (
                rect.left < box.x - 1 ||
                rect.right > box.x + box.width + 1 ||
                item.scrollWidth > item.clientWidth
              )
            })
            .map((item) => item.textContent?.trim()),
        list!,
      )
      expect({ locale, outside }).toEqual({ locale, outside: [] })
      await screenshot(view, `settings-tabs-${locale}-390`)
      await context.close()
    }
  }, 240_000)
})
