import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  SETUP_TIMEOUT,
  screenshotTo,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { expectToast } from './pages/toasts'

/*
 * Issue 31, the screens: Settings › API keys (a key made, shown once, used from outside the page,
 * revoked) and Admin › API (every key with its owner, a revoke, the switch for everyone). Mia reads
 * German: her screens are the second language's.
 */

setDefaultTimeout(90_000)

const SHOTS = '/tmp/shots/api-keys'
const admin = newUser('Ada Admin')
const member = newUser('Mia Member')

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let mia: Page
let miaKey = ''

beforeAll(async () => {
  ;({ e2e, fake, page } = await withSignedInPage({ fakeModels: ['fake-model'], user: admin }))
  mia = await e2e.signedInPage({ user: member, language: 'de' })
  await mkdir(SHOTS, { recursive: true })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

async function shot(on: Page, name: string, fullPage = false) {
  await screenshotTo(on, { path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage })
}

async function desktopLight(on: Page) {
  await on.setViewportSize({ width: 1280, height: 800 })
  await on.emulateMedia({ colorScheme: 'light' })
}

/** Opens Settings › API keys (`settings` and `tab` in the page's language). */
async function openKeys(on: Page, settings: string, tab: string) {
  await on.goto('/')
  await on.getByTestId('user-menu').click()
  await on.getByRole('menuitem', { name: settings }).click()
  await on.getByTestId('settings-dialog').getByRole('tab', { name: tab }).click()
}

/** What /v1/models answers to a key, from outside any browser (no cookie, no Origin). */
async function modelsStatus(key: string): Promise<number> {
  const response = await fetch(`${e2e.url}/v1/models`, { headers: { Authorization: `Bearer ${key}` } })
  await response.body?.cancel()
  return response.status
}

const keys = (on = page) => on.getByTestId('api-keys')
const dialog = (on = page) => on.getByTestId('api-key-dialog')

describe('Settings › API keys', () => {
  test('starts empty, with what a key is for', async () => {
    await openKeys(page, 'Settings', 'API keys')
    await keys().getByText('No API keys yet').waitFor()
    await expectAxeClean(page, 'api keys, empty')
  })

  test('Create key: a name and a scope are required; the key is shown once, with how to use it', async () => {
    await keys().getByRole('button', { name: 'Create key' }).click()
    await dialog().getByRole('heading', { name: 'Create API key' }).waitFor()
    await dialog().getByRole('checkbox', { name: 'Chat' }).uncheck()
    await dialog().getByRole('checkbox', { name: 'Models' }).uncheck()
    await dialog().getByRole('button', { name: 'Create key' }).click()
    await dialog().getByText('Give the key a name').waitFor()
    await dialog().getByText('Choose at least one scope').waitFor()

    await dialog().getByLabel('Name').fill('Notebook')
    await dialog().getByRole('checkbox', { name: 'Models' }).check()
    await dialog().getByRole('checkbox', { name: 'Embeddings' }).check()
    await dialog().getByLabel('Monthly limit in dollars (optional)').fill('abc')
    await dialog().getByRole('button', { name: 'Create key' }).click()
    await dialog().getByText('Enter an amount such as 5 or 12.50').waitFor()
    await dialog().getByLabel('Monthly limit in dollars (optional)').fill('5')
    await expectAxeClean(page, 'create key dialog')
    await inEveryLook(page, async (look) => shot(page, `create-en-${look}`))
    await desktopLight(page)

    await dialog().getByRole('button', { name: 'Create key' }).click()
    await dialog().getByRole('heading', { name: 'Your new API key' }).waitFor()
    await dialog().getByText('it is shown only once').waitFor()
    const key = await dialog().getByTestId('api-key-secret').inputValue()
    expect(key).toMatch(/^pk-[A-Za-z0-9_-]{40,}$/)
    expect(await dialog().getByTestId('api-base-url').inputValue()).toBe(`${e2e.url}/v1`)
    expect(await dialog().getByTestId('api-key-curl').innerText()).toContain(`Bearer ${key}`)
    await expectAxeClean(page, 'new key shown once')
    await inEveryLook(page, async (look) => shot(page, `created-en-${look}`))
    await desktopLight(page)

    await dialog().getByRole('button', { name: 'Done' }).click()
    await dialog().waitFor({ state: 'detached' })
    const row = keys().getByTestId('api-key-row').filter({ hasText: 'Notebook' })
    await row.getByText(`${key.slice(0, 11)}…`).waitFor()
    expect(await row.getByTestId('key-scope').allInnerTexts()).toEqual(['Embeddings', 'Models'])
    expect(await row.getByTestId('api-key-spend').innerText()).toBe('$0.00 of $5.00 this month')
    await row.getByText('Never used').waitFor()
    // The secret is not on the page any more, nor in what the list was sent.
    expect(await page.content()).not.toContain(key)

    // Used from outside the page, as a script would.
    expect(await modelsStatus(key)).toBe(200)
    await expectAxeClean(page, 'api keys, one key')
    await inEveryLook(page, async (look) => shot(page, `list-en-${look}`))
    await desktopLight(page)

    await row.getByRole('button', { name: 'Revoke “Notebook”' }).click()
    await page.getByTestId('revoke-api-key-dialog').getByText('stop working at once').waitFor()
    await page.getByTestId('confirm-revoke-api-key').click()
    await expectToast(page, 'Key revoked')
    await row.getByText(/^Revoked /).waitFor()
    expect(await row.getByRole('button', { name: 'Revoke “Notebook”' }).count()).toBe(0)
    expect(await modelsStatus(key)).toBe(401)
  })

  test('in German: Mia makes a key with the screens in her language', async () => {
    await openKeys(mia, 'Einstellungen', 'API-Schlüssel')
    await keys(mia).getByText('Noch keine API-Schlüssel').waitFor()
    await keys(mia).getByRole('button', { name: 'Schlüssel erstellen' }).click()
    await dialog(mia).getByLabel('Name').fill('Skript im Büro')
    await dialog(mia).getByLabel('Monatslimit in Dollar (optional)').fill('12,50')
    await dialog(mia).getByRole('button', { name: 'Schlüssel erstellen' }).click()
    await dialog(mia).getByRole('heading', { name: 'Dein neuer API-Schlüssel' }).waitFor()
    miaKey = await dialog(mia).getByTestId('api-key-secret').inputValue()
    await inEveryLook(mia, async (look) => shot(mia, `created-de-${look}`))
    await desktopLight(mia)
    await dialog(mia).getByRole('button', { name: 'Fertig' }).click()
    const row = keys(mia).getByTestId('api-key-row').filter({ hasText: 'Skript im Büro' })
    // Intl puts a no-break space before the dollar sign.
    expect((await row.getByTestId('api-key-spend').innerText()).replace(/\s/g, ' ')).toBe(
      '0,00 $ von 12,50 $ in diesem Monat',
    )
    expect(await modelsStatus(miaKey)).toBe(200)
    await inEveryLook(mia, async (look) => shot(mia, `list-de-${look}`))
    await desktopLight(mia)
  })
})

describe('Admin › API', () => {
  const section = () => page.getByTestId('api-section')
  const row = () => section().getByTestId('admin-api-key-row').filter({ hasText: 'Skript im Büro' })

  test('lists every key with its owner, and revokes Mia’s', async () => {
    await openAdminSection(page, 'api')
    await page.getByRole('heading', { name: 'API', exact: true }).waitFor()
    await row().getByText(member.email).waitFor()
    await section()
      .getByTestId('admin-api-key-row')
      .filter({ hasText: 'Notebook' })
      .getByText(/^Revoked /)
      .waitFor()
    expect(await row().getByTestId('admin-api-key-spend').innerText()).toBe('$0.00 of $12.50')
    await expectAxeClean(page, 'admin api')
    await inEveryLook(page, async (look) => shot(page, `admin-en-${look}`, true))
    await desktopLight(page)

    await row()
      .getByRole('button', { name: `Revoke “Skript im Büro” of ${member.email}` })
      .click()
    await page.getByTestId('admin-revoke-api-key-dialog').getByText('recorded in the audit trail').waitFor()
    await page.getByTestId('admin-confirm-revoke-api-key').click()
    await expectToast(page, 'Key revoked')
    await row()
      .getByText(/^Revoked /)
      .waitFor()
    expect(await modelsStatus(miaKey)).toBe(401)
  })

  test('only chosen groups: at least one must be chosen (there is none yet)', async () => {
    await section().getByLabel('Who may use it').selectOption('groups')
    await section().getByText('There are no groups yet').waitFor()
    await section().getByLabel('Who may use it').selectOption('everyone')
  })

  test('turned off: Mia’s settings say so instead of listing keys', async () => {
    await section().getByRole('switch', { name: 'Team API on' }).click()
    await section().getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'API access saved')
    expect(await section().getByRole('switch', { name: 'Team API on' }).getAttribute('aria-checked')).toBe(
      'false',
    )

    await openKeys(mia, 'Einstellungen', 'API-Schlüssel')
    await mia
      .getByTestId('api-keys-closed')
      .getByText('Die Team-API ist auf diesem Server ausgeschaltet')
      .waitFor()
    expect(await keys(mia).getByRole('button', { name: 'Schlüssel erstellen' }).count()).toBe(0)
    await inEveryLook(mia, async (look) => shot(mia, `off-de-${look}`))
    await desktopLight(mia)
  })
})
