import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  openAdminSection,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  screenshotTo,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'
import { expectToast } from './pages/toasts'
import { buildGradientPng } from './test-files'

/*
 * Admin → Branding: an administrator changes the product name, the primary colour and the logo;
 * a signed-out browser on the sign-in page and a signed-in user's chat page show it without a
 * reload; then everything is reset to the defaults.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let admin: Page
let member: Page
let visitor: Page
const adminUser = newUser('Ada Admin')
const memberUser = newUser('Mia Member')

beforeAll(async () => {
  ;({ e2e, page: admin } = await withAdminPage({}, adminUser))
  member = await e2e.signedInPage({ user: memberUser })
  visitor = await e2e.newPage()
  await visitor.goto('/')
  await visitor.getByTestId('login-card').waitFor()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const section = () => admin.getByTestId('brand-preview')
const brandPrimary = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary'))

async function openBranding() {
  await openAdminSection(admin, 'branding')
  await admin.getByRole('heading', { name: 'Branding', exact: true }).waitFor()
  await section().waitFor()
}

const axeClean = (name: string) => expectAxeClean(admin, name)

describe('branding section', () => {
  test('shows each item with its default, and the preview follows what is typed before saving', async () => {
    await openBranding()
    expect(await admin.getByLabel('Product name', { exact: true }).inputValue()).toBe('Parley')
    expect(await admin.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#a855f7')
    await admin.getByLabel('Product name', { exact: true }).fill('Nimbus Chat')
    await admin.getByTestId('preview-product').filter({ hasText: 'Nimbus Chat' }).waitFor()
    await admin.getByText('Unsaved changes').waitFor()
    // Nobody else sees an unsaved value.
    expect(await visitor.getByTestId('login-card').textContent()).not.toContain('Nimbus Chat')
  })

  test('a value that is not a colour is explained and cannot be saved', async () => {
    const colour = admin.getByLabel('Primary colour', { exact: true })
    await colour.fill('teal')
    await admin.getByText('Enter a colour such as #a855f7 or #a5f.').waitFor()
    expect(await admin.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true)
    expect(await colour.getAttribute('aria-invalid')).toBe('true')
    // Short hex in capitals is a colour; the picker shows it expanded.
    await colour.fill('#0E7')
    expect(await admin.getByTestId('primaryColor-picker').inputValue()).toBe('#00ee77')
    await colour.fill('#0E7490')
    await screenshot(admin, 'admin-branding-draft')
  })

  test('Save: a signed-out sign-in page and a signed-in chat page change without a reload', async () => {
    await admin.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(admin, 'Branding saved')
    expect(await admin.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#0e7490')

    // The signed-out visitor (public event stream).
    await visitor.getByTestId('login-card').getByText('Nimbus Chat').waitFor()
    await visitor.waitForFunction(() => document.title === 'Nimbus Chat')
    expect(await brandPrimary(visitor)).toBe('#0e7490')
    // The signed-in member (their socket).
    await member.getByTestId('sidebar').getByText('Nimbus Chat').waitFor()
    await member.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--brand-primary') === '#0e7490',
    )
    // The admin's own tab too.
    expect(await brandPrimary(admin)).toBe('#0e7490')
  })

  test('a logo upload shows at once in the preview and on the other browsers', async () => {
    await admin.getByTestId('logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: buildGradientPng(96, 96),
    })
    await expectToast(admin, 'Image uploaded')
    const logo = admin.getByTestId('logo-preview')
    await logo.waitFor()
    const src = await logo.getAttribute('src')
    expect(src).toMatch(/^\/api\/branding\/logo\?v=[a-z2-7]+$/)
    await admin.getByRole('button', { name: 'Remove: Logo' }).waitFor()

    const visitorLogo = visitor.getByTestId('login-card').getByRole('img', { name: /Nimbus Chat/ })
    await visitorLogo.waitFor()
    expect(await visitorLogo.getAttribute('src')).toBe(src)
    await visitor.waitForFunction(() => {
      const image = document.querySelector('[data-testid="login-card"] img') as HTMLImageElement | null
      return Boolean(image?.complete && image.naturalWidth === 96)
    })
    await member.locator(`header img[src="${src}"]`).waitFor()
    await screenshot(visitor, 'admin-branding-visitor-sign-in')
    await screenshot(member, 'admin-branding-member-chat')
    await screenshot(admin, 'admin-branding-saved')
  })

  test('an SVG is refused with the avatar’s words', async () => {
    await admin.getByTestId('logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    })
    await expectToast(admin, 'Please select an image file')
  })

  test('the audit trail names the changes', async () => {
    await openAdminSection(admin, 'audit')
    const entries = admin.getByTestId('audit-section').locator('[data-testid="audit-entry"]:visible')
    await entries.filter({ hasText: 'Changed the branding' }).first().waitFor()
    await entries.filter({ hasText: 'Uploaded a logo' }).first().waitFor()
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      test(`axe clean, ${dark ? 'dark' : 'light'} at ${label}`, async () => {
        const mode = dark ? 'dark' : 'light'
        await admin.setViewportSize(viewport)
        await admin.emulateMedia({ colorScheme: mode })
        await openBranding()
        await axeClean(`branding ${label} ${mode}`)
        await screenshot(admin, `admin-branding-${label}-${mode}`)
        await screenshotTo(admin, {
          path: `test-artifacts/screenshots/admin-branding-${label}-${mode}-full.png`,
          fullPage: true,
        })
      })
    }
  }
})

describe('reset', () => {
  test('Reset all to defaults brings every browser back to the defaults without a reload', async () => {
    await admin.setViewportSize(DESKTOP)
    await admin.emulateMedia({ colorScheme: 'light' })
    await openBranding()
    await admin.getByRole('button', { name: 'Reset all to defaults' }).click()
    const dialog = admin.getByTestId('confirm-dialog')
    await dialog.getByText('Reset all branding?').waitFor()
    await dialog.getByRole('button', { name: 'Reset all' }).click()
    await expectToast(admin, 'Branding reset to the defaults')
    expect(await admin.getByLabel('Product name', { exact: true }).inputValue()).toBe('Parley')
    await admin.getByTestId('logo-preview').waitFor({ state: 'detached' })

    await visitor.waitForFunction(() => document.title === 'Parley')
    expect(await visitor.getByTestId('login-card').locator('img').count()).toBe(0)
    expect(await brandPrimary(visitor)).toBe('#a855f7')
    await member.getByTestId('sidebar').getByText('Parley', { exact: true }).waitFor()
    await member.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--brand-primary') === '#a855f7',
    )
    await screenshot(visitor, 'admin-branding-visitor-reset')
  })
})

describe('languages', () => {
  test('reads in German, at phone width too', async () => {
    await admin.setViewportSize(DESKTOP)
    await admin.emulateMedia({ colorScheme: 'light' })
    await admin.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'de' },
    })
    await openAdminSection(admin, 'branding')
    await admin.waitForFunction(() => document.documentElement.lang === 'de')
    await admin.getByRole('heading', { name: 'Branding', exact: true }).waitFor()
    await admin.getByRole('button', { name: 'Alles auf Standard zurücksetzen' }).waitFor()
    await admin.getByLabel('Hauptfarbe', { exact: true }).fill('#12')
    await admin.getByText('Gib eine Farbe wie #a855f7 oder #a5f ein.').waitFor()
    await screenshotTo(admin, {
      path: 'test-artifacts/screenshots/admin-branding-de-full.png',
      fullPage: true,
    })
    await admin.setViewportSize(PHONE)
    await screenshotTo(admin, {
      path: 'test-artifacts/screenshots/admin-branding-de-390-full.png',
      fullPage: true,
    })
  })
})
