import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
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
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Admin → Models: an edit, a switch and the default reach a signed-in user's model dropdown without
 * a reload; refresh reads the provider again and keeps the edits; the provider panel shows the
 * last failure. The user's browser is a second profile next to the admin's.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let userPage: Page
let chat: ChatPage

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
  ;({ e2e, page } = await withAdminPage({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-e2e-secret-key-123',
    MODEL_PRICES: 'fake-model=0.15/0.6',
    IMAGE_PRICES: '1024x1024=0.05',
  }))
  userPage = await e2e.signedInPage({ user: newUser('Una User') })
  chat = new ChatPage(userPage)
  await chat.newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const section = () => page.getByTestId('models-section')
const rows = () => section().locator('[data-testid="model-row"]:visible')
const row = (id: string) => section().locator(`[data-testid="model-row"][data-model="${id}"]:visible`)
const dialog = () => page.getByTestId('model-dialog')

async function openModels() {
  await openAdminSection(page, 'models')
  await rows().first().waitFor()
}

/** The names the user's model dropdown offers (opens and closes the menu). */
async function userModelNames(): Promise<string[]> {
  await chat.modelDropdown().click()
  const options = userPage.getByTestId('model-option')
  await options.first().waitFor()
  const names = await options.locator('span.font-medium').allInnerTexts()
  await userPage.keyboard.press('Escape')
  await options.first().waitFor({ state: 'detached' })
  return names
}

async function waitForUserModels(expected: string[]) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = await userModelNames()
    if (JSON.stringify(names) === JSON.stringify(expected)) return
    await Bun.sleep(100)
  }
  expect(await userModelNames()).toEqual(expected)
}

const axeClean = (name: string) => expectAxeClean(page, name)

