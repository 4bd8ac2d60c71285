import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  newUser,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  startE2E,
} from './fixtures'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'
import { signInThroughCard, signUpThroughCard } from './session'

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
const user = newUser('Margaret Hamilton')
const ANSWER =
  'Sure. Here is a **plan**:\n\n1. Measure\n2. Fix\n\n```python\ndef hello():\n    return "world"\n```\n\nUse `bun test` to check.'

// Each answer costs (12 + 6 tokens) × $1000 per million = $0.018: the first crosses 80 % of the
// $0.02 daily limit, the second exceeds it, and with enforcement on the third is refused.
beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  fake.setScript({ reply: ANSWER })
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODELS: 'fake-model',
    MODEL_PRICES: 'fake-model=1000/1000',
    BUDGET_DAILY_LIMIT: '0.02',
    BUDGET_ALERT_THRESHOLD: '80',
    BUDGET_ENFORCE: 'true',
  })
  const page = await e2e.newPage()
  await signUpThroughCard(page, user)
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

async function expectAccessible(page: Page) {
  expect(describeViolations(await seriousA11yViolations(page))).toBe('')
}

describe('budget banner', () => {
  test('hidden under the threshold, a warning past it, exceeded and blocked at the limit, live', async () => {
    const page = await e2e.newPage()
    await signInThroughCard(page, user)
    const chat = new ChatPage(page)
    await chat.newChat()
    await page.waitForTimeout(300)
    expect(await page.getByTestId('budget-banner').count()).toBe(0)

    await chat.send('First question')
    await chat.waitForAnswer('to check')
    const banner = page.getByTestId('budget-banner')
    await banner.and(page.locator('[data-state="warning"]')).waitFor()
    expect(await banner.textContent()).toContain('90% of your daily AI budget used: $0.02 of $0.02.')

    await chat.send('Second question')
    await chat.waitForAnswer('to check')
    await banner.and(page.locator('[data-state="exceeded"]')).waitFor()
    expect(await banner.textContent()).toContain('Daily AI budget exceeded')
    expect(await banner.textContent()).toContain('AI requests are blocked until tomorrow.')

    await chat.send('Third question')
    await expectToast(page, 'Failed to send message. Please try again.')
    await page.getByText('Daily budget exceeded. AI requests are blocked until tomorrow.').first().waitFor()

    await page.getByRole('button', { name: 'Dismiss budget alert' }).click()
    expect(await banner.count()).toBe(0)
  })
})

const VARIANTS = [
  { label: 'desktop-light', viewport: DESKTOP, dark: false },
  { label: 'desktop-dark', viewport: DESKTOP, dark: true },
  { label: 'phone-light', viewport: PHONE, dark: false },
  { label: 'phone-dark', viewport: PHONE, dark: true },
]

describe.each(VARIANTS)('chat screens ($label)', ({ label, viewport, dark }) => {
  test('conversation, menus, settings and the drawer have no serious accessibility problems', async () => {
    const page = await e2e.newPage({ viewport, dark })
    await signInThroughCard(page, user)
    const chat = new ChatPage(page)
    await chat.lastAnswer().filter({ hasText: 'to check' }).waitFor()
    await page.locator('.hljs').first().waitFor()
    await screenshot(page, `chat-${label}`)
    await expectAccessible(page)

    await chat.openPlusMenu()
    await screenshot(page, `chat-plus-menu-${label}`)
    await page.getByRole('menuitem', { name: 'Advanced settings' }).click()
    await page.getByTestId('chat-settings-dialog').getByLabel('System Prompt').waitFor()
    await screenshot(page, `chat-settings-${label}`)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await page.getByTestId('chat-settings-dialog').waitFor({ state: 'detached' })

    await chat.modelDropdown().click()
    await page.getByTestId('model-option').first().waitFor()
    await screenshot(page, `chat-model-menu-${label}`)
    await page.keyboard.press('Escape')

    if (viewport === PHONE) {
      await page.getByTestId('sidebar-toggle').click()
      await page.getByTestId('chat-row').first().waitFor()
      await screenshot(page, `chat-drawer-${label}`)
      await expectAccessible(page)
      await page.keyboard.press('Escape')
    } else {
      await chat.chatRows().first().hover()
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click()
      await page.getByTestId('delete-chat-dialog').waitFor()
      await screenshot(page, `chat-delete-${label}`)
      await page.keyboard.press('Escape')
    }
  })
})
