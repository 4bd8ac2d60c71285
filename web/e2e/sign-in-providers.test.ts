import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { type FakeOidcProvider, startOidcProvider } from '../../src/test/fakes/oidc-provider'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  PHONE,
  SETUP_TIMEOUT,
  screenshotTo,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { expectToast } from './pages/toasts'

/*
 * Sign-in through the organisation's identity provider (issue 29, browser side), against a real
 * OpenID Provider (`oidc-provider`) on 127.0.0.1: the administrator adds it in Admin › Sign-in
 * ("Test" shows what discovery found), the signed-out card shows "Sign in with Acme SSO", a click
 * goes to the provider's own login page and back into Parley as a new account; the provider's
 * groups give Parley groups and, for its admin group, the administrator's role; a sign-in that
 * fails comes back with its reason; with password sign-in off the card shows only the provider.
 */

setDefaultTimeout(90_000)

const SHOTS = '/tmp/shots/signin'
const LABEL = 'Acme SSO'
const CLIENT = { client_id: 'parley-e2e', client_secret: 'parley-e2e-secret' }

let e2e: E2E
let admin: Page
let op: FakeOidcProvider
let providerId = ''

/** A port free now, so APP_URL (and with it the provider's redirect URI) can name the real address. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  if (port === undefined) throw new Error('no free port')
  return port
}

beforeAll(async () => {
  op = await startOidcProvider({
    accounts: [
      {
        sub: 'nina',
        email: 'nina.newcomer@example.com',
        email_verified: true,
        name: 'Nina Newcomer',
        groups: ['staff'],
      },
      {
        sub: 'olga',
        email: 'olga.operator@example.com',
        email_verified: true,
        name: 'Olga Operator',
        groups: ['staff', 'parley-admins'],
      },
    ],
  })
  const port = freePort()
  ;({ e2e, page: admin } = await withAdminPage(
    { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    newUser('Ada Admin'),
  ))
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await mkdir(SHOTS, { recursive: true })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await op?.close()
}, SETUP_TIMEOUT)

const dialog = () => admin.getByTestId('provider-dialog')
const shot = (page: Page, name: string) =>
  screenshotTo(page, { path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true })

/** The admin's calls that the UI under test does not make (a group to map, the profile's language). */
async function adminApi(method: 'POST' | 'PATCH', path: string, data: unknown) {
  const response = await admin.context().request.fetch(path, { method, headers: { origin: e2e.url }, data })
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`)
  return response.json()
}

/** A fresh browser on the sign-in card (no session). */
async function signedOutCard(options: { locale?: string; dark?: boolean; width?: number } = {}) {
  const page = await e2e.newPage({
    locale: options.locale,
    dark: options.dark,
    viewport: options.width === 390 ? PHONE : DESKTOP,
  })
  await page.goto('/')
  await page.getByTestId('login-card').waitFor()
  return page
}

/** Clicks "Sign in with Acme SSO", signs in on the provider's own pages as `login`, and waits to be back in Parley. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click()
  await page.waitForURL((url) => url.href.startsWith(op.issuer), { waitUntil: 'commit' })
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => url.href.startsWith(e2e.url), { waitUntil: 'commit' })
  const dashboard = new DashboardPage(page)
  await dashboard.waitUntilShown()
  return dashboard
}

describe('Admin › Sign-in', () => {
  test('opens from the navigation with password sign-in on, no provider yet, and the SCIM base URL', async () => {
    await openAdminSection(admin, 'users')
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Sign-in' })
      .click()
    await admin.getByRole('heading', { name: 'Sign-in', exact: true }).waitFor()
    expect(new URL(admin.url()).pathname).toBe('/admin/sign-in')
    await admin.getByTestId('providers-empty').waitFor()
    expect(await admin.getByTestId('password-sign-in-switch').getAttribute('aria-checked')).toBe('true')
    expect(await admin.getByTestId('signup-switch').getAttribute('aria-checked')).toBe('true')
    expect(await admin.getByTestId('scim-base-url').inputValue()).toBe(`${e2e.url}/scim/v2`)
    // Turning password sign-in off with no provider is refused, with the reason.
    await admin.getByTestId('password-sign-in-switch').click()
    await admin.getByTestId('save-sign-in').click()
    await admin
      .getByTestId('password-settings')
      .getByRole('alert')
      .filter({ hasText: 'Add and enable an identity provider before turning password sign-in off' })
      .waitFor()
    await admin.getByTestId('password-sign-in-switch').click()
    await expectAxeClean(admin, 'admin sign-in, empty')
  })

  test('Test explains why discovery failed, then shows the endpoints the real provider publishes', async () => {
    await admin.getByTestId('add-provider').click()
    await dialog().waitFor()
    await dialog().getByLabel('Issuer URL').fill(`${op.issuer}/nowhere`)
    await dialog().getByTestId('test-provider').click()
    const result = dialog().getByTestId('discovery-result')
    await result.and(admin.locator('[data-ok="false"]')).waitFor()
    expect(await result.textContent()).toStartWith('Discovery failed: ')

    await dialog().getByLabel('Issuer URL').fill(op.issuer)
    await dialog().getByTestId('test-provider').click()
    await result.and(admin.locator('[data-ok="true"]')).waitFor()
    const found = (await result.textContent()) ?? ''
    expect(found).toContain('Authorization endpoint')
    expect(found).toContain(`${op.issuer}/auth`)
    expect(found).toContain(`${op.issuer}/token`)
    expect(found).toContain(`${op.issuer}/jwks`)
    expect(found).toContain('openid')
  })

  test('a provider without its client is not saved; with it, it is listed with the redirect URI to register', async () => {
    await dialog().getByLabel('Button label').fill(LABEL)
    await dialog().getByTestId('save-provider').click()
    // Client ID and secret are required for a new provider.
    expect(await dialog().getByText('Required').count()).toBe(2)
    await dialog().getByLabel('Client ID').fill(CLIENT.client_id)
    await dialog().getByLabel('Client secret', { exact: true }).fill(CLIENT.client_secret)
    await dialog().getByLabel('Groups claim').fill('groups')
    await dialog().getByLabel('Administrator groups').fill('parley-admins')
    await expectAxeClean(admin, 'provider dialog')
    await dialog().getByTestId('save-provider').click()
    await expectToast(admin, `${LABEL} added`)
    await dialog().waitFor({ state: 'detached' })

    const row = admin.getByTestId('provider-row')
    await row.getByText(LABEL).waitFor()
    providerId = (await row.getAttribute('data-provider')) ?? ''
    const redirectUri = `${e2e.url}/api/auth/oidc/${providerId}/callback`
    expect(await row.getByTestId('redirect-uri').inputValue()).toBe(redirectUri)
    // The administrator registers it at the provider (here: the fake's client list).
    op.setClient({ ...CLIENT, redirect_uris: [redirectUri] })

    // Editing shows the secret as write-only.
    await row.getByTestId('edit-provider').click()
    await dialog().getByText('Leave empty to keep the current secret.').waitFor()
    expect(await dialog().getByLabel('Client secret', { exact: true }).inputValue()).toBe('')
    expect(await dialog().getByLabel('Groups claim').inputValue()).toBe('groups')
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'detached' })
  })

  test('a SCIM token is shown once, with a copy button, then listed without it and revocable', async () => {
    await admin.getByTestId('new-scim-token').click()
    const tokenDialog = admin.getByTestId('scim-token-dialog')
    await tokenDialog.getByTestId('scim-token-label').fill('Acme directory')
    await tokenDialog.getByTestId('create-scim-token').click()
    const token = await tokenDialog.getByTestId('scim-token-value').inputValue()
    expect(token).toStartWith('scim-')
    await tokenDialog.getByText('it will not be shown again').waitFor()
    await tokenDialog.getByRole('button', { name: 'Copy' }).click()
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(token)
    await tokenDialog.getByTestId('scim-token-done').click()

    const tokenRow = admin.getByTestId('scim-token-row').filter({ hasText: 'Acme directory' })
    await tokenRow.getByText('Active').waitFor()
    expect(await admin.getByTestId('sign-in-section').textContent()).not.toContain(token)
    await tokenRow.getByTestId('revoke-scim-token').click()
    await admin.getByTestId('confirm-revoke-scim').click()
    await expectToast(admin, 'Token revoked')
    await tokenRow.and(admin.locator('[data-revoked="true"]')).waitFor()
    // The revoked token opens nothing.
    const refused = await fetch(`${e2e.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } })
    expect(refused.status).toBe(401)
  })
})

