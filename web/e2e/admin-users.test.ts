import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type Page, request } from 'playwright-core'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  openAdminSection,
  PHONE,
  readMailLink,
  SETUP_TIMEOUT,
  screenshot,
  screenshotTo,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'
import { expectToast } from './pages/toasts'

/*
 * The admin area's users and audit sections. Until the admin shell lands they are shown on the
 * admin page itself (web/features/admin/admin-page.tsx), which is where this test opens them.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const admin = newUser('Ada Admin')
const invited = { fullName: 'Grace Hopper', email: `grace${Date.now().toString(36)}@example.com` }

beforeAll(async () => {
  ;({ e2e, page } = await withAdminPage({}, admin))
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const users = () => page.getByTestId('users-section')
const audit = () => page.getByTestId('audit-section')
const visibleRows = () => users().locator('[data-testid="user-row"]:visible')
const detail = () => page.getByTestId('user-detail')

async function openAdmin(target = page) {
  await openAdminSection(target, 'users')
  await target.getByTestId('users-section').getByTestId('user-row').first().waitFor({ state: 'attached' })
}

async function openAudit(target = page) {
  await openAdminSection(target, 'audit')
  await target.getByTestId('audit-section').waitFor()
}

async function openUser(name: string) {
  await visibleRows().filter({ hasText: name }).first().getByRole('button', { name }).first().click()
  await detail().waitFor()
}

async function closeDetail(closeLabel = 'Close') {
  await detail().getByRole('button', { name: closeLabel }).click()
  await detail().waitFor({ state: 'detached' })
}

const axeClean = (name: string) => expectAxeClean(page, name)

describe('users section', () => {
  test('lists the admin, newest first, with role, last active and spend', async () => {
    await openAdmin()
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor()
    const row = visibleRows().filter({ hasText: admin.email })
    await row.waitFor()
    expect(await row.textContent()).toContain('Admin')
    expect(await row.textContent()).toContain('$0.00')
  })

  test('New user without a mail server: says nothing was mailed and hands over the link, with a copy button', async () => {
    await users().getByRole('button', { name: 'New user' }).click()
    const dialog = page.getByTestId('new-user-dialog')
    await dialog
      .getByText(
        'The new user gets a link to set their password: by e-mail, or from you when this server cannot send mail.',
      )
      .waitFor()
    await dialog.getByLabel('E-mail').fill(invited.email)
    await dialog.getByLabel('Full name').fill(invited.fullName)
    await dialog.getByLabel('Language').selectOption('de')
    await dialog.getByRole('button', { name: 'Create user' }).click()
    // No SMTP_URL here: the mail only reached the outbox, and the dialog says so instead of "mailed".
    const handOver = dialog.getByTestId('invitation-link')
    await handOver
      .getByText(
        `No mail server is set up, so nothing was e-mailed to ${invited.email}. Give ${invited.fullName} this link to set their password.`,
      )
      .waitFor()
    await dialog.getByRole('heading', { name: 'User created' }).waitFor()
    const link = await handOver.getByLabel('Set-password link').inputValue()
    expect(link).toBe(await readMailLink(e2e.dataDir, invited.email, '/reset-password'))
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await handOver.getByRole('button', { name: 'Copy link' }).click()
    await handOver.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await axeClean('new user link light 1280')
    await screenshot(page, 'admin-users-new-user-link')
    await handOver.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })
    await visibleRows().filter({ hasText: invited.email }).waitFor()
  })

  test('a second account with the same e-mail is refused in words', async () => {
    await users().getByRole('button', { name: 'New user' }).click()
    const dialog = page.getByTestId('new-user-dialog')
    await dialog.getByLabel('E-mail').fill(invited.email)
    await dialog.getByLabel('Full name').fill('Someone Else')
    await dialog.getByRole('button', { name: 'Create user' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'An account with this email already exists' }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  test('search finds the new user on the server (debounced)', async () => {
    await users().getByPlaceholder('Search by name or e-mail').fill('hopper')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="users-section"] ul [data-testid="user-row"]').length === 1,
    )
    expect(await visibleRows().count()).toBe(1)
    expect(await visibleRows().first().textContent()).toContain(invited.fullName)
  })

  test('the detail shows the profile, sessions, counts and spend', async () => {
    await openUser(invited.fullName)
    await detail().getByText('0 active sessions').waitFor()
    await detail().getByText('Never signed in').waitFor()
    await detail().getByText('Deutsch').waitFor()
    await detail().getByText('E-mail not confirmed yet', { exact: false }).waitFor()
    await axeClean('detail light 1280')
    await screenshot(page, 'admin-users-detail')
  })

  test('ban asks first, naming the user, then shows the badge', async () => {
    await detail().getByRole('button', { name: 'Ban' }).click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.getByRole('heading', { name: `Ban ${invited.fullName}?` }).waitFor()
    await screenshot(page, 'admin-users-confirm-ban')
    await confirm.getByRole('button', { name: 'Ban' }).click()
    await expectToast(page, `${invited.fullName} is banned and was signed out everywhere`)
    await confirm.waitFor({ state: 'detached' })
    await detail().getByTestId('banned-badge').waitFor()
    await detail().getByRole('button', { name: 'Unban' }).waitFor()
    await closeDetail()
    await visibleRows().filter({ hasText: invited.fullName }).getByTestId('banned-badge').waitFor()
    // The status filter finds them among the banned.
    await users().getByLabel('Status').selectOption('banned')
    await visibleRows().filter({ hasText: invited.fullName }).waitFor()
    await users().getByLabel('Status').selectOption('')
  })

  test('the server refuses an admin demoting themself, and the refusal is shown translated', async () => {
    await users().getByPlaceholder('Search by name or e-mail').fill('')
    await visibleRows().filter({ hasText: admin.email }).waitFor()
    await openUser(admin.fullName)
    await detail().getByText('This is you').waitFor()
    await detail().getByRole('button', { name: 'Remove admin rights' }).click()
    await detail()
      .getByRole('alert')
      .filter({ hasText: 'You cannot demote, ban or delete your own account' })
      .waitFor()
    await closeDetail()
    expect(await visibleRows().filter({ hasText: admin.email }).textContent()).toContain('Admin')
  })
})

describe('audit section', () => {
  test('lists the actions newest first, in words, with who and the target', async () => {
    await openAudit()
    const entries = audit().locator('[data-testid="audit-entry"]:visible')
    await entries.filter({ hasText: 'Banned a user' }).waitFor()
    const texts = await entries.allTextContents()
    expect(texts[0]).toContain('Banned a user')
    expect(texts[0]).toContain(admin.email)
    expect(texts[0]).toContain(invited.email)
    expect(texts[0]).toContain('0 sessions ended')
    expect(texts[1]).toContain('Created a user')
    expect(texts[1]).toContain('Language: Deutsch')
    // The refused demotion changed nothing, so it is not in the trail.
    expect(texts.some((text) => text.includes('Changed a role'))).toBe(false)
  })

  test('filters by action, and by actor from an entry', async () => {
    await audit().getByLabel('Action').selectOption('user.create')
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="audit-section"] tbody [data-testid="audit-entry"]')].every(
        (row) => row.textContent?.includes('Created a user'),
      ),
    )
    expect(await audit().locator('tbody [data-testid="audit-entry"]').count()).toBe(1)
    await audit().getByRole('button', { name: 'Clear filters' }).click()
    await audit().locator('tbody [data-testid="audit-entry"]').nth(1).waitFor()
    // Who acted is named (the e-mail beneath); the name filters the trail to their entries.
    await audit().locator('tbody').getByRole('button', { name: admin.fullName }).first().click()
    expect(await audit().getByLabel('Who (e-mail, name or ID)').inputValue()).toMatch(/^[0-9a-f-]{36}$/)
    await audit().locator('tbody [data-testid="audit-entry"]').nth(1).waitFor()
    await audit().getByRole('button', { name: 'Clear filters' }).click()
  })

  test("filters by the actor's and the target's e-mail or name, typed", async () => {
    const rows = () => audit().locator('tbody [data-testid="audit-entry"]')
    const rowsAre = (count: number) =>
      page.waitForFunction(
        (n) =>
          document.querySelectorAll('[data-testid="audit-section"] tbody [data-testid="audit-entry"]')
            .length === n,
        count,
      )
    // The target's e-mail, in part and in another letter case: the two entries on Grace.
    await audit().getByLabel('Target (e-mail, name or ID)').fill(invited.email.slice(0, 8).toUpperCase())
    await rowsAre(2)
    expect(await rows().allTextContents()).toEqual([
      expect.stringContaining('Banned a user'),
      expect.stringContaining('Created a user'),
    ])
    // By name, together with who acted (the admin, by e-mail).
    await audit().getByLabel('Target (e-mail, name or ID)').fill('grace hop')
    await audit().getByLabel('Who (e-mail, name or ID)').fill(admin.email)
    await rowsAre(2)
    // Someone who is not in the trail: nothing, said in words.
    await audit().getByLabel('Target (e-mail, name or ID)').fill('nobody@example.com')
    await audit().getByText('No entries match these filters').waitFor()
    await screenshot(page, 'admin-audit-filter-email')
    await audit().getByRole('button', { name: 'Clear filters' }).click()
    await rowsAre(2)
  })
})

describe('support access in the audit trail', () => {
  test('a write made as the user reads as what it did, on what, and as whom: no ids, routes or JSON', async () => {
    const tess = {
      fullName: 'Tess Target',
      email: `tess${Date.now().toString(36)}@example.com`,
      password: 'correct-horse-42',
    }
    const headers = { origin: e2e.url }
    const person = await request.newContext({ baseURL: e2e.url })
    const support = await request.newContext({ baseURL: e2e.url })
    try {
      const signedUp = await person.post('/api/auth/signup', { headers, data: tess })
      expect(signedUp.ok()).toBe(true)
      const tessId = ((await signedUp.json()) as { data: { user: { id: string } } }).data.user.id
      // The admin, signed in on another device, opens Tess's account and renames a chat there.
      await support.post('/api/auth/login', {
        headers,
        data: { email: admin.email, password: admin.password },
      })
      const started = await support.post('/api/admin/impersonations', {
        headers,
        data: {
          targetUserId: tessId,
          reasonCode: 'bug_investigation',
          caseNumber: 'CASE-9',
          durationMinutes: 60,
        },
      })
      expect(started.status()).toBe(201)
      const chat = await support.post('/api/chats', { headers, data: { title: 'Trip' } })
      const chatId = ((await chat.json()) as { data: { id: string } }).data.id
      expect(
        (await support.patch(`/api/chats/${chatId}`, { headers, data: { title: 'Trip to Rome' } })).ok(),
      ).toBe(true)

      await openAudit()
      const renamed = audit()
        .locator('[data-testid="audit-entry"]:visible')
        .filter({ hasText: 'Changed a chat (title, pin, archive or project)' })
      await renamed.waitFor()
      const text = await renamed.innerText()
      expect(text).toContain(admin.fullName)
      expect(text).toContain('acting as Tess Target')
      expect(text).toContain('Support access')
      expect(text).toContain(`Chat · ${chatId.slice(0, 8)}`)
      expect(text).not.toContain(chatId)
      expect(text).not.toContain(tessId)
      expect(text).not.toContain('PATCH')
      expect(text).not.toContain('/api/')
      const start = audit()
        .locator('[data-testid="audit-entry"]:visible')
        .filter({ hasText: 'Started support access' })
      const startText = await start.first().innerText()
      expect(startText).toContain('Tess Target')
      expect(startText).toContain('Reason: bug investigation')
      expect(startText).toContain('Case number: CASE-9')
      expect(startText).toContain('Duration: 60 minutes')
      await screenshot(page, 'admin-audit-support-access')
    } finally {
      await person.dispose()
      await support.dispose()
    }
  })
})

describe('budget in the user detail', () => {
  const budget = () => detail().getByTestId('user-budget')
  const dailyRow = () => budget().locator('[data-budget-field="dailyLimit"]')

  test("shows what applies and from where, sets the user's own daily limit, and clears it", async () => {
    await openAdmin()
    await openUser(invited.fullName)
    await budget().getByText('Today: $0.00, no limit').waitFor()
    expect(await dailyRow().locator('[data-source]').textContent()).toBe('Server configuration')
    await budget().getByLabel('Daily limit', { exact: true }).fill('2.50')
    await budget().getByRole('button', { name: 'Save budget' }).click()
    await expectToast(page, `Budget saved for ${invited.fullName}`)
    await dailyRow().locator('[data-source="user"]').waitFor()
    expect(await dailyRow().locator('[data-source]').textContent()).toBe('This user')
    expect(await budget().getByLabel('Daily limit', { exact: true }).inputValue()).toBe('2.50')
    await budget().getByText('Today: $0.00 of $2.50').waitFor()
    // The monthly limit still follows the environment.
    expect(await budget().locator('[data-budget-field="monthlyLimit"] [data-source]').textContent()).toBe(
      'Server configuration',
    )
    await axeClean('budget light 1280')
    await screenshot(page, 'admin-users-detail-budget')
    await budget().getByRole('button', { name: 'Clear this user’s value: Daily limit' }).click()
    await expectToast(page, `${invited.fullName} follows the organisation’s budget again`)
    await dailyRow().locator('[data-source="environment"]').waitFor()
    expect(await budget().getByLabel('Daily limit', { exact: true }).inputValue()).toBe('')
    await closeDetail()
    // Both changes are in the trail, on Grace: the limit set, then cleared (null again).
    await openAudit()
    await audit().getByLabel('Target (e-mail, name or ID)').fill(invited.email)
    const budgetEntries = audit()
      .locator('tbody [data-testid="audit-entry"]')
      .filter({ hasText: 'Changed a user budget' })
    await budgetEntries.nth(1).waitFor()
    // In words, not JSON: the field, the old value in dollars, and "not set".
    const cleared = await budgetEntries.first().textContent()
    expect(cleared).toContain('Daily limit: $2.50 → not set')
    expect(cleared).not.toContain('{')
  })

  test("a wrong amount is named before saving, and the server's refusal in words", async () => {
    await openAdmin()
    await openUser(invited.fullName)
    await budget().getByLabel('Monthly limit', { exact: true }).fill('ten')
    await budget().getByText('Enter an amount in dollars, such as 12.50').waitFor()
    expect(await budget().getByRole('button', { name: 'Save budget' }).isDisabled()).toBe(true)
    await budget().getByLabel('Monthly limit', { exact: true }).fill('12.345')
    await budget().getByRole('button', { name: 'Save budget' }).click()
    await budget()
      .getByRole('alert')
      .filter({
        hasText: 'Enter an amount in dollars from 0 to 1,000,000,000 with at most two decimals (cents)',
      })
      .waitFor()
    await closeDetail()
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      test(`axe clean, ${dark ? 'dark' : 'light'} at ${label}`, async () => {
        await page.setViewportSize(viewport)
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        await openAudit()
        await audit().locator('[data-testid="audit-entry"]:visible').first().waitFor()
        await axeClean(`audit ${label} ${dark ? 'dark' : 'light'}`)
        await screenshot(page, `admin-audit-${label}-${dark ? 'dark' : 'light'}`)
        await openAdmin()
        await axeClean(`users ${label} ${dark ? 'dark' : 'light'}`)
        await screenshot(page, `admin-users-${label}-${dark ? 'dark' : 'light'}`)
        await screenshotTo(page, {
          path: `test-artifacts/screenshots/admin-users-${label}-${dark ? 'dark' : 'light'}-full.png`,
          fullPage: true,
        })
        await openUser(invited.fullName)
        await axeClean(`detail ${label} ${dark ? 'dark' : 'light'}`)
        await screenshot(page, `admin-users-detail-${label}-${dark ? 'dark' : 'light'}`)
        await closeDetail()
      })
    }
  }

  test('reads in German', async () => {
    await page.setViewportSize(DESKTOP)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'de' },
    })
    await openAdmin()
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await page.getByRole('heading', { name: 'Benutzer', exact: true }).waitFor()
    await openAudit()
    await page.getByRole('heading', { name: 'Audit-Protokoll', exact: true }).waitFor()
    await audit()
      .locator('[data-testid="audit-entry"]:visible')
      .filter({ hasText: 'Benutzer gesperrt' })
      .waitFor()
    await screenshotTo(page, { path: 'test-artifacts/screenshots/admin-users-de-full.png', fullPage: true })
    await openAdmin()
    await openUser(admin.fullName)
    await detail().getByRole('button', { name: 'Adminrechte entziehen' }).click()
    await detail()
      .getByRole('alert')
      .filter({ hasText: 'Du kannst dein eigenes Konto nicht herabstufen, sperren oder löschen' })
      .waitFor()
    await screenshot(page, 'admin-users-de-detail')
    await closeDetail('Schließen')
  })
})
