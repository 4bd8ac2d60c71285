import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { LOCALES } from '../i18n/locales'
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
import type { NewUser } from './new-user'
import { expectToast } from './pages/toasts'

/*
 * Issue 33 point 3, Admin › Backups: the schedule (daily or off, how many to keep, checked before
 * saving), Back up now with its row going from Running to Done, a failed backup shown on its row
 * and as a banner until one succeeds, Download and Delete (asked first). Screenshots light/dark, 1280/390, English and French;
 * no English left in the other five languages.
 */

setDefaultTimeout(120_000)

let e2e: E2E
let page: Page
let admin: NewUser

const section = () => page.getByTestId('backups-section')
const rows = () => section().getByTestId('backup-row')

beforeAll(async () => {
  ;({ e2e, page, admin } = await withAdminPage())
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
}, SETUP_TIMEOUT)

describe('Admin › Backups', () => {
  test('a fresh server: daily, seven kept, the next one named, no backups yet', async () => {
    await openAdminSection(page, 'backups')
    await page.getByRole('heading', { name: 'Backups', exact: true }).first().waitFor()
    expect(await section().getByTestId('backup-schedule').inputValue()).toBe('daily')
    expect(await section().getByTestId('backup-keep').inputValue()).toBe('7')
    expect(await section().getByTestId('backup-next').innerText()).toStartWith('Next backup: ')
    await section().getByTestId('backups-empty').waitFor()
    await expectAxeClean(page, 'backups, empty')
  })

  test('keep must be a whole number from 1 to 90; the schedule is saved and read again', async () => {
    const keep = section().getByTestId('backup-keep')
    await keep.fill('0')
    await section().getByTestId('backup-schedule-save').click()
    await section().getByText('Enter a whole number from 1 to 90.').waitFor()
    expect(await keep.getAttribute('aria-invalid')).toBe('true')
    await keep.fill('3')
    await section().getByTestId('backup-schedule-save').click()
    await expectToast(page, 'Backup schedule saved')
    await section().getByTestId('backup-schedule').selectOption('off')
    await section().getByTestId('backup-schedule-save').click()
    await section().getByText('No automatic backups: use Back up now.').waitFor()
    await page.reload()
    expect(await section().getByTestId('backup-schedule').inputValue()).toBe('off')
    expect(await section().getByTestId('backup-keep').inputValue()).toBe('3')
    await section().getByTestId('backup-schedule').selectOption('daily')
    await section().getByTestId('backup-schedule-save').click()
    await section().getByTestId('backup-next').getByText('Next backup:').waitFor()
  })

  test('a backup that cannot be written fails on its row and in a banner', async () => {
    // The backups folder's place taken by a file: the archive cannot be written.
    const folder = join(e2e.dataDir, 'backups')
    await rm(folder, { recursive: true, force: true })
    await writeFile(folder, 'not a folder')
    try {
      await section().getByTestId('backup-now').click()
      await expectToast(page, 'Backup started')
      await section().locator('[data-testid="backup-row"][data-status="failed"]').waitFor({ timeout: 60_000 })
      await section().getByTestId('backup-failure').getByText('The last backup failed').waitFor()
    } finally {
      await rm(folder, { force: true })
    }
  })

  test('Back up now: a manual backup runs, then shows its size; the banner goes', async () => {
    await section().getByTestId('backup-now').click()
    await expectToast(page, 'Backup started')
    const done = section().locator('[data-testid="backup-row"][data-status="done"][data-trigger="manual"]')
    await done.waitFor({ timeout: 60_000 })
    expect(await done.innerText()).toMatch(/parley-.*\.tar\.gz/)
    expect(await done.innerText()).toMatch(/\d+(\.\d)?\s?(kB|MB|B)/)
    await section().getByTestId('backup-failure').waitFor({ state: 'detached' })
    expect(await rows().count()).toBe(2)
    await section().getByTestId('backup-now').getByText('Back up now').waitFor()
  })

  test('looks: 1280 and 390, light and dark, then French', async () => {
    await inEveryLook(page, async (look) => {
      await section().getByTestId('backup-row').first().waitFor()
      await expectAxeClean(page, `backups ${look}`)
      // Nothing wider than the screen at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await screenshot(page, `admin-backups-${look}`)
    })
    const french = await e2e.signedInPage({ user: admin, existing: true, language: 'fr' })
    await openAdminSection(french, 'backups')
    await french.getByTestId('backup-now').getByText('Sauvegarder maintenant').waitFor()
    expect(await french.getByTestId('backup-next').innerText()).toStartWith('Prochaine sauvegarde : ')
    await expectAxeClean(french, 'backups in French')
    await screenshot(french, 'admin-backups-fr-1280-light')
    await french.context().close()
  })

  test('reads in every other language: no English left on the section and its rows', async () => {
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const reader = await e2e.signedInPage({ user: admin, existing: true, language: locale })
      await openAdminSection(reader, 'backups')
      await reader.getByTestId('backups-section').getByTestId('backup-row').first().waitFor()
      await expectNoEnglish(reader, locale, 'admin backups')
      await screenshot(reader, `admin-backups-${locale}-1280-light`)
      await reader.context().close()
    }
  })

  test('Download saves the archive; Delete asks first, then the row goes', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const done = section().locator('[data-testid="backup-row"][data-status="done"]').first()
    const name = (await done.innerText()).match(/parley-\S+\.tar\.gz/)![0]
    const saved = page.waitForEvent('download')
    await done.getByRole('link', { name: /^Download the backup of / }).click()
    const download = await saved
    expect(download.suggestedFilename()).toBe(name)
    expect(Bun.file((await download.path())!).size).toBe(Bun.file(join(e2e.dataDir, 'backups', name)).size)

    await done.getByRole('button', { name: /^Delete the backup of / }).click()
    const dialog = page.getByTestId('backup-delete-dialog')
    await dialog.getByText('Delete this backup?').waitFor()
    expect(await dialog.innerText()).toContain('This cannot be undone.')
    await expectAxeClean(page, 'backups, delete dialog')
    await screenshot(page, 'admin-backups-delete-1280-light')
    await dialog.getByTestId('backup-delete-confirm').click()
    await expectToast(page, 'Backup deleted')
    await section().locator(`[data-testid="backup-row"][data-status="done"]`).waitFor({ state: 'detached' })
    expect(await Bun.file(join(e2e.dataDir, 'backups', name)).exists()).toBe(false)
  })
})