describe('models section', () => {
  test('lists the provider’s models with prices, the switches and the provider status', async () => {
    await openModels()
    await page.getByRole('heading', { name: 'Models', exact: true }).first().waitFor()
    expect(await rows().count()).toBe(4) // the two models; the workflow and demo models, inactive
    expect(await row('fake-model').innerText()).toContain('$0.15')
    // Parley's own models are tagged as such, with Parley's reason, never as the provider's.
    for (const [id, reason] of [
      ['demo', 'Not in use while an AI provider or workflow is set up'],
      ['workflow', 'Not in use: no workflow is set up'],
    ]) {
      const text = await row(id!).innerText()
      expect(text).toContain('Built into Parley')
      expect(text).toContain(reason!)
      expect(text).not.toContain('Not offered by the provider')
    }
    expect(await row('fake-model').getByTestId('built-in-badge').count()).toBe(0)
    // Counted as people see them: the two provider models, not the two that are not in use.
    expect(await section().getByTestId('models-count').innerText()).toBe('2 of 4 available to people')
    const openai = section().getByTestId('provider-openai')
    expect(await openai.getAttribute('data-state')).toBe('ok')
    expect(await openai.innerText()).toContain(new URL(fake.url).host)
    expect(await section().getByTestId('provider-workflow').innerText()).toContain('Not configured')
    expect(await section().innerText()).not.toContain('sk-e2e-secret-key-123')
    expect(await userModelNames()).toEqual(['fake-model', 'fake-model-large'])
  })

  test('an edited name, description and price show in the user’s model dropdown without a reload', async () => {
    await row('fake-model').getByRole('button', { name: 'Edit fake-model' }).click()
    await dialog().waitFor()
    await dialog().getByLabel('Display name').fill('Team Assistant')
    await dialog().getByLabel('Description').fill('Our everyday model')
    await dialog().getByLabel('Input price').fill('0.2')
    await dialog().getByLabel('Output price').fill('abc')
    await dialog().getByRole('button', { name: 'Save' }).click()
    await dialog().getByText('Enter a price in dollars, such as 0.15').waitFor()
    await dialog().getByLabel('Output price').fill('')
    await dialog().getByLabel('Image support').selectOption('yes')
    await screenshot(page, 'admin-models-dialog-1280-light')
    await dialog().getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Model saved')
    await dialog().waitFor({ state: 'detached' })
    const edited = row('fake-model')
    await edited.getByText('Team Assistant').waitFor()
    expect(await edited.innerText()).toContain('$0.20')
    expect(await edited.innerText()).toContain('Edited')
    expect(await edited.innerText()).toContain('Reads images')
    await waitForUserModels(['Team Assistant', 'fake-model-large'])
    await chat.modelDropdown().click()
    await userPage.getByTestId('model-option').getByText('Our everyday model').waitFor()
    await userPage.keyboard.press('Escape')
  })

  test('a disabled model leaves the user’s dropdown at once, and comes back when enabled', async () => {
    await row('fake-model-large').getByRole('switch', { name: 'Enable fake-model-large' }).click()
    await expectToast(page, 'fake-model-large is now hidden from everyone')
    await waitForUserModels(['Team Assistant'])
    await row('fake-model-large').getByRole('switch').click()
    await expectToast(page, 'fake-model-large is now available to everyone')
    await waitForUserModels(['Team Assistant', 'fake-model-large'])
  })

  test('the default model: chosen from the enabled ones, marked, and cannot be disabled', async () => {
    await section().getByTestId('default-model').selectOption('fake-model-large')
    await expectToast(page, 'Default model saved')
    await row('fake-model-large').getByTestId('default-badge').waitFor()
    await row('fake-model-large').getByRole('switch').click()
    await expectToast(
      page,
      'This model is the organisation’s default model. Choose another default model before disabling it.',
    )
    expect(await row('fake-model-large').getAttribute('data-enabled')).toBe('true')
    // A user who never chose a model starts with the default.
    const fresh = await e2e.signedInPage({ user: newUser('Nina New') })
    const freshChat = new ChatPage(fresh)
    await freshChat.newChat()
    await fresh.waitForFunction(() =>
      document.querySelector('[data-testid="model-dropdown"]')?.textContent?.includes('fake-model-large'),
    )
    await fresh.close()
  })

  test('refresh from provider adds new models and keeps the edits', async () => {
    fake.setModels(['fake-model', 'fake-model-large', 'fake-model-new'])
    await section().getByTestId('refresh-models').click()
    await expectToast(page, 'Model list refreshed from the provider')
    await row('fake-model-new').waitFor()
    await row('fake-model').getByText('Team Assistant').waitFor()
    await waitForUserModels(['Team Assistant', 'fake-model-large', 'fake-model-new'])
  })

  test('image prices: each size shows its source; a price set here is saved, and Reset returns to the server’s', async () => {
    const card = section().getByTestId('image-prices')
    const field = (label: string) => card.locator(`[data-field="${label}"]`)
    await card.getByRole('heading', { name: 'Image generation' }).waitFor()
    expect(await field('Square (1024×1024)').innerText()).toContain('Server configuration')
    expect(await field('Square (1024×1024)').innerText()).toContain('$0.05 from IMAGE_PRICES')
    expect(await field('Landscape (1792×1024)').innerText()).toContain('Default')
    await card.getByLabel('Landscape (1792×1024)').fill('abc')
    await card.getByRole('button', { name: 'Save image prices' }).click()
    await field('Landscape (1792×1024)').getByText('Enter a price in dollars, such as 0.04').waitFor()
    await card.getByLabel('Landscape (1792×1024)').fill('0.12')
    await card.getByLabel('Portrait (1024×1792)').fill('0.09')
    await card.getByRole('button', { name: 'Save image prices' }).click()
    await expectToast(page, 'Image prices saved')
    await field('Landscape (1792×1024)').locator('[data-source="setting"]').waitFor()
    expect(await field('Landscape (1792×1024)').innerText()).toContain('Set here')
    const saved = await page.request.get('/api/admin/models/image-prices')
    expect(((await saved.json()) as { data: { items: unknown[] } }).data.items).toMatchObject([
      { size: '1024x1024', price: 0.05, source: 'environment' },
      { size: '1024x1792', price: 0.09, source: 'setting' },
      { size: '1792x1024', price: 0.12, source: 'setting' },
    ])
    await card.getByRole('button', { name: 'Reset the price of Landscape (1792×1024) images' }).click()
    await expectToast(page, 'Image price reset to the server’s price')
    await field('Landscape (1792×1024)').locator('[data-source="default"]').waitFor()
    expect(await card.getByLabel('Landscape (1792×1024)').inputValue()).toBe('')
    // Portrait stays set here, so the pictures below show all three sources.
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'admin-models-image-prices-1280-light')
  })

  test('a failed call shows as the provider’s last error', async () => {
    fake.queueScript({ fail: { status: 500, message: 'upstream exploded' } })
    await chat.send('Will this work?')
    await chat.lastAnswer().getByText('Failed to send message. Please try again.').waitFor()
    await openModels()
    const openai = section().getByTestId('provider-openai')
    await section().locator('[data-testid="provider-openai"][data-state="error"]').waitFor()
    expect(await openai.getByTestId('provider-last-error').innerText()).toContain(
      'The AI provider answered 500: upstream exploded',
    )
    await openai.getByText('Error', { exact: true }).waitFor()
    await screenshot(page, 'admin-models-provider-error-1280-light')
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      const name = `${label}-${dark ? 'dark' : 'light'}`
      test(`axe clean, ${dark ? 'dark' : 'light'} at ${label}`, async () => {
        await page.setViewportSize(viewport)
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        await openModels()
        await section().getByTestId('provider-openai').waitFor()
        await axeClean(`models ${name}`)
        await screenshot(page, `admin-models-${name}`)
        await screenshotTo(section().getByTestId('image-prices'), {
          path: `test-artifacts/screenshots/admin-models-image-prices-${name}.png`,
        })
        await screenshotTo(page, {
          path: `test-artifacts/screenshots/admin-models-${name}-full.png`,
          fullPage: true,
        })
        await row('fake-model').getByRole('button', { name: 'Edit Team Assistant' }).click()
        await dialog().waitFor()
        await axeClean(`model dialog ${name}`)
        await screenshot(page, `admin-models-dialog-${name}`)
        await page.keyboard.press('Escape')
        await dialog().waitFor({ state: 'detached' })
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
    await openModels()
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await page.getByRole('heading', { name: 'Modelle', exact: true }).first().waitFor()
    await section().getByRole('button', { name: 'Beim Anbieter aktualisieren' }).waitFor()
    await screenshotTo(page, { path: 'test-artifacts/screenshots/admin-models-de-full.png', fullPage: true })
  })
})
