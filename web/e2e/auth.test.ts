import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type E2E, newUser, readMailLink, SETUP_TIMEOUT, startE2E } from './fixtures'
import { DashboardPage } from './pages/dashboard-page'
import { LoginPage } from './pages/login-page'

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const admin = newUser('Grace Admin')
const member = newUser('Linus Member')

describe('sign-in screen', () => {
  test('shows the sign-in card with its title, links and a password show/hide toggle', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    expect(await login.title().textContent()).toBe('Welcome back')
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    expect(await login.title().textContent()).toBe('Create account')
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click()
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    expect(await login.title().textContent()).toBe('Reset your password')
    await page.getByRole('button', { name: 'Remember your password? Sign in' }).click()
    expect(await login.title().textContent()).toBe('Welcome back')

    await login.password().fill('secret-words')
    expect(await login.password().getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await login.password().getAttribute('type')).toBe('text')
  })

  test('the first account becomes admin and sees Admin Panel in the user menu', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signUp(admin)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    expect(await dashboard.menuItems()).toEqual(['Profile', 'Settings', 'Admin Panel', 'Sign Out'])
    await dashboard.openUserMenu()
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(admin.fullName)
    await dashboard.menu().getByText(admin.email).waitFor()
    await page.keyboard.press('Escape')

    await dashboard.choose('Admin Panel')
    await page.waitForURL('**/admin')
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
    await page.getByText(admin.fullName).waitFor()
  })

  test('a later account is a plain user: no Admin Panel, and /admin says not allowed with a way back', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signUp(member)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    expect(await dashboard.menuItems()).toEqual(['Profile', 'Settings', 'Sign Out'])

    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor()
    await page.getByRole('link', { name: 'Back to the app' }).click()
    await dashboard.waitUntilShown()
  })

  test('sign out returns to the card; a wrong password shows the server message and keeps the e-mail', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signIn(member.email, member.password)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    await dashboard.choose('Sign Out')
    await login.card().waitFor()

    // The session is gone on the server too: a reload still shows the card.
    await page.reload()
    await login.card().waitFor()

    await login.signIn(member.email, 'not-the-password')
    await login.alert().waitFor()
    expect(await login.alert().textContent()).toBe('Invalid login credentials')
    expect(await login.email().inputValue()).toBe(member.email)

    await login.password().fill(member.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await dashboard.waitUntilShown()
  })

  test('forgot password sends a link; the reset page checks the fields, sets the password, and it works', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.requestReset(member.email)
    await login.status().waitFor()

    const link = await readMailLink(e2e.dataDir, member.email, '/auth/reset-password')
    await page.goto(new URL(link).pathname + new URL(link).search)
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()

    const newPassword = page.getByLabel('New Password', { exact: true })
    const confirm = page.getByLabel('Confirm New Password')
    await newPassword.fill('fresh-pass-1')
    await confirm.fill('fresh-pass-2')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('New passwords do not match').waitFor()

    await newPassword.fill('abc')
    await confirm.fill('abc')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password must be at least 6 characters long').waitFor()

    await newPassword.fill('fresh-pass-1')
    await confirm.fill('fresh-pass-1')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password updated successfully!').waitFor()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await login.card().waitFor()
    await login.signIn(member.email, member.password)
    await login.alert().waitFor()
    await login.signIn(member.email, 'fresh-pass-1')
    await new DashboardPage(page).waitUntilShown()
    member.password = 'fresh-pass-1'
  })

  test('an unknown client path is served the app, which says the page is not found', async () => {
    const page = await e2e.newPage()
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
  })
})
