import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type E2E, newUser, readMailLink, SETUP_TIMEOUT, startE2E } from './fixtures'
import { LoginPage } from './pages/login-page'
import { SettingsDialog } from './pages/settings-dialog'
import { expectToast } from './pages/toasts'
import { signInThroughCard, signUpThroughCard } from './session'

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const user = newUser('Alan Turing')

beforeAll(async () => {
  e2e = await startE2E()
  // The first account is the admin; use a second, ordinary account for these walks.
  await signUpThroughCard(await e2e.newPage(), newUser('First Admin'))
  page = await e2e.newPage()
  await signUpThroughCard(page, user)
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

describe('account settings: danger zone', () => {
  test('refuses without DELETE, asks again in a toast, deletes, clears storage and lands on sign-in', async () => {
    const dialog = await openSettings()
    await dialog.openDangerZone()
    await dialog.deleteAccount('delete')
    await expectToast(page, 'Please type "DELETE" to confirm account deletion')

    await page.evaluate(() => localStorage.setItem('probe', 'x'))
    await dialog.deleteAccount('DELETE')
    // The dialog steps aside so the final toast can be reached by mouse and keyboard.
    await dialog.root().waitFor({ state: 'detached' })
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
