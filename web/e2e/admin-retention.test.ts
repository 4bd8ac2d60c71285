import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { chats, messages, users } from '../../db/schema'
import { runRetentionPass } from '../../src/retention/service'
import { expectNoEnglish } from './english-leftovers'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  SETUP_TIMEOUT,
  screenshot,
  withAdminPage,
} from './fixtures'
import { type NewUser, newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { SettingsDialog } from './pages/settings-dialog'
import { expectToast } from './pages/toasts'

/*
 * Issue 32, point 6, retention: the administrator sets a policy (a wrong number of days named; a
 * policy that deletes more asks first, saying what it deletes), a pass deletes a member's old chat
 * while its tab is open (the pinned one stays), the section and the audit trail say what the pass
 * did, and the member reads the policy in Settings › Your data. Screenshots light/dark, 1280/390,
 * and a pass in French.
 */

setDefaultTimeout(60_000)

const DAY = 24 * 60 * 60 * 1000
const member = newUser('Mia Member')

let e2e: E2E
let page: Page
let admin: NewUser
let memberPage: Page
const chatIds = { old: '', pinned: '', fresh: '' }

const section = () => page.getByTestId('retention-section')
const status = () => section().getByTestId('retention-status')

/** A chat of the member last used `days` ago (its messages written then, the chat unchanged since). */
async function seedChat(userId: string, title: string, days: number, pinned = false) {
  const at = new Date(Date.now() - days * DAY)
  const [chat] = await e2e.db
    .insert(chats)
    .values({ userId, title, pinned, createdAt: at, updatedAt: at })
    .returning()
  const [question] = await e2e.db
    .insert(messages)
    .values({ chatId: chat!.id, userId, content: `About ${title}?`, isUser: true, createdAt: at })
    .returning()
  await e2e.db.insert(messages).values({
    chatId: chat!.id,
    userId,
    content: `Here is what I know about ${title}.`,
    isUser: false,
    parentId: question!.id,
    createdAt: new Date(at.getTime() + 1000),
  })
  return chat!.id
}

beforeAll(async () => {
  ;({ e2e, page, admin } = await withAdminPage())
  memberPage = await e2e.signedInPage({ user: member })
  const [row] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, member.email))
  chatIds.old = await seedChat(row!.id, 'Offsite 2024', 120)
  chatIds.pinned = await seedChat(row!.id, 'Onboarding checklist', 400, true)
  chatIds.fresh = await seedChat(row!.id, 'This week', 2)
  // The member's tab lists them.
  await memberPage.reload()
  await new DashboardPage(memberPage).waitUntilShown()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
}, SETUP_TIMEOUT)

