import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'
import { expectToast } from './pages/toasts'

setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
// The first person to sign up is the administrator.
const admin = newUser('Grace Hopper')

beforeAll(async () => {
  // The environment's budget: $10 a day, the rest left at its defaults (no monthly limit, UTC).
  ;({ e2e, page } = await withAdminPage({ BUDGET_DAILY_LIMIT: '10' }, admin))
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const field = (name: string) => page.locator(`[data-field="${name}"]`)
const dailyLimit = () => page.getByLabel('Daily limit', { exact: true })
const timeZone = () => page.getByRole('combobox', { name: 'Time zone' })

async function openBudgets() {
  await page.goto('/admin/budgets')
  await page.reload()
  await page.getByRole('heading', { name: 'Budgets' }).waitFor()
  await dailyLimit().waitFor()
}

/** Texts inside the admin area that do not fit their box (clipped or running out of the page). */
function cutOff(target: Page) {
  return target.evaluate(() => {
    const cut: string[] = []
    if (document.documentElement.scrollWidth > window.innerWidth) cut.push('the page scrolls sideways')
    for (const element of document.querySelectorAll<HTMLElement>('[data-testid="admin-page"] *')) {
      const style = getComputedStyle(element)
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis'
      if (
        clips &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.getAttribute('role') !== 'listbox'
      )
        cut.push(element.textContent?.trim().slice(0, 60) ?? element.tagName)
    }
    return cut
  })
}

describe('admin area', () => {
  test('a person who is not an administrator is refused', async () => {
    const context = await e2e.newContext()
    const other = newUser('Alan Turing')
    await context.request.post('/api/auth/signup', {
      headers: { origin: e2e.url },
      data: { email: other.email, password: other.password, fullName: other.fullName },
    })
    const refused = await context.newPage()
    await refused.goto('/admin')
    await refused.getByTestId('admin-refusal').waitFor()
    await refused.getByRole('heading', { name: 'Not allowed' }).waitFor()
    await refused.getByRole('alert').filter({ hasText: 'Only administrators can.' }).waitFor()
    expect(await refused.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/')
    expect(await refused.getByLabel('Daily limit').count()).toBe(0)
    await screenshot(refused, 'admin-refused')
    await context.close()
  })

  test('the administrator reaches Budgets from the user menu; each value says where it comes from', async () => {
    await page.goto('/')
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click()
    await page.waitForURL('**/admin/users')
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Admin sections' })
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Users',
      'Groups',
      'Budgets',
      'Models',
      'Branding',
      'Sign-in',
      'API',
      'MCP servers',
      'Sharing',
      'Retention',
      'Usage',
      'Support access',
      'Audit trail',
      'Backups',
    ])
    expect(await nav.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page')
    await nav.getByRole('link', { name: 'Budgets' }).click()
    expect(await nav.getByRole('link', { name: 'Budgets' }).getAttribute('aria-current')).toBe('page')
    await page.getByRole('heading', { name: 'Budgets' }).waitFor()

    expect(await dailyLimit().inputValue()).toBe('10')
    await field('Daily limit').getByText('Now: $10.00').waitFor()
    await field('Daily limit').getByText('Set by the server’s configuration').waitFor()
    await field('Monthly limit').getByText('Now: No limit').waitFor()
    expect(await timeZone().inputValue()).toBe('UTC')
    expect(await page.getByText('Set here', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
  })

  test('an old link to a section tab (/admin#budgets) opens that section’s page', async () => {
    await page.goto('/admin#budgets')
    await page.waitForURL('**/admin/budgets')
    await page.getByRole('heading', { name: 'Budgets' }).waitFor()
  })

  test('the administrator changes the daily limit and the time zone; both stay after a reload', async () => {
    await openBudgets()
    await dailyLimit().fill('25')
    await timeZone().fill('berl')
    await page.getByRole('option', { name: 'Europe/Berlin' }).click()
    expect(await timeZone().inputValue()).toBe('Europe/Berlin')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Budget settings saved')

    await page.reload()
    await dailyLimit().waitFor()
    expect(await dailyLimit().inputValue()).toBe('25')
    expect(await timeZone().inputValue()).toBe('Europe/Berlin')
    await field('Daily limit').getByText('Now: $25.00').waitFor()
    await field('Daily limit').getByText('Set here').waitFor()
    await field('Time zone').getByText('Set here').waitFor()
    await field('Monthly limit').getByText('Set by the server’s configuration').waitFor()
  })

  test('invalid input is explained, on the field and from the server', async () => {
    await openBudgets()
    await dailyLimit().fill('ten')
    await field('Daily limit').getByText('Enter an amount in dollars, such as 12.50').waitFor()
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)

    // Parsed here, refused by the server (more than cents): its 400, in words.
    await dailyLimit().fill('12.345')
    await page.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Enter an amount in dollars from 0 to 1,000,000,000 with at most two decimals (cents)',
      })
      .waitFor()

    await timeZone().fill('Mars/Olympus')
    await field('Time zone').getByText('Choose a time zone from the list').waitFor()
    await page.reload()
    await dailyLimit().waitFor()
    expect(await dailyLimit().inputValue()).toBe('25')
  })

  test('Use the server’s value sends null: the value in the server’s configuration applies again', async () => {
    await openBudgets()
    await page.getByRole('button', { name: 'Use the server’s value: Time zone' }).click()
    await expectToast(page, 'Back to the value in the server’s configuration')
    await field('Time zone').getByText('Set by the server’s configuration').waitFor()
    expect(await timeZone().inputValue()).toBe('UTC')
    // The daily limit stays as set.
    await field('Daily limit').getByText('Set here').waitFor()
  })
})

const VARIANTS = [
  { label: 'desktop-light', viewport: DESKTOP, dark: false },
  { label: 'desktop-dark', viewport: DESKTOP, dark: true },
  { label: 'phone-light', viewport: PHONE, dark: false },
  { label: 'phone-dark', viewport: PHONE, dark: true },
]

describe.each(VARIANTS)('admin screens ($label)', ({ label, viewport, dark }) => {
  test('Budgets: no serious accessibility problems, nothing cut off', async () => {
    await page.setViewportSize(viewport)
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
    await openBudgets()
    expect(describeViolations(await seriousA11yViolations(page))).toBe('')
    expect(await cutOff(page)).toEqual([])
    await screenshot(page, `admin-budgets-${label}`)

    // The time zone list, open.
    await timeZone().fill('america/')
    await page.getByRole('option').first().waitFor()
    expect(describeViolations(await seriousA11yViolations(page))).toBe('')
    await screenshot(page, `admin-time-zones-${label}`)
    await page.keyboard.press('Escape')
  })
})

describe('in German', () => {
  test('the admin area reads in the profile’s language and nothing is cut off', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    const response = await page.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'de' },
    })
    expect(response.status()).toBe(200)
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport)
      await page.goto('/admin/budgets')
      await page.reload()
      await page.waitForFunction(() => document.documentElement.lang === 'de')
      await page.getByRole('heading', { name: 'Adminbereich' }).waitFor()
      await page.getByLabel('Tageslimit', { exact: true }).waitFor()
      await page.getByText('Aktuell: 25,00 $').waitFor()
      await page.getByRole('button', { name: 'Wert des Servers verwenden: Tageslimit' }).waitFor()
      expect(await cutOff(page)).toEqual([])
      await screenshot(page, `admin-budgets-de-${label}`)
    }
    // The server's refusal, in German too.
    await page.getByLabel('Tageslimit', { exact: true }).fill('12,345')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await page.getByRole('alert').filter({ hasText: 'höchstens zwei Nachkommastellen' }).waitFor()
    expect(await cutOff(page)).toEqual([])
    await screenshot(page, `admin-budgets-de-refused`)
  })
})
