import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  type E2E,
  expectAxeClean,
  type NewUser,
  newUser,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  startE2E,
} from './fixtures'
import { expectToast } from './pages/toasts'
import { signInThroughCard, signUpThroughCard } from './session'

/*
 * Deep research: Ada opens Deep Research from the '+' menu, is told to enter a topic when she
 * leaves it blank, picks a popular topic, sources and a depth, and starts; the request and the
 * live progress card appear in her chat and in her second tab, and the finished report cites its
 * sources with links. A second run is cancelled from the card.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let ada: Page
let adaUser: NewUser

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODELS: 'fake-model',
  })
  ada = await e2e.newPage()
  adaUser = newUser('Ada Lovelace')
  await signUpThroughCard(ada, adaUser)
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const dialog = (page: Page) => page.getByTestId('research-dialog')

async function openDeepResearch(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('open-deep-research').click()
  await dialog(page).waitFor()
}

describe('Deep research', () => {
  test('the dialog: topic, popular topics, sources, depths; a blank topic is refused', async () => {
    await openDeepResearch(ada)
    const form = dialog(ada)
    expect(await form.getByTestId('research-popular').count()).toBe(4)
    for (const label of ['Web Search', 'Academic Sources', 'Latest News', 'Statistics & Data']) {
      await form.getByText(label, { exact: true }).waitFor()
    }
    expect(await form.getByTestId('research-source-includeWeb').isChecked()).toBe(true)
    expect(await form.getByTestId('research-source-includeAcademic').isChecked()).toBe(false)
    expect(await form.getByTestId('research-source-includeNews').isChecked()).toBe(true)
    expect(await form.getByTestId('research-source-includeStats').isChecked()).toBe(false)
    expect(await form.getByTestId('research-depth-thorough').isChecked()).toBe(true)
    await form.getByText('Fast overview with key insights (2-3 minutes)').waitFor()
    await form.getByText('Detailed analysis with multiple perspectives (5-7 minutes)').waitFor()
    await form.getByText('Extensive research with citations (10+ minutes)').waitFor()
    await screenshot(ada, 'research-dialog-1280-light')
    await expectAxeClean(ada, 'deep research dialog 1280 light')
    await form.getByTestId('research-topic').fill('   ')
    await form.getByTestId('research-start').click()
    await expectToast(ada, 'Please enter a research topic')
    await form.getByTestId('research-popular').first().click()
    expect(await form.getByTestId('research-topic').inputValue()).toBe(
      'Latest developments in artificial intelligence',
    )
    await ada.keyboard.press('Escape')
    await dialog(ada).waitFor({ state: 'detached' })
  })

  test('the dialog on a phone, dark', async () => {
    const phone = await e2e.newPage({ viewport: PHONE, dark: true })
    await signInThroughCard(phone, adaUser)
    await openDeepResearch(phone)
    await screenshot(phone, 'research-dialog-390-dark')
    await expectAxeClean(phone, 'deep research dialog 390 dark')
    await phone.close()
  })
})