describe('Admin › Retention', () => {
  test('starts with nothing deleted by age', async () => {
    await openAdminSection(page, 'retention')
    await page.getByRole('heading', { name: 'Retention', exact: true }).waitFor()
    await status().getByText('Nothing is deleted by age.').waitFor()
    await status().getByText('No pass has run yet.').waitFor()
    expect(await section().getByTestId('retention-chats').inputValue()).toBe('never')
    expect(await section().getByTestId('retention-files').inputValue()).toBe('never')
    expect(await section().getByTestId('retention-save').isDisabled()).toBe(true)
    await expectAxeClean(page, 'retention, off')
    await inEveryLook(page, (look) => screenshot(page, `admin-retention-off-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('a wrong number of days is named; a policy that deletes more asks first', async () => {
    await section().getByLabel('Delete chats not used for').selectOption('90')
    await section().getByLabel('Delete files and generated images after').selectOption('custom')
    const days = section().getByTestId('retention-files-days')
    await days.fill('forty')
    await section().getByTestId('retention-save').click()
    await section().getByText('Enter a whole number of days from 1 to 36500.').waitFor()
    expect(await page.getByTestId('retention-confirm-dialog').count()).toBe(0)

    await days.fill('45')
    await section().getByTestId('retention-save').click()
    const confirm = page.getByTestId('retention-confirm-dialog')
    await confirm.getByText('Delete by age from now on?').waitFor()
    await confirm
      .getByText('Chats not used for 90 days will be deleted for everyone, except pinned ones.')
      .waitFor()
    await confirm
      .getByText('Files and generated images will be deleted 45 days after their message, for everyone.')
      .waitFor()
    await expectAxeClean(page, 'retention, asked first')
    await inEveryLook(page, (look) => screenshot(page, `admin-retention-confirm-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByTestId('retention-confirm').click()
    await expectToast(page, 'Retention policy saved')
    await confirm.waitFor({ state: 'detached' })
    await status().getByText('Next pass: within the hour.').waitFor()
    expect(await section().getByTestId('retention-save').isDisabled()).toBe(true)

    // Keeping files longer deletes nothing more: saved without a question.
    await section().getByTestId('retention-files-days').fill('60')
    await section().getByTestId('retention-save').click()
    await expectToast(page, 'Retention policy saved')
    expect(await page.getByTestId('retention-confirm-dialog').count()).toBe(0)
    await openAdminSection(page, 'retention')
    expect(await section().getByTestId('retention-chats').inputValue()).toBe('90')
    expect(await section().getByTestId('retention-files-days').inputValue()).toBe('60')
  })

  test('a pass deletes the old chat from the member’s open tab; the section and the trail say so', async () => {
    const sidebar = new DashboardPage(memberPage).sidebar()
    await sidebar.getByText('Offsite 2024').waitFor()
    const deleted = await runRetentionPass(e2e.ctx)
    expect(deleted?.chats.map((chat) => chat.id)).toEqual([chatIds.old])
    // Gone from the member's list without a reload; the pinned and the recent chats stay.
    await sidebar.getByText('Offsite 2024').waitFor({ state: 'detached' })
    await sidebar.getByText('Onboarding checklist').waitFor()
    await sidebar.getByText('This week').waitFor()

    await openAdminSection(page, 'retention')
    await status()
      .getByText(/^Last pass on .+: 1 chat, 0 files and 0 images deleted\.$/)
      .waitFor()
    await status()
      .getByText(/^Next pass: after /)
      .waitFor()
    await inEveryLook(page, (look) => screenshot(page, `admin-retention-ran-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })

    await openAdminSection(page, 'audit')
    const entry = page.getByRole('row').filter({ hasText: 'Deleted by the retention policy' }).first()
    await entry.getByText('System').waitFor()
    await entry.getByText('Chats: 1').waitFor()
    await entry.getByText('Chats kept after their last use: 90 days').waitFor()
    await page.getByRole('row').filter({ hasText: 'Changed the retention policy' }).first().waitFor()
  })

  test('the member reads the policy in Settings › Your data', async () => {
    const dashboard = new DashboardPage(memberPage)
    await dashboard.choose('Settings')
    const settings = new SettingsDialog(memberPage)
    await settings.waitUntilShown()
    await settings.root().getByRole('tab', { name: 'Your data' }).click()
    const notice = settings.root().getByTestId('retention-notice')
    await notice
      .getByText('Chats you have not used for 90 days are deleted. Pinned chats are kept.')
      .waitFor()
    await notice.getByText('Files and generated images are deleted 60 days after their message.').waitFor()
    await expectAxeClean(memberPage, 'settings, your data')
    await inEveryLook(memberPage, (look) => screenshot(memberPage, `settings-your-data-${look}`))
  })

  test('reads in French', async () => {
    const french = await e2e.signedInPage({ user: admin, existing: true, language: 'fr' })
    await openAdminSection(french, 'retention')
    await french.getByRole('heading', { name: 'Conservation', exact: true }).waitFor()
    const frenchSection = french.getByTestId('retention-section')
    await frenchSection.getByLabel('Supprimer les conversations inutilisées depuis').waitFor()
    await frenchSection.getByText(/^Dernier passage le /).waitFor()
    await expectNoEnglish(french, 'fr', 'admin retention')
    await expectAxeClean(french, 'retention in French')
    await inEveryLook(french, (look) => screenshot(french, `admin-retention-fr-${look}`))
  })
})
