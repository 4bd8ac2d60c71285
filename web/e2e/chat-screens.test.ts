import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
const user = newUser('Margaret Hamilton')
const ANSWER =
  'Sure. Here is a **plan**:\n\n1. Measure\n2. Fix\n\n```python\ndef hello():\n    return "world"\n```\n\nUse `bun test` to check.'

// Each answer costs (12 + 6 tokens) × $1000 per million = $0.018: the first crosses 80 % of the
// $0.02 daily limit, the second exceeds it, and with enforcement on the third is refused.
beforeAll(async () => {
  ;({ e2e, fake } = await withSignedInPage({
    fakeModels: ['fake-model'],
    env: {
      MODEL_PRICES: 'fake-model=1000/1000',
      BUDGET_DAILY_LIMIT: '0.02',
      BUDGET_ALERT_THRESHOLD: '80',
      BUDGET_ENFORCE: 'true',
    },
    user,
  }))
  fake.setScript({ reply: ANSWER })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

/** Whether an element's text is clipped (by truncation or a line clamp). */
function isCutOff(element: Locator) {
  return element.evaluate(
    (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  )
}

/**
 * Whether the element ends up whole after a resize: the banner moves to its own row only once React
 * has seen the narrower window (a media query in state), so the first look may catch the old place.
 */
async function settlesWhole(element: Locator): Promise<boolean> {
  const deadline = Date.now() + 5_000
  while (Date.now() < deadline) {
    if (!(await isCutOff(element))) return true
    await element.page().waitForTimeout(100)
  }
  return false
}

async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()])
  if (!x || !y) throw new Error('not on screen')
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height
}

async function expectAccessible(page: Page) {
  expect(describeViolations(await seriousA11yViolations(page))).toBe('')
}

describe('budget banner', () => {
  test('hidden under the threshold, a warning past it, exceeded and blocked at the limit, live', async () => {
    const page = await e2e.signedInPage({ user, existing: true })
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

    // Said once, whole: not 'exceeded' twice, not cut off at 1280 px.
    expect((await banner.textContent())?.match(/exceeded/g)).toHaveLength(1)
    expect(await isCutOff(page.getByTestId('budget-banner-text'))).toBe(false)

    await chat.send('Third question')
    // A refusal that trying again cannot cure does not say 'Please try again'.
    const refusal = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send message' }).first()
    await refusal.getByText('Daily budget exceeded. AI requests are blocked until tomorrow.').waitFor()
    expect(await refusal.innerText()).not.toContain('Please try again')
    // The toast leaves the banner in view.
    expect(await overlap(refusal, banner)).toBe(false)
    await screenshot(page, 'budget-refused-desktop-light')
    // On a phone the alert has a row of its own under the header, still whole.
    await page.setViewportSize(PHONE)
    expect(await settlesWhole(page.getByTestId('budget-banner-text'))).toBe(true)
    expect(await banner.textContent()).toContain('AI requests are blocked until tomorrow.')
    expect(await overlap(refusal, banner)).toBe(false)
    await screenshot(page, 'budget-refused-phone-light')
    await page.setViewportSize(DESKTOP)

    await page.getByRole('button', { name: 'Dismiss budget alert' }).click()
    expect(await banner.count()).toBe(0)
  })
})

describe('the composer’s model on a phone', () => {
  test('a long model name is readable (a row of its own, cut only at its end, whole in its title)', async () => {
    const page = await e2e.signedInPage({ user, existing: true })
    const name = 'Claude 3.5 Sonnet (October 2024 release)'
    const rename = (displayName: string | null) =>
      page.request.patch('/api/admin/models/fake-model', {
        headers: { origin: e2e.url },
        data: { displayName },
      })
    expect((await rename(name)).status()).toBe(200)
    try {
      await page.reload()
      const trigger = new ChatPage(page).modelDropdown()
      await trigger.filter({ hasText: name }).waitFor()
      for (const dark of [false, true]) {
        await page.setViewportSize(PHONE)
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        const shown = await trigger.evaluate((el) => {
          const label = el.querySelector(':scope > span.truncate') as HTMLElement
          return { width: label.clientWidth, title: el.getAttribute('title') }
        })
        // Beside '+', the agent, the mic and Send it had ~70 px ('Claude 3…'); now most of the row.
        expect(shown.width).toBeGreaterThan(150)
        expect(shown.title).toBe(name)
        expect(await trigger.getAttribute('aria-label')).toBeNull()
        expect(await trigger.innerText()).toContain(name)
        expect(await overlap(trigger, page.getByTestId('send'))).toBe(false)
        await screenshot(page, `composer-model-390-${dark ? 'dark' : 'light'}`)
      }
      // At desktop width the pickers stay in the one row, beside Send.
      await page.setViewportSize(DESKTOP)
      const [model, send] = await Promise.all([trigger.boundingBox(), page.getByTestId('send').boundingBox()])
      expect(Math.abs(model!.y + model!.height / 2 - (send!.y + send!.height / 2))).toBeLessThan(4)
      await screenshot(page, 'composer-model-1280-dark')
      await page.emulateMedia({ colorScheme: 'light' })
      await screenshot(page, 'composer-model-1280-light')
    } finally {
      await page.emulateMedia({ colorScheme: 'light' })
      expect((await rename(null)).status()).toBe(200)
    }
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
    const page = await e2e.signedInPage({ user, existing: true, viewport, dark })
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
