import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  startE2E,
} from './fixtures'
import { newUser } from './new-user'
import { ProfileDialog } from './pages/profile-dialog'
import { SettingsDialog } from './pages/settings-dialog'

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
const user = newUser('Katherine Johnson')

beforeAll(async () => {
  e2e = await startE2E()
  await e2e.signedInPage({ user })
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const VARIANTS = [
  { label: 'desktop-light', viewport: DESKTOP, dark: false },
  { label: 'desktop-dark', viewport: DESKTOP, dark: true },
  { label: 'phone-light', viewport: PHONE, dark: false },
  { label: 'phone-dark', viewport: PHONE, dark: true },
]

async function expectAccessible(page: Page) {
  const violations = await seriousA11yViolations(page)
  expect(describeViolations(violations)).toBe('')
}

describe.each(VARIANTS)('screens ($label)', ({ label, viewport, dark }) => {
  test('sign-in card has no serious accessibility problems', async () => {
    const page = await e2e.newPage({ viewport, dark })
    await page.goto('/')
    await page.getByTestId('login-card').waitFor()
    await screenshot(page, `login-${label}`)
    await expectAccessible(page)
  })

  test('dashboard, profile and settings have no serious accessibility problems', async () => {
    const page = await e2e.signedInPage({ user, existing: true, viewport, dark })
    await screenshot(page, `dashboard-${label}`)
    await expectAccessible(page)

    if (viewport === PHONE) {
      await page.getByTestId('sidebar-toggle').click()
      await page.getByTestId('sidebar').waitFor()
      await screenshot(page, `sidebar-drawer-${label}`)
      await page.keyboard.press('Escape')
      await page.getByTestId('sidebar').waitFor({ state: 'detached' })
    }

    await page.getByTestId('user-menu').click()
    await page.getByRole('menu').waitFor()
    await screenshot(page, `user-menu-${label}`)
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    const profile = new ProfileDialog(page)
    await profile.waitUntilShown()
    await screenshot(page, `profile-${label}`)
    await expectAccessible(page)
    await profile.root().getByRole('button', { name: 'Edit Profile' }).click()
    await screenshot(page, `profile-edit-${label}`)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await profile.root().waitFor({ state: 'detached' })

    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const settings = new SettingsDialog(page)
    await settings.waitUntilShown()
    await screenshot(page, `settings-security-${label}`)
    await expectAccessible(page)
    await settings.openDangerZone()
    await screenshot(page, `settings-danger-${label}`)
    await expectAccessible(page)
  })
})

describe('keyboard and theme', () => {
  test('dialogs trap focus and close on Escape; focus returns to the menu button', async () => {
    const page = await e2e.signedInPage({ user, existing: true })
    await page.getByTestId('user-menu').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor()
    await page.getByRole('menuitem', { name: 'Settings' }).focus()
    await page.keyboard.press('Enter')
    const settings = new SettingsDialog(page)
    await settings.waitUntilShown()
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('[data-testid="settings-dialog"]')),
        ),
      ).toBe(true)
    }
    await page.keyboard.press('Escape')
    await settings.root().waitFor({ state: 'detached' })
    // Radix hands focus back once the closing animation ends: wait for it rather than read it at once.
    await page
      .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'user-menu', null, {
        timeout: 5000,
      })
      .catch(() => {})
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu')
  })

  test('the theme choice applies at once, is remembered after reload and follows the person to another device', async () => {
    const page = await e2e.signedInPage({ user, existing: true })
    await page.getByTestId('theme-toggle').click()
    await page.getByRole('menuitemradio', { name: 'Dark' }).click()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.reload()
    await page.getByTestId('dashboard').waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)

    const device = await e2e.signedInPage({ user, existing: true })
    await device.waitForFunction(() => document.documentElement.classList.contains('dark'))
    await page.getByTestId('theme-toggle').click()
    await page.getByRole('menuitemradio', { name: 'Light' }).click()
  })

  test('the sidebar collapses on desktop and the choice is kept', async () => {
    const page = await e2e.signedInPage({ user, existing: true })
    const sidebar = page.getByTestId('sidebar')
    expect(await sidebar.isVisible()).toBe(true)
    await page.getByTestId('sidebar-toggle').click()
    expect(await sidebar.isVisible()).toBe(false)
    await page.reload()
    await page.getByTestId('dashboard').waitFor()
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false)
  })
})