describe('the sign-in card', () => {
  test('shows "Sign in with Acme SSO" above the password form, with "or" between them', async () => {
    const page = await signedOutCard()
    const card = page.getByTestId('login-card')
    await card.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor()
    await card.getByText('or', { exact: true }).waitFor()
    await card.getByLabel('Email', { exact: true }).waitFor()
    const href = await card.getByTestId('provider-button').getAttribute('href')
    expect(href).toBe(`/api/auth/oidc/${providerId}/start?returnTo=%2F&lang=en`)
    await expectAxeClean(page, 'sign-in card with a provider')
    await page.context().close()
  })

  test("the first sign-in at the provider creates a new account, in the provider's groups", async () => {
    // A Parley group mapped to the provider's "staff" group.
    const created = await adminApi('POST', '/api/admin/groups', { name: 'Staff', providerGroup: 'staff' })
    const groupId: string = created.data.group.id

    const page = await signedOutCard()
    const dashboard = await signInAtProvider(page, 'nina')
    expect(await dashboard.menuItems()).not.toContain('Admin Panel')
    const profile = await page.context().request.get('/api/profile')
    const me = (await profile.json()).data
    expect(me.email).toBe('nina.newcomer@example.com')
    expect(me.full_name).toBe('Nina Newcomer')

    const group = await admin.context().request.get(`/api/admin/groups/${groupId}`)
    const members: { email: string; source: string }[] = (await group.json()).data.members
    expect(members).toContainEqual(
      expect.objectContaining({ email: 'nina.newcomer@example.com', source: 'provider' }),
    )
    await page.context().close()
  })

  test("a member of the provider's admin group becomes an administrator, and stops being one when they leave it", async () => {
    const page = await signedOutCard()
    const dashboard = await signInAtProvider(page, 'olga')
    expect(await dashboard.menuItems()).toContain('Admin Panel')
    await page.context().close()

    op.setAccount({ sub: 'olga', groups: ['staff'] })
    const again = await signedOutCard()
    const next = await signInAtProvider(again, 'olga')
    expect(await next.menuItems()).not.toContain('Admin Panel')
    await again.context().close()
  })

  test('a sign-in that did not complete comes back with its reason, once', async () => {
    const page = await e2e.newPage()
    await page.goto('/login?signInError=denied')
    const card = page.getByTestId('login-card')
    await card
      .getByRole('alert')
      .filter({ hasText: 'Sign-in was cancelled at your identity provider.' })
      .waitFor()
    expect(new URL(page.url()).search).toBe('')
    await page.goto('/login?signInError=something-new')
    await card.getByRole('alert').filter({ hasText: 'Sign-in did not complete. Please try again.' }).waitFor()
    await page.context().close()
  })

  test('screenshots: Admin › Sign-in, the provider dialog and the card, light and dark, 1280 and 390, English and French', async () => {
    await openAdminSection(admin, 'sign-in')
    await admin.getByTestId('provider-row').waitFor()
    for (const language of ['en', 'fr']) {
      if (language === 'fr') {
        await adminApi('PATCH', '/api/profile', { preferred_language: 'fr' })
        await admin.reload()
        await admin.waitForFunction(() => document.documentElement.lang === 'fr')
        await admin.getByTestId('provider-row').waitFor()
      }
      await inEveryLook(admin, async (look) => {
        await shot(admin, `admin-sign-in-${language}-${look}`)
        await admin.getByTestId('edit-provider').click()
        await dialog().waitFor()
        await dialog().getByTestId('test-provider').click()
        await dialog().getByTestId('discovery-result').waitFor()
        await screenshotTo(admin, {
          path: `${SHOTS}/provider-dialog-${language}-${look}.png`,
          animations: 'disabled',
        })
        // The dialog's foot: the switch and the buttons.
        await dialog().getByTestId('save-provider').scrollIntoViewIfNeeded()
        await screenshotTo(admin, {
          path: `${SHOTS}/provider-dialog-foot-${language}-${look}.png`,
          animations: 'disabled',
        })
        await admin.keyboard.press('Escape')
        await dialog().waitFor({ state: 'detached' })
      })
      for (const width of [1280, 390]) {
        for (const dark of [false, true]) {
          const page = await signedOutCard({ locale: language === 'fr' ? 'fr-FR' : 'en-US', dark, width })
          await page.getByTestId('provider-button').waitFor()
          await shot(page, `card-${language}-${width}-${dark ? 'dark' : 'light'}`)
          await page.context().close()
        }
      }
    }
    await adminApi('PATCH', '/api/profile', { preferred_language: 'en' })
    await admin.reload()
    await admin.setViewportSize(DESKTOP)
    await admin.emulateMedia({ colorScheme: 'light' })
  })

  test('with password sign-in off the card shows only the provider, and password sign-in is refused', async () => {
    await openAdminSection(admin, 'sign-in')
    await admin.getByTestId('password-sign-in-switch').click()
    await admin.getByText('bun run cli').waitFor()
    await admin.getByTestId('save-sign-in').click()
    await expectToast(admin, 'Sign-in settings saved')

    const page = await signedOutCard()
    const card = page.getByTestId('login-card')
    await card.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor()
    expect(await card.getByLabel('Email', { exact: true }).count()).toBe(0)
    expect(await card.getByText('or', { exact: true }).count()).toBe(0)
    expect(await card.getByRole('button', { name: "Don't have an account? Sign up" }).count()).toBe(0)
    expect(await card.getByRole('button', { name: 'Forgot your password?' }).count()).toBe(0)
    await shot(page, 'card-en-1280-light-password-off')
    const login = await page.context().request.post('/api/auth/login', {
      headers: { origin: e2e.url },
      data: { email: 'nina.newcomer@example.com', password: 'whatever-it-is' },
    })
    expect(login.status()).toBe(403)
    expect((await login.json()).code).toBe('forbidden:password_sign_in_off')

    // The provider still signs people in.
    const dashboard = await signInAtProvider(page, 'nina')
    await dashboard.root().waitFor()
    await page.context().close()
  })

  test('with sign-up off the card keeps the password form without the sign-up link', async () => {
    await openAdminSection(admin, 'sign-in')
    await admin.getByTestId('password-sign-in-switch').click()
    await admin.getByTestId('signup-switch').click()
    await admin.getByTestId('save-sign-in').click()
    // Saved: nothing left to save (a toast from the last save may still be showing).
    await admin.locator('[data-testid="save-sign-in"]:disabled').waitFor()

    const page = await signedOutCard()
    const card = page.getByTestId('login-card')
    await card.getByLabel('Email', { exact: true }).waitFor()
    await card.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor()
    await card.getByRole('button', { name: 'Forgot your password?' }).waitFor()
    expect(await card.getByRole('button', { name: "Don't have an account? Sign up" }).count()).toBe(0)
    await page.context().close()
  })
})
