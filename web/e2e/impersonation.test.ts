import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { and, eq, isNull } from 'drizzle-orm'
import type { BrowserContext, Cookie, Page } from 'playwright-core'
import { impersonations, users } from '../../db/schema'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'

/*
 * Support access (issue 11): an administrator starts it from the admin area, sees the target's
 * chats under the spec's banner, is refused the admin area and account security, stops it (one
 * DELETE) and is back in the admin area; an access turns red in its last hour, or the last quarter
 * of a shorter grant (decision 146); an access ended by the server (its expiry, found by the sweep)
 * brings the browser back by itself.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const admin = newUser('Ada Admin')
const target = newUser('Tess Target')

beforeAll(async () => {
  ;({ e2e, page } = await withAdminPage({}, admin))
  const context = await e2e.newContext()
  await context.request.post('/api/auth/signup', {
    headers: { origin: e2e.url },
    data: { email: target.email, password: target.password, fullName: target.fullName },
  })
  await context.request.post('/api/auth/login', {
    headers: { origin: e2e.url },
    data: { email: target.email, password: target.password },
  })
  for (const title of ['Older plans of Tess', 'Tess latest question'])
    await context.request.post('/api/chats', { headers: { origin: e2e.url }, data: { title } })
  await context.close()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const banner = (on = page) => on.getByTestId('impersonation-banner')

/** The language the target's pages show while acting as them (their profile's). */
const speakAs = (language: 'en' | 'fr') =>
  e2e.db.update(users).set({ preferredLanguage: language }).where(eq(users.email, target.email))

/**
 * Screenshots of the support session held in `cookies`, in English and French, light and dark,
 * 1280 and 390 px, in a browser profile of its own; `show` brings the screen up on a fresh load.
 */
async function shootEverywhere(cookies: Cookie[], name: string, show: (on: Page) => Promise<void>) {
  const shotContext = await e2e.newContext()
  try {
    await shotContext.addCookies(cookies)
    const shotPage = await shotContext.newPage()
    for (const language of ['en', 'fr'] as const) {
      await speakAs(language)
      await inEveryLook(shotPage, async (look) => {
        const [size, theme] = look.split('-')
        const shot = `${name}-${language}-${theme}-${size}`
        await shotPage.goto('/')
        await banner(shotPage).waitFor()
        await shotPage.waitForFunction((lang) => document.documentElement.lang === lang, language)
        await show(shotPage)
        await screenshot(shotPage, shot)
        if (theme === 'dark') await expectAxeClean(shotPage, shot)
      })
    }
  } finally {
    await shotContext.close()
    await speakAs('en')
  }
}

/** Admin area › Users › the target › Support access, then the start dialog. */
async function startAccess(on: Page, options: { duration?: string; caseNumber?: string } = {}) {
  await openAdminSection(on, 'users')
  const row = on.getByTestId('users-section').locator('[data-testid="user-row"]:visible')
  await row
    .filter({ hasText: target.fullName })
    .first()
    .getByRole('button', { name: target.fullName })
    .first()
    .click()
  await on.getByTestId('user-detail').getByRole('button', { name: 'Support access' }).click()
  const dialog = on.getByTestId('start-impersonation')
  await dialog.waitFor()
  await dialog.getByLabel('Reason').selectOption('customer_request')
  if (options.duration) await dialog.getByLabel('Duration').selectOption({ label: options.duration })
  await dialog.getByLabel('Case number').fill(options.caseNumber ?? 'CASE-7')
  await dialog.getByLabel('Note (optional)').fill('Tess cannot find her chats')
  return dialog
}

