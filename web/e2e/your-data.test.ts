import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expectNoEnglish, say } from './english-leftovers'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  SETUP_TIMEOUT,
  screenshot,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { SettingsDialog } from './pages/settings-dialog'
import { expectToast } from './pages/toasts'

/*
 * Issue 32, points 4 and 5, in the browser: a member prepares the zip of all their data (told when
 * it is ready, anywhere in the app; downloaded), then brings in a ChatGPT export from Settings › Your data,
 * follows it to its report (what came in, what was left out and why), finds the chats in the list
 * with their branches, brings the same file in again (nothing doubled, said so) and a file that is
 * no export (nothing imported, said why). Screenshots light/dark, 1280/390, and a pass in German.
 */

setDefaultTimeout(60_000)

const CHATGPT = join(import.meta.dir, '../../src/imports/fixtures/chatgpt-conversations.json')

let e2e: E2E
let page: Page
const member = newUser('Ida Importer')

const dialog = () => new SettingsDialog(page).root()
const panel = () => dialog().getByTestId('import-panel')

async function openYourData(on: Page) {
  await new DashboardPage(on).choose('Settings')
  await new SettingsDialog(on).waitUntilShown()
  await new SettingsDialog(on).root().getByRole('tab', { name: 'Your data' }).click()
  await new SettingsDialog(on).root().getByTestId('import-panel').waitFor()
}

beforeAll(async () => {
  ;({ e2e, page } = await withSignedInPage({ user: member }))
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
}, SETUP_TIMEOUT)

describe('Settings › Your data › Take your data with you', () => {
  test('the zip is prepared in the background, announced by a toast, and downloads', async () => {
    await openYourData(page)
    const exportPanel = dialog().getByTestId('export-panel')
    await exportPanel.getByTestId('export-start').click()
    await expectToast(page, 'Your data is ready to download')
    const ready = exportPanel.getByTestId('export-ready')
    await ready.getByText(/^Ready: .+\. It can be downloaded until .+\.$/).waitFor()
    const href = await ready.getByTestId('export-download').getAttribute('href')
    const zip = await page.request.get(href!)
    expect(zip.status()).toBe(200)
    expect(zip.headers()['content-type']).toBe('application/zip')
    const bytes = await zip.body()
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
    expect(bytes.includes(Buffer.from('profile.json'))).toBe(true)
    await expectAxeClean(page, 'your data, export ready')
    await inEveryLook(page, (look) => screenshot(page, `export-ready-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Escape')
  })
})

describe('Settings › Your data › Bring in chats', () => {
  test('a ChatGPT export comes in with its report, and its chats are in the list', async () => {
    await openYourData(page)
    await expectAxeClean(page, 'your data, nothing imported')
    await panel().getByTestId('import-file').setInputFiles(CHATGPT)
    const report = panel().getByTestId('import-report')
    await report.getByText('Imported 4 chats with 9 messages from chatgpt-conversations.json.').waitFor()
    await expectToast(page, 'Import finished')
    // What was left out or changed is one click away, by chat and why.
    await report.getByText('1 thing left out or changed').click()
    await report.getByTestId('import-skipped').waitFor()
    await expectAxeClean(page, 'your data, report')
    await inEveryLook(page, (look) => screenshot(page, `import-report-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })

    await page.keyboard.press('Escape')
    const sidebar = new DashboardPage(page).sidebar()
    await sidebar.getByText('Trip to Lisbon').click()
    // The edited question is a branch, as it was in ChatGPT: the first version is the current one.
    await page.getByText('What should I see in Lisbon in one day?').waitFor()
    await page.getByTestId('branch-position').first().getByText('1 / 2').waitFor()
    await page.getByText('Start in Alfama, then Belém for the tower.').waitFor()
    // A title with markup stays text.
    await sidebar.getByText("<script>alert('title')</script><b>Bold</b>").waitFor()
    await screenshot(page, 'import-chat-branch-1280-light')
  })

  test('the same file again adds nothing, and says so', async () => {
    await openYourData(page)
    await panel().getByTestId('import-file').setInputFiles(CHATGPT)
    const report = panel().getByTestId('import-report')
    await report.getByText('Imported 0 chats with 0 messages from chatgpt-conversations.json.').waitFor()
    await report.getByText('4 chats were imported before and are not added again.').waitFor()
    await panel().getByTestId('import-earlier').getByText('Earlier imports').click()
    await panel()
      .getByTestId('import-earlier')
      .getByText(/ChatGPT export · Imported · 4 chats, 9 messages/)
      .waitFor()
    await expectAxeClean(page, 'your data, again')
  })

  test('a file that is no export brings nothing in and says why', async () => {
    await panel()
      .getByTestId('import-file')
      .setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ hello: 'world' })),
      })
    const card = panel().locator('[data-testid="import-card"][data-status="failed"]')
    await card.getByText(/^Nothing of notes\.json was imported: /).waitFor()
    await expectAxeClean(page, 'your data, failed')
    await inEveryLook(page, (look) => screenshot(page, `import-failed-${look}`))
  })

  test('reads in German, then in Spanish, French, Italian and Portuguese', async () => {
    const german = await e2e.signedInPage({ user: member, existing: true, language: 'de' })
    await new DashboardPage(german).userMenu().click()
    await german.getByRole('menuitem', { name: 'Einstellungen' }).click()
    await german.getByRole('tab', { name: 'Deine Daten' }).click()
    const germanPanel = german.getByTestId('import-panel')
    await germanPanel.getByText('Chats übernehmen').waitFor()
    await germanPanel.getByRole('button', { name: 'Datei auswählen…' }).waitFor()
    // The server's reason too, worded from its code.
    await germanPanel
      .getByText(
        'Nichts aus notes.json wurde übernommen: Diese Datei ist kein Export von ChatGPT, Claude oder Parley.',
      )
      .waitFor()
    await expectNoEnglish(german, 'de', 'your data')
    await expectAxeClean(german, 'your data in German')
    await inEveryLook(german, (look) => screenshot(german, `import-de-${look}`))
    await german.setViewportSize({ width: 1280, height: 800 })
    await german.emulateMedia({ colorScheme: 'light' })

    // The same tab in the four other languages, the failed import's reason included.
    for (const language of ['es', 'fr', 'it', 'pt'] as const) {
      const spoken = await german.context().request.patch('/api/profile', {
        headers: { origin: e2e.url },
        data: { preferred_language: language },
      })
      expect(spoken.ok()).toBe(true)
      await german.reload()
      await german.waitForFunction((lang) => document.documentElement.lang === lang, language)
      await new DashboardPage(german).userMenu().click()
      await german.getByRole('menuitem', { name: say(language, 'shell.userMenu.settings') }).click()
      await german.getByRole('tab', { name: say(language, 'yourData.tab') }).click()
      const panel = german.getByTestId('import-panel')
      await panel
        .getByText(
          say(language, 'yourData.import.failed', {
            name: 'notes.json',
            reason: say(language, 'yourData.import.failure.not_an_export'),
          }),
        )
        .waitFor()
      await expectNoEnglish(german, language, `your data (${language})`)
      await screenshot(german, `import-${language}-1280-light`)
      await german.keyboard.press('Escape')
    }
  })
})
