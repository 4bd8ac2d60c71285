import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { startDemo } from '../../src/demo/start'
import {
  CHROMIUM_ARGS,
  DESKTOP,
  describeViolations,
  ensureClientBuilt,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
} from './fixtures'
import { DashboardPage } from './pages/dashboard-page'
import { LoginPage } from './pages/login-page'
import { ProfileDialog } from './pages/profile-dialog'

/*
 * `bun run demo` as a visitor meets it: the sign-in card says it is a demo and shows the
 * credentials, which sign in to a workspace with the spec's figures (3 chats, 42 messages sent,
 * joined 10 days ago) and a Demo badge in the header. The demo runs as `bun run demo` starts it
 * (startDemo: its own throwaway folder and embedded database), on a free port.
 */

setDefaultTimeout(90_000)

let demo: Awaited<ReturnType<typeof startDemo>>
let browser: Browser

beforeAll(async () => {
  await ensureClientBuilt()
  demo = await startDemo({ env: { PORT: '0', LOG_LEVEL: 'silent' } })
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await browser?.close()
  await demo?.stop()
}, SETUP_TIMEOUT)

async function newPage(options: { viewport?: { width: number; height: number }; dark?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: demo.url,
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.dark ? 'dark' : 'light',
    deviceScaleFactor: 1,
  })
  context.setDefaultTimeout(15_000)
  return context.newPage()
}

async function expectAxeClean(page: Page, name: string) {
  const violations = await seriousA11yViolations(page)
  expect({ name, violations: describeViolations(violations) }).toEqual({ name, violations: '' })
}

describe('the demo', () => {
  let page: Page

  test('the sign-in card says Demo and shows the credentials', async () => {
    page = await newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.card().getByTestId('demo-badge').waitFor()
    expect(await login.card().getByTestId('demo-badge').textContent()).toBe('Demo')
    const note = login.card().getByTestId('demo-credentials')
    await note.getByText('This is a demo with sample data. Sign in as its administrator:').waitFor()
    expect(await note.getByTestId('demo-email').textContent()).toBe(demo.credentials.email)
    expect(await note.getByTestId('demo-password').textContent()).toBe(demo.credentials.password)
  })

  test('the credentials shown sign in: Demo badge in the header, the three sample chats', async () => {
    const login = new LoginPage(page)
    const note = login.card().getByTestId('demo-credentials')
    // Typed as a visitor reads them off the card.
    const email = (await note.getByTestId('demo-email').textContent())!
    const password = (await note.getByTestId('demo-password').textContent())!
    await login.signIn(email, password)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    await page.locator('header').getByTestId('demo-badge').waitFor()
    const titles = dashboard.sidebar().getByTestId('chat-row')
    await titles.nth(2).waitFor()
    expect(await titles.count()).toBe(3)
    expect(await titles.allTextContents()).toEqual([
      expect.stringContaining('Explaining embeddings to sales'),
      expect.stringContaining('SQL for monthly active users'),
      expect.stringContaining('Planning the team offsite'),
    ])
  })

  test('the profile shows the spec’s figures: 3 chats, 42 messages, joined 10 days ago, admin', async () => {
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    const dialog = new ProfileDialog(page)
    await dialog.waitUntilShown()
    // The statistics arrive after the dialog opens ("—" until then).
    await dialog.root().getByText('10 days').waitFor()
    expect(await dialog.stat('Total Chats').textContent()).toBe('3')
    expect(await dialog.stat('Messages Sent').textContent()).toBe('42')
    await screenshot(page, 'demo-profile')
    await dialog.close()
    await dialog.root().waitFor({ state: 'detached' })
    // The administrator's menu has the admin panel.
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Admin Panel' }).waitFor()
    await page.keyboard.press('Escape')
  })

  test('a sample conversation opens with its messages', async () => {
    await page.getByTestId('chat-row').filter({ hasText: 'SQL for monthly active users' }).first().click()
    // The list opens at the newest messages (it is windowed): the conversation's last answer.
    await page.getByText('Once the dashboard is live', { exact: false }).first().waitFor()
    await screenshot(page, 'demo-chat')
  })

  test('the admin users list shows the sample team', async () => {
    await page.goto('/admin/users')
    await page.getByTestId('users-section').getByText('Tom Becker').first().waitFor()
    await page.getByTestId('users-section').getByText('demo@parley.local').first().waitFor()
    await screenshot(page, 'demo-admin-users')
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      const name = `${label}-${dark ? 'dark' : 'light'}`
      test(`sign-in card and signed-in app, axe clean, ${name}`, async () => {
        const page = await newPage({ viewport, dark })
        const login = new LoginPage(page)
        await login.goto()
        await login.card().getByTestId('demo-credentials').waitFor()
        await expectAxeClean(page, `sign-in ${name}`)
        await screenshot(page, `demo-sign-in-${name}`)
        // 'Use these credentials' fills the form.
        await login.card().getByRole('button', { name: 'Use these credentials' }).click()
        expect(await login.email().inputValue()).toBe(demo.credentials.email)
        await page.getByRole('button', { name: 'Sign In' }).click()
        await new DashboardPage(page).waitUntilShown()
        await page.locator('header').getByTestId('demo-badge').waitFor()
        await expectAxeClean(page, `app ${name}`)
        await screenshot(page, `demo-app-${name}`)
        await page.context().close()
      })
    }
  }
})