describe('support access', () => {
  test('the start dialog needs a case number and shows the choices', async () => {
    const dialog = await startAccess(page, { caseNumber: '' })
    expect(await dialog.getByLabel('Duration').inputValue()).toBe('60')
    await screenshot(page, 'impersonation-start-dialog')
    await expectAxeClean(page, 'start dialog')
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    // The browser's own check stops the empty case number: still on the dialog.
    expect(await dialog.isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  test('start: the banner names the target, reason, case, expiry and admin; the target’s chats show', async () => {
    const dialog = await startAccess(page, { duration: '2 hours' })
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    await banner().waitFor()
    const text = await banner().textContent()
    expect(text).toContain(`Acting as Tess Target (${target.email})`)
    expect(text).toContain('Reason: CUSTOMER REQUEST')
    expect(text).toContain('Case: CASE-7')
    expect(text).toContain('Expires at ')
    expect(text).toContain('Admin: Ada Admin')
    expect(text).not.toContain('EXPIRING SOON')
    expect(await banner().getAttribute('data-expiring')).toBe('false')
    await banner().getByRole('button', { name: 'Stop Impersonation' }).waitFor()
    // The countdown runs.
    const first = await page.getByTestId('impersonation-countdown').textContent()
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="impersonation-countdown"]')?.textContent !== before,
      first,
      // It ticks every second; a loaded machine may paint the next second late.
      { timeout: 5_000 },
    )
    // The target's chats, the first one current.
    await page.getByTestId('chat-row').filter({ hasText: 'Tess latest question' }).waitFor()
    await page.getByTestId('chat-row').filter({ hasText: 'Older plans of Tess' }).waitFor()
    await page.waitForURL(/\/c\//)
    // No way into the admin area while acting as someone: neither the header's link nor the menu's.
    await page.locator('[data-testid="user-menu"]:not([aria-busy="true"])').waitFor()
    expect(await page.getByTestId('header-admin-link').count()).toBe(0)
    await page.getByTestId('user-menu').click()
    // The menu is open (its code loads on first use, decision 180) and has no way in.
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor()
    expect(await page.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await screenshot(page, 'impersonation-banner-light-1280')
    await expectAxeClean(page, 'dashboard while impersonating')
  })

  test('the admin area is refused while acting as someone', async () => {
    await page.goto('/admin')
    await page.getByTestId('admin-refusal').waitFor()
    await page.goto('/')
    await banner().waitFor()
  })

  test('account security is shown disabled, with the reason, while acting as someone', async () => {
    const reason =
      'Not available while acting as another user: only Tess Target can change their password or e-mail address, or delete their account.'
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const settings = page.getByTestId('settings-dialog')
    await settings.waitFor()
    const locked = settings.getByTestId('account-security-locked')
    expect(await locked.textContent()).toContain(reason)
    const fields = await locked.locator('input').all()
    expect(fields.length).toBe(5)
    for (const field of fields) expect(await field.isDisabled()).toBe(true)
    for (const button of ['Update Password', 'Update Email'])
      expect(await settings.getByRole('button', { name: button }).isDisabled()).toBe(true)
    await settings.getByRole('tab', { name: 'Danger Zone' }).click()
    expect(await settings.getByTestId('account-security-locked').textContent()).toContain(reason)
    expect(await settings.getByRole('textbox').isDisabled()).toBe(true)
    expect(await settings.getByRole('button', { name: 'Delete Account' }).isDisabled()).toBe(true)
    await screenshot(page, 'impersonation-account-locked-danger-en-light-1280')
    // The person's own settings are open as ever.
    await settings.getByRole('tab', { name: 'Account access' }).click()
    expect(await settings.getByTestId('account-security-locked').count()).toBe(0)
    await page.keyboard.press('Escape')
    await shootEverywhere(await page.context().cookies(), 'impersonation-account-locked', async (on) => {
      await on.locator('[data-testid="user-menu"]:not([aria-busy="true"])').click()
      await on.getByRole('menuitem').nth(1).click()
      await on.getByTestId('account-security-locked').waitFor()
    })
    // Eight looks and four axe runs: about a minute on a loaded machine.
  }, 240_000)

  test('the profile picture is locked too, with the reason, while acting as someone', async () => {
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    const dialog = page.getByTestId('profile-dialog')
    const reason = dialog.getByTestId('avatar-locked')
    expect(await reason.textContent()).toBe(
      'Not available while acting as another user: only Tess Target can change their profile picture.',
    )
    const change = dialog.getByRole('button', { name: 'Change avatar' })
    expect(await change.isDisabled()).toBe(true)
    expect(await change.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'))
    expect(await dialog.getByTestId('avatar-input').isDisabled()).toBe(true)
    // The rest of the profile stays the target's to edit (spec: support access acts as them).
    expect(await dialog.getByRole('button', { name: 'Edit Profile' }).isDisabled()).toBe(false)
    // And the server refuses it all the same.
    const refused = await page.request.delete('/api/profile/avatar', { headers: { origin: e2e.url } })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'forbidden:impersonating' })
    await page.keyboard.press('Escape')
    await shootEverywhere(await page.context().cookies(), 'impersonation-avatar-locked', async (on) => {
      await on.locator('[data-testid="user-menu"]:not([aria-busy="true"])').click()
      await on.getByRole('menuitem').first().click()
      await on.getByTestId('avatar-locked').waitFor()
    })
  }, 240_000)

  test('Stop Impersonation sends one DELETE and goes back to the admin area it was started from', async () => {
    const deletes: string[] = []
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/impersonation')
        deletes.push(request.url())
    }
    page.on('request', count)
    try {
      await banner().getByRole('button', { name: 'Stop Impersonation' }).click()
      await page.waitForURL('**/admin/users')
      await page.getByTestId('users-section').waitFor()
      // Time for a second stop to show itself (the server's 'ended' reaches the tab being left).
      await page.waitForTimeout(1500)
    } finally {
      page.off('request', count)
    }
    expect(deletes).toHaveLength(1)
    expect(await page.getByText('Support access has ended: back to your own account').count()).toBe(0)
    const me = await page.request.get('/api/auth/me')
    expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(admin.email)
  })

  test('a one-hour access starts amber and turns red with ⚠️ EXPIRING SOON in its last quarter, when the server warns', async () => {
    const context = await e2e.newContext({ viewport: DESKTOP })
    const other = await context.newPage()
    await signIn(context, other)
    const dialog = await startAccess(other)
    expect(await dialog.getByLabel('Duration').inputValue()).toBe('60')
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    await banner(other).waitFor()
    // The default hour: not 'expiring soon' from its first second (decision 146).
    expect(await banner(other).getAttribute('data-expiring')).toBe('false')
    expect(await banner(other).textContent()).not.toContain('EXPIRING SOON')
    expect(
      await banner(other).getByRole('button', { name: 'Stop Impersonation' }).getAttribute('class'),
    ).not.toContain('bg-red-600')
    const cookies = await context.cookies()
    await shootEverywhere(cookies, 'impersonation-banner-start', async () => {})
    // Fifty minutes on, as time passing would: ten of its sixty minutes left.
    const now = Date.now()
    await e2e.db
      .update(impersonations)
      .set({ startedAt: new Date(now - 50 * 60_000), expiresAt: new Date(now + 10 * 60_000) })
      .where(and(isNull(impersonations.endedAt), eq(impersonations.caseNumber, 'CASE-7')))
    // The server's sweep warns this tab by the same rule the banner turns red by.
    await other.getByText(/^Support access ends at /).waitFor({ timeout: 20_000 })
    await other.reload()
    await banner(other).waitFor({ timeout: 30_000 })
    expect(await banner(other).getAttribute('data-expiring')).toBe('true')
    expect(await banner(other).textContent()).toContain('⚠️ EXPIRING SOON')
    // The reloaded page still loads its profile on a busy machine: the name comes in as axe looks.
    await other.locator('[data-testid="user-menu"]:not([aria-busy="true"])').waitFor()
    await screenshot(other, 'impersonation-expiring-en-light-1280')
    await expectAxeClean(other, 'expiring banner')
    await shootEverywhere(cookies, 'impersonation-expiring', async () => {})
    await banner(other).getByRole('button', { name: 'Stop Impersonation' }).click()
    await banner(other).waitFor({ state: 'detached' })
    await context.close()
    // Two rounds of eight looks: two minutes and more on a loaded machine.
  }, 240_000)

  test('an access the server ends (past its expiry) brings the browser back by itself', async () => {
    const dialog = await startAccess(page, { duration: '15 minutes' })
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    await banner().waitFor()
    // The server's clock is the only one: move the expiry into the past, as time passing would.
    await e2e.db.update(impersonations).set({ expiresAt: new Date(Date.now() - 1000) })
    // The sweep ends it, tells the tab and cuts its socket; the tab returns to the admin's session.
    await banner().waitFor({ state: 'detached', timeout: 30_000 })
    await page.waitForURL('**/admin/users')
    await page.getByTestId('users-section').waitFor()
    const me = await page.request.get('/api/auth/me')
    expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(admin.email)
  })
})

describe('monitoring in the admin area', () => {
  test('Sign Out while acting ends the access and returns to the admin’s own session', async () => {
    const dialog = await startAccess(page, { duration: '30 minutes', caseNumber: 'CASE-8' })
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    await banner().waitFor()
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await banner().waitFor({ state: 'detached', timeout: 20_000 })
    // Like Stop Impersonation: back in the admin area the access was started from.
    await page.waitForURL('**/admin/users')
    await page.getByTestId('users-section').waitFor()
    const me = await page.request.get('/api/auth/me')
    expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(admin.email)
  })

  test('another admin session sees the access pushed live, ends it, and sees what was done', async () => {
    const context = await e2e.newContext()
    const monitor = await context.newPage()
    await signIn(context, monitor)
    await monitor.goto('/admin/impersonations')
    const section = monitor.getByTestId('impersonations-section')
    // No polling: the row appears because the server pushes `impersonations:changed`.
    await section.and(monitor.locator('[data-live="true"]')).waitFor()
    const dialog = await startAccess(page, { duration: '30 minutes', caseNumber: 'CASE-9' })
    await dialog.getByRole('button', { name: 'Start support access' }).click()
    await banner().waitFor()
    const row = section.getByTestId('impersonation-active-row').filter({ hasText: 'CASE-9' })
    await row.waitFor()
    expect(await row.textContent()).toContain('Ada Admin as Tess Target')
    expect(await row.textContent()).toContain('Reason: CUSTOMER REQUEST')
    // Writes made while acting, recorded with the access.
    for (const title of ['Opened by support', 'Second support chat'])
      expect(
        (await page.request.post('/api/chats', { headers: { origin: e2e.url }, data: { title } })).status(),
      ).toBe(201)
    await row.getByRole('button', { name: 'End now' }).click()
    await row.waitFor({ state: 'detached' })
    const ended = section.getByTestId('impersonation-history-row').filter({ hasText: 'CASE-9' })
    await ended.filter({ hasText: 'ended by another admin' }).waitFor()
    // The acting tab hears `impersonation:ended` and goes back to the admin's own session.
    await banner().waitFor({ state: 'detached', timeout: 20_000 })
    await page.waitForURL('**/admin/users')
    await ended.getByRole('button', { name: /What was done \(2 changes\)/ }).click()
    const actions = ended.getByTestId('impersonation-actions')
    await actions.waitFor()
    const words = await actions.locator('li').allTextContents()
    expect(words.map((line) => line.replace(/^[\d:\s]+(AM|PM)?\s*/, ''))).toEqual([
      'Started support access',
      'Created a chat',
      'Created a chat',
      'Ended someone’s support access',
    ])
    // The signed-out access shows as such in the history.
    await section.getByTestId('impersonation-history-row').filter({ hasText: 'signed out' }).first().waitFor()
    // One running too, for the pictures (started in a browser profile of its own).
    const acting = await e2e.newContext()
    await signIn(acting, await acting.newPage())
    const started = await acting.request.post('/api/admin/impersonations', {
      headers: { origin: e2e.url },
      data: { targetUserId: await targetId(acting), reasonCode: 'bug_investigation', caseNumber: 'BUG-311' },
    })
    expect(started.status()).toBe(201)
    await section.getByTestId('impersonation-active-row').filter({ hasText: 'BUG-311' }).waitFor()
    // The pictures in the monitor's own browser profile, loaded afresh in each look.
    await inEveryLook(monitor, async (look) => {
      const [size, theme] = look.split('-')
      const name = `impersonations-section-${theme}-${size}`
      await monitor.goto('/admin/impersonations')
      const history = monitor
        .getByTestId('impersonation-history-row')
        .filter({ hasText: 'CASE-9' })
        .filter({ hasText: 'ended by another admin' })
      await history.getByRole('button', { name: /What was done/ }).click()
      await history.getByTestId('impersonation-actions').waitFor()
      await screenshot(monitor, name)
      await expectAxeClean(monitor, name)
    })
    await context.close()
  })
})

describe('the person whose account was opened', () => {
  for (const [name, options] of [
    ['account-access-light-1280', { viewport: DESKTOP, dark: false }],
    ['account-access-dark-390', { viewport: PHONE, dark: true }],
  ] as const) {
    test(`sees every access in Settings › Account access (${name})`, async () => {
      const context = await e2e.newContext(options)
      await context.request.post('/api/auth/login', {
        headers: { origin: e2e.url },
        data: { email: target.email, password: target.password },
      })
      const own = await context.newPage()
      await own.goto('/')
      await own.getByTestId('user-menu').click()
      await own.getByRole('menuitem', { name: 'Settings' }).click()
      await own.getByRole('tab', { name: 'Account access' }).click()
      const entries = own.getByTestId('access-entry')
      await entries.first().waitFor()
      expect(await entries.count()).toBeGreaterThanOrEqual(3)
      const text = await own.getByTestId('access-log').textContent()
      expect(text).toContain(`Ada Admin (${admin.email})`)
      expect(text).toContain('Reason: CUSTOMER REQUEST')
      expect(text).toContain('Case: CASE-7')
      expect(text).toContain('120 minutes')
      await screenshot(own, name)
      await expectAxeClean(own, name)
      await context.close()
    })
  }
})

/** The target's id, as the admin area lists it. */
async function targetId(context: BrowserContext) {
  const res = await context.request.get(`/api/admin/users?q=${encodeURIComponent(target.email)}`)
  const body = (await res.json()) as { data: { items: { id: string; email: string }[] } }
  return body.data.items.find((item) => item.email === target.email)!.id
}

async function signIn(context: BrowserContext, on: Page) {
  await context.request.post('/api/auth/login', {
    headers: { origin: e2e.url },
    data: { email: admin.email, password: admin.password },
  })
  await on.goto('/')
  await on.getByTestId('dashboard').waitFor()
}
