import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { type FakeWebhook, startFakeWebhook } from '../../src/test/fakes/n8n-server'
import { type FakeOauth, startFakeOauth } from '../../src/test/fakes/oauth-server'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  screenshotTo,
  startE2E,
  withSignedInPage,
} from './fixtures'
import { type NewUser, newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'
import { signUpSpeaking, signUpThroughCard } from './session'

/*
 * Agents (issue 14, browser side): Ada (the first account, so an administrator) enables the
 * Employee and Calendar agents in Agent Configuration (the calendar's e-mail under 'Configuration
 * Required'), chooses an agent (the workflow model becomes her model, 'Switched to …'), hides
 * agents until the dropdown is gone and shows them again; saves the calendar's OAuth client,
 * connects her calendar through the fake provider and back, and asks the Calendar Agent, whose
 * workflow (the fake n8n webhook) receives her calendar's token. A browser that still holds the
 * spec's local keys hands them to the server once. Admin → Models → Agents offers and withdraws
 * an agent and sets its workflow.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let webhook: FakeWebhook
let oauth: FakeOauth
let ada: Page
let adaUser: NewUser

/** A port free now, so APP_URL (and with it the calendar's redirect URL) can name the real address. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  if (port === undefined) throw new Error('no free port')
  return port
}

beforeAll(async () => {
  webhook = startFakeWebhook({ secret: 'workflow-secret-for-tests' })
  oauth = startFakeOauth({ email: 'ada.calendar@example.com' })
  const port = freePort()
  ;({
    e2e,
    page: ada,
    user: adaUser,
  } = await withSignedInPage({
    env: {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      N8N_WEBHOOK_URL: webhook.url,
      WORKFLOW_SIGNING_SECRET: 'workflow-secret-for-tests',
      ...oauth.env,
    },
    user: newUser('Ada Lovelace'),
  }))
  await ada.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await new ChatPage(ada).newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await webhook?.close()
  await oauth?.close()
}, SETUP_TIMEOUT)

const dropdown = (page: Page) => page.getByTestId('agent-dropdown')
const menu = (page: Page) => page.getByTestId('agent-menu')
const option = (page: Page, id: string) => page.locator(`[data-testid="agent-option"][data-agent="${id}"]`)
const configDialog = (page: Page) => page.getByTestId('agent-config-dialog')
const calendarDialog = (page: Page) => page.getByTestId('calendar-config-dialog')

async function openMenu(page: Page) {
  if (await menu(page).isVisible()) return
  await dropdown(page).click()
  await menu(page).waitFor()
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape')
  await menu(page).waitFor({ state: 'detached' })
}

async function openAgentConfiguration(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('composer-configure-agents').click()
  await configDialog(page).waitFor()
}

/** The agents GET /api/agents says for the page's user. */
async function agentsOf(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/agents', { credentials: 'same-origin' })
    return (
      (await response.json()) as { data: { items: { id: string; enabled: boolean; visible: boolean }[] } }
    ).data.items
  })
}

/** The texts under `root` that do not fit their box (clipped, truncated or overflowing it). */
function cutOff(root: Locator) {
  return root.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('*')]
      .filter((node) => {
        const own = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim())
        if (!own || node.offsetParent === null) return false
        return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1
      })
      .map((node) => node.textContent?.trim() ?? ''),
  )
}

describe('agent dropdown and Agent Configuration', () => {
  test("by default only the RAG Agent is enabled, and it is the composer's agent", async () => {
    await dropdown(ada).waitFor()
    await expect(dropdown(ada).textContent()).resolves.toContain('RAG Agent')
    await openMenu(ada)
    expect(await ada.getByTestId('agent-option').count()).toBe(1)
    // RAG has no configuration: no Configure button, only Hide.
    expect(await option(ada, 'rag').getByTestId('agent-configure').count()).toBe(0)
    await option(ada, 'rag').getByRole('menuitem', { name: 'Hide RAG Agent' }).waitFor()
    await closeMenu(ada)
  })

  test("enabling the calendar asks for its e-mail under 'Configuration Required'", async () => {
    await openAgentConfiguration(ada)
    const dialog = configDialog(ada)
    // Every agent here runs through the workflow (N8N_WEBHOOK_URL), and the note says so.
    await dialog.getByText('require workflow integration', { exact: false }).waitFor()
    expect(await dialog.getByTestId('agent-runs').allInnerTexts()).toEqual([
      'Runs through a workflow',
      'Runs through a workflow',
      'Runs through a workflow',
    ])
    expect(await dialog.getByText('Configuration Required').count()).toBe(0)
    await dialog.getByRole('switch', { name: 'Enable Employee agent' }).click()
    await dialog.getByRole('switch', { name: 'Enable Calendar Agent' }).click()
    await dialog.getByText('Configuration Required').waitFor()
    await screenshot(ada, 'agents-config-dialog-desktop-light')
    await expectAxeClean(ada, 'Agent Configuration (1280, light)')

    // The e-mail is required while the calendar is enabled.
    await dialog.getByTestId('agent-config-save').click()
    await dialog.getByText('This field is required').waitFor()
    await dialog.getByTestId('agent-field-calendar-calendar_email').fill('not-an-address')
    await dialog.getByTestId('agent-config-save').click()
    await dialog.getByText('Enter a valid e-mail address').waitFor()
    await dialog.getByTestId('agent-field-calendar-calendar_email').fill('ada.calendar@example.com')
    await dialog.getByTestId('agent-config-save').click()
    await expectToast(ada, 'Agent settings saved successfully')
    await dialog.waitFor({ state: 'detached' })

    const saved = await agentsOf(ada)
    expect(saved.map((agent) => [agent.id, agent.enabled])).toEqual([
      ['rag', true],
      ['jokes', true],
      ['calendar', true],
    ])
  })

  test("a refused save shows 'Failed to save agent settings'", async () => {
    await ada.route('**/api/agents/*/settings', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'Internal error', code: 'internal' } }),
    )
    await openAgentConfiguration(ada)
    await configDialog(ada).getByRole('switch', { name: 'Enable Employee agent' }).click()
    await configDialog(ada).getByTestId('agent-config-save').click()
    await expectToast(ada, 'Failed to save agent settings')
    await ada.unroute('**/api/agents/*/settings')
    await ada.keyboard.press('Escape')
    await configDialog(ada).waitFor({ state: 'detached' })
    expect((await agentsOf(ada)).find((agent) => agent.id === 'jokes')?.enabled).toBe(true)
  })

  test('choosing an agent makes the workflow model the preferred one, with the toast', async () => {
    await openMenu(ada)
    expect(await ada.getByTestId('agent-option').count()).toBe(3)
    // Only the calendar has configuration.
    expect(await option(ada, 'calendar').getByTestId('agent-configure').count()).toBe(1)
    expect(await option(ada, 'jokes').getByTestId('agent-configure').count()).toBe(0)
    await screenshot(ada, 'agents-dropdown-desktop-light')
    await expectAxeClean(ada, 'agent dropdown (1280, light)')
    await option(ada, 'jokes').getByTestId('agent-choose').click()
    await expectToast(ada, 'Switched to Employee Agent (using n8n)')
    await expect(dropdown(ada).textContent()).resolves.toContain('Employee agent')
    await ada.getByTestId('model-dropdown').filter({ hasText: 'Workflow agents' }).waitFor()
    // Kept in this browser.
    await ada.reload()
    await dropdown(ada).filter({ hasText: 'Employee agent' }).waitFor()
  })

  test('a hidden agent is greyed out and cannot be chosen; the chosen one gives way to the first visible', async () => {
    await openMenu(ada)
    await option(ada, 'jokes').getByRole('menuitem', { name: 'Hide Employee agent' }).click()
    // The menu stays open; the hidden agent is greyed and disabled, and RAG is now the agent.
    const choose = option(ada, 'jokes').getByTestId('agent-choose')
    await ada.waitForFunction(
      () =>
        document
          .querySelector('[data-agent="jokes"] [data-testid="agent-choose"]')
          ?.getAttribute('aria-disabled') === 'true',
    )
    expect(await choose.getAttribute('data-disabled')).not.toBeNull()
    await expect(dropdown(ada).textContent()).resolves.toContain('RAG Agent')
    await choose.click({ force: true })
    await expect(dropdown(ada).textContent()).resolves.toContain('RAG Agent')
    await closeMenu(ada)
  })

  test('hiding every agent takes the dropdown away; Agent Configuration shows them again', async () => {
    await openMenu(ada)
    await option(ada, 'rag').getByRole('menuitem', { name: 'Hide RAG Agent' }).click()
    await option(ada, 'calendar').getByRole('menuitem', { name: 'Hide Calendar Agent' }).click()
    await dropdown(ada).waitFor({ state: 'detached' })
    // The setting is the server's: a reload (or another browser) agrees.
    await ada.reload()
    await ada.getByTestId('composer').waitFor()
    await ada.getByTestId('model-dropdown').waitFor()
    expect(await dropdown(ada).count()).toBe(0)
    expect((await agentsOf(ada)).every((agent) => !agent.visible)).toBe(true)

    await openAgentConfiguration(ada)
    const shows = configDialog(ada).getByTestId('agent-show')
    expect(await shows.count()).toBe(3)
    await shows.first().click()
    await dropdown(ada).waitFor()
    await expect(dropdown(ada).textContent()).resolves.toContain('RAG Agent')
    await ada.keyboard.press('Escape')
    await openMenu(ada)
    await option(ada, 'calendar').getByRole('menuitem', { name: 'Show Calendar Agent' }).click()
    await option(ada, 'jokes').getByRole('menuitem', { name: 'Show Employee agent' }).click()
    await ada.waitForFunction(
      () => document.querySelectorAll('[data-testid="agent-option"][data-hidden]').length === 0,
    )
    await closeMenu(ada)
  })
})

describe('unsaved changes and the calendar step (issue 26)', () => {
  test("'Calendar connection' and back keeps the switches and the e-mail; Cancel then forgets them", async () => {
    const page = await e2e.signedInPage({ user: newUser('Grace Draft') })
    const context = page.context()
    await new ChatPage(page).newChat()
    await openAgentConfiguration(page)
    const dialog = configDialog(page)
    const calendarSwitch = dialog.getByRole('switch', { name: 'Enable Calendar Agent' })
    const jokesSwitch = dialog.getByRole('switch', { name: 'Enable Employee agent' })
    await jokesSwitch.click()
    await calendarSwitch.click()
    await dialog.getByTestId('agent-field-calendar-calendar_email').fill('grace.draft@example.com')
    await dialog.getByTestId('open-calendar-config').click()
    await calendarDialog(page).waitFor()
    await configDialog(page).waitFor({ state: 'detached' })
    await calendarDialog(page).getByRole('button', { name: 'Close', exact: true }).last().click()
    // Back in Agent Configuration, as it was left.
    await configDialog(page).waitFor()
    await calendarDialog(page).waitFor({ state: 'detached' })
    expect(await calendarSwitch.getAttribute('aria-checked')).toBe('true')
    expect(await jokesSwitch.getAttribute('aria-checked')).toBe('true')
    expect(await dialog.getByTestId('agent-field-calendar-calendar_email').inputValue()).toBe(
      'grace.draft@example.com',
    )
    await screenshot(page, 'agents-config-dialog-kept-desktop-light')
    // Nothing was saved meanwhile; Cancel drops the changes, and a fresh opening shows the saved settings.
    expect((await agentsOf(page)).map((agent) => [agent.id, agent.enabled])).toEqual([
      ['rag', true],
      ['jokes', false],
      ['calendar', false],
    ])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await configDialog(page).waitFor({ state: 'detached' })
    await openAgentConfiguration(page)
    expect(await calendarSwitch.getAttribute('aria-checked')).toBe('false')
    expect(await dialog.getByTestId('agent-field-calendar-calendar_email').count()).toBe(0)
    await context.close()
  })

  test('the changes also survive the trip to the calendar provider, and are saved afterwards', async () => {
    const page = await e2e.signedInPage({ user: newUser('Hedy Draft') })
    const context = page.context()
    await new ChatPage(page).newChat()
    await openAgentConfiguration(page)
    const dialog = configDialog(page)
    await dialog.getByRole('switch', { name: 'Enable Calendar Agent' }).click()
    await dialog.getByTestId('agent-field-calendar-calendar_email').fill('hedy.draft@example.com')
    await dialog.getByTestId('open-calendar-config').click()
    const calendar = calendarDialog(page)
    await calendar.getByLabel('Client ID *').fill(oauth.clientId)
    await calendar.getByLabel('Client Secret *').fill(oauth.clientSecret)
    await calendar.getByTestId('calendar-save').click()
    await expectToast(page, 'Calendar configuration saved')
    await calendar.getByTestId('calendar-connect').click()
    // To the provider and back to '/?calendar=connected': Agent Configuration reopens with the draft.
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('calendar='))
    await expectToast(page, 'Calendar connected')
    await configDialog(page).waitFor()
    expect(
      await configDialog(page)
        .getByRole('switch', { name: 'Enable Calendar Agent' })
        .getAttribute('aria-checked'),
    ).toBe('true')
    expect(await configDialog(page).getByTestId('agent-field-calendar-calendar_email').inputValue()).toBe(
      'hedy.draft@example.com',
    )
    await configDialog(page).getByTestId('agent-config-save').click()
    await expectToast(page, 'Agent settings saved successfully')
    await configDialog(page).waitFor({ state: 'detached' })
    const saved = (await agentsOf(page)).find((agent) => agent.id === 'calendar')
    expect(saved?.enabled).toBe(true)
    await context.close()
  })
})

describe('Calendar Agent Configuration and the calendar connection', () => {
  test("'Save Configuration' waits for both the client id and secret", async () => {
    await openMenu(ada)
    await option(ada, 'calendar').getByTestId('agent-configure').click()
    const dialog = calendarDialog(ada)
    await dialog.waitFor()
    // The redirect URL is Parley's own callback (APP_URL's): read-only, with a button that copies it.
    const redirect = dialog.getByTestId('calendar-redirect-url')
    expect(await redirect.inputValue()).toBe(`${e2e.url}/api/agents/calendar/callback`)
    expect(await redirect.isEditable()).toBe(false)
    await dialog.getByRole('button', { name: 'Copy the OAuth Redirect URL' }).click()
    await dialog.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(
      `${e2e.url}/api/agents/calendar/callback`,
    )
    const save = dialog.getByTestId('calendar-save')
    expect(await save.isDisabled()).toBe(true)
    await dialog.getByLabel('Client ID *').fill(oauth.clientId)
    expect(await save.isDisabled()).toBe(true)
    await dialog.getByLabel('Client Secret *').fill(oauth.clientSecret)
    expect(await save.isDisabled()).toBe(false)
    expect(await dialog.getByLabel('Client Secret *').getAttribute('type')).toBe('password')
    await screenshot(ada, 'agents-calendar-dialog-desktop-light')
    await expectAxeClean(ada, 'Calendar Agent Configuration (1280, light)')
    await save.click()
    await expectToast(ada, 'Calendar configuration saved')
    // The secret is never shown again: the field is empty and says one is saved.
    await dialog.getByTestId('calendar-secret-saved').waitFor()
    await expect(dialog.getByLabel('Client Secret *').inputValue()).resolves.toBe('')
    expect(await save.isDisabled()).toBe(false)
    const body = await ada.evaluate(async () => (await fetch('/api/agents')).text())
    expect(body).not.toContain(oauth.clientSecret)
  })

  test('Connect calendar goes to the provider and back, connected', async () => {
    const dialog = calendarDialog(ada)
    await dialog.getByTestId('calendar-connect').click()
    await ada.waitForURL((url) => url.pathname === '/' && !url.search.includes('calendar='))
    await expectToast(ada, 'Calendar connected')
    await openMenu(ada)
    await option(ada, 'calendar').getByTestId('agent-configure').click()
    await calendarDialog(ada)
      .getByTestId('calendar-email')
      .filter({ hasText: 'ada.calendar@example.com' })
      .waitFor()
    expect(await calendarDialog(ada).getByTestId('calendar-connection').getAttribute('data-state')).toBe(
      'connected',
    )
    await screenshot(ada, 'agents-calendar-connected-desktop-light')
    await ada.keyboard.press('Escape')
    await calendarDialog(ada).waitFor({ state: 'detached' })
  })

  test('a message to the Calendar Agent reaches its workflow with the calendar token', async () => {
    const chat = new ChatPage(ada)
    await chat.newChat()
    await openMenu(ada)
    await option(ada, 'calendar').getByTestId('agent-choose').click()
    await expectToast(ada, 'Switched to Calendar Agent (using n8n)')
    const before = webhook.requests.length
    webhook.setScript({ status: 200, body: [{ output: 'Booked: team lunch on Friday at noon.' }] })
    await chat.send('Book a team lunch on Friday at noon')
    await chat.waitForAnswer('Booked: team lunch on Friday at noon.')
    const request = webhook.requests.slice(before).at(-1) as Record<string, unknown>
    expect(request.chatInput).toBe('Book a team lunch on Friday at noon')
    expect(request.agentId).toBe('calendar')
    const sent = JSON.stringify(request)
    expect(sent).toContain('ada.calendar@example.com')
    expect([...oauth.accessTokens].some((token) => sent.includes(token))).toBe(true)
    // The client secret never travels to the workflow.
    expect(sent).not.toContain(oauth.clientSecret)
    expect(webhook.calls.at(-1)?.signatureValid).toBe(true)
  })

  test('a send with an agent the server no longer allows is refused with its reason, and the dropdown catches up', async () => {
    // The page still believes the Employee agent is enabled; the server has it disabled.
    await ada.route('**/api/agents', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { data: { items: { id: string; enabled: boolean }[] } }
      for (const agent of body.data.items) if (agent.id === 'jokes') agent.enabled = true
      await route.fulfill({ response, json: body })
    })
    await ada.reload()
    await ada.evaluate(() =>
      fetch('/api/agents/jokes/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      }),
    )
    await openMenu(ada)
    await option(ada, 'jokes').getByTestId('agent-choose').click()
    await ada.unroute('**/api/agents')
    const chat = new ChatPage(ada)
    await chat.send('Tell me a joke')
    await expectToast(
      ada,
      'This agent is not available: choose another one, or enable it in Agent Configuration',
    )
    await dropdown(ada).filter({ hasNotText: 'Employee agent' }).waitFor()
    await ada.evaluate(() =>
      fetch('/api/agents/jokes/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      }),
    )
  })

  test('Disconnect forgets the connection', async () => {
    await openMenu(ada)
    await option(ada, 'calendar').getByTestId('agent-configure').click()
    await calendarDialog(ada).getByTestId('calendar-disconnect').click()
    await expectToast(ada, 'Calendar disconnected')
    await calendarDialog(ada).getByTestId('calendar-connect').waitFor()
    expect(await calendarDialog(ada).getByTestId('calendar-connection').getAttribute('data-state')).toBe(
      'disconnected',
    )
    await ada.keyboard.press('Escape')
  })

  test('a refused connection comes back as a failure toast, the address cleaned', async () => {
    await ada.goto('/?calendar=failed')
    await expectToast(ada, 'The calendar could not be connected')
    await ada.waitForURL((url) => !url.search.includes('calendar='))
  })
})

describe('phone, dark', () => {
  test('the dropdown and both dialogs at 390 px in the dark theme', async () => {
    const page = await e2e.signedInPage({ user: adaUser, existing: true, viewport: PHONE, dark: true })
    await dropdown(page).waitFor()
    await openMenu(page)
    await screenshot(page, 'agents-dropdown-phone-dark')
    await expectAxeClean(page, 'agent dropdown (390, dark)')
    await page.keyboard.press('Escape')
    await openAgentConfiguration(page)
    await screenshot(page, 'agents-config-dialog-phone-dark')
    await expectAxeClean(page, 'Agent Configuration (390, dark)')
    await configDialog(page).getByTestId('open-calendar-config').click()
    await calendarDialog(page).waitFor()
    await screenshot(page, 'agents-calendar-dialog-phone-dark')
    await expectAxeClean(page, 'Calendar Agent Configuration (390, dark)')
    await page.context().close()
  })
})

describe('German and French', () => {
  for (const locale of ['de', 'fr'] as const) {
    test(`the dropdown, the calendar's settings and Agent Configuration in ${locale}, 1280 light and 390 dark: nothing cut off`, async () => {
      // Someone of their own, so Ada's language and agents stay as the other tests expect them.
      const context = await e2e.newContext()
      await signUpSpeaking(context, e2e.url, newUser(`Person ${locale}`), locale)
      const headers = { origin: e2e.url }
      // Every agent on, the calendar's e-mail missing: the longest texts the menu and dialog have.
      for (const id of ['jokes', 'calendar']) {
        await context.request.put(`/api/agents/${id}/settings`, { headers, data: { enabled: true } })
      }
      const page = await context.newPage()
      await page.goto('/')
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      await new ChatPage(page).newChat()
      for (const { viewport, dark, name } of [
        { viewport: DESKTOP, dark: false, name: '1280-light' },
        { viewport: PHONE, dark: true, name: '390-dark' },
      ]) {
        await page.setViewportSize(viewport)
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        await openMenu(page)
        expect(await page.getByTestId('agent-option').count()).toBe(3)
        await screenshot(page, `agents-dropdown-${locale}-${name}`)
        expect(await cutOff(menu(page))).toEqual([])
        // The chosen agent's name fits its trigger, on a phone too.
        expect(await cutOff(dropdown(page))).toEqual([])
        // The calendar's own settings, from its Configure button.
        await option(page, 'calendar').getByTestId('agent-configure').click()
        await calendarDialog(page).waitFor()
        await screenshot(page, `agents-calendar-dialog-${locale}-${name}`)
        expect(await cutOff(calendarDialog(page))).toEqual([])
        await page.keyboard.press('Escape')
        await calendarDialog(page).waitFor({ state: 'detached' })
        await openAgentConfiguration(page)
        await configDialog(page).getByTestId('agent-field-calendar-calendar_email').waitFor()
        await screenshot(page, `agents-config-dialog-${locale}-${name}`)
        expect(await cutOff(configDialog(page))).toEqual([])
        await page.keyboard.press('Escape')
        await configDialog(page).waitFor({ state: 'detached' })
      }
      await context.close()
    })
  }
})

describe('the spec’s local keys', () => {
  test('a browser that still has them hands them to the server once, then forgets them', async () => {
    const page = await e2e.newPage()
    await page.goto('/')
    await page.evaluate(() => {
      localStorage.setItem('agent_visibility', JSON.stringify({ rag: true, jokes: false, calendar: true }))
      localStorage.setItem(
        'agent_config',
        JSON.stringify({
          jokes: { enabled: true, config: {} },
          calendar: { enabled: true, config: { calendar_email: 'grace@example.com' } },
        }),
      )
      localStorage.setItem(
        'calendar_agent_config',
        JSON.stringify({ redirectUrl: '', clientId: 'graces-client', clientSecret: 'graces-secret' }),
      )
    })
    await signUpThroughCard(page, newUser('Grace Hopper'))
    await page.waitForFunction(() => localStorage.getItem('agent_config') === null, undefined, {
      timeout: 15_000,
    })
    const keys = await page.evaluate(() =>
      ['agent_visibility', 'agent_config', 'calendar_agent_config'].map((key) => localStorage.getItem(key)),
    )
    expect(keys).toEqual([null, null, null])
    const items = await page.evaluate(async () => {
      const response = await fetch('/api/agents')
      return (await response.json()).data.items as {
        id: string
        enabled: boolean
        visible: boolean
        config: Record<string, string>
        calendar?: { clientId: string; clientSecretSaved: boolean }
      }[]
    })
    const byId = Object.fromEntries(items.map((agent) => [agent.id, agent]))
    expect(byId.jokes).toMatchObject({ enabled: true, visible: false })
    expect(byId.calendar).toMatchObject({
      enabled: true,
      visible: true,
      config: { calendar_email: 'grace@example.com' },
    })
    expect(byId.calendar?.calendar).toMatchObject({ clientId: 'graces-client', clientSecretSaved: true })
    await page.context().close()
  })
})

describe('Admin → Models → Agents', () => {
  test('withdrawing an agent takes it out of the users’ dropdowns; a workflow is saved, its secret write-only', async () => {
    const admin = await e2e.signedInPage({ user: adaUser, existing: true })
    await openAdminSection(admin, 'models')
    const card = admin.getByTestId('admin-agents')
    await card.waitFor()
    const jokes = card.locator('[data-testid="admin-agent"][data-agent="jokes"]')
    await jokes.getByTestId('admin-agent-url').fill(`${webhook.base}/webhook/jokes`)
    await jokes.getByTestId('admin-agent-secret').fill('a-jokes-secret')
    await jokes.getByTestId('admin-agent-timeout').fill('30')
    await jokes.getByRole('button', { name: 'Save' }).click()
    await expectToast(admin, 'Employee agent saved')
    await jokes.getByTestId('admin-agent-secret-saved').waitFor()
    await expect(jokes.getByTestId('admin-agent-secret').inputValue()).resolves.toBe('')
    await screenshotTo(admin, {
      path: 'test-artifacts/screenshots/agents-admin-card-desktop-light.png',
      fullPage: true,
    })
    await expectAxeClean(admin, 'Admin → Models → Agents')

    await jokes.getByRole('switch', { name: 'Offer Employee agent' }).click()
    await expectToast(admin, 'Employee agent saved')
    // Ada's composer follows (agents:changed, else the next read).
    await ada.reload()
    await openMenu(ada)
    await option(ada, 'rag').waitFor()
    expect(await option(ada, 'jokes').count()).toBe(0)
    await closeMenu(ada)
    await jokes.getByRole('switch', { name: 'Offer Employee agent' }).click()
    await expectToast(admin, 'Employee agent saved')
    await admin.context().close()
  })
})

describe('without a workflow service (issue 26)', () => {
  let plain: E2E | undefined
  afterAll(async () => {
    await plain?.close()
  }, SETUP_TIMEOUT)

  test('Agent Configuration says where each agent runs: no workflow texts above agents that run in Parley', async () => {
    // No N8N_WEBHOOK_URL: RAG and the Employee agent run in Parley; the Calendar Agent needs a workflow.
    plain = await startE2E()
    const page = await plain.signedInPage({ user: newUser('Ivy Plain') })
    await new ChatPage(page).newChat()
    await openAgentConfiguration(page)
    const dialog = configDialog(page)
    expect(await dialog.getByTestId('agent-runs').allInnerTexts()).toEqual([
      'Runs in Parley',
      'Runs in Parley',
      'Needs a workflow, which is not set up yet. Ask your administrator.',
    ])
    expect(await dialog.getByText('Runs through a workflow').count()).toBe(0)
    expect(await dialog.getByText('Agents require workflow integration', { exact: false }).count()).toBe(0)
    await dialog
      .getByText("Agents marked 'Needs a workflow' require workflow integration", { exact: false })
      .waitFor()
    await page.keyboard.press('Escape')
    await configDialog(page).waitFor({ state: 'detached' })

    // Without the calendar (withdrawn by the administrator, Ivy), every agent runs in Parley: no workflow at all.
    const withdrawn = await page.evaluate(async () => {
      const res = await fetch('/api/admin/agents/calendar', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offered: false }),
      })
      return res.status
    })
    expect(withdrawn).toBe(200)
    await page.reload()
    await page.getByTestId('composer').waitFor()
    await openAgentConfiguration(page)
    await dialog.getByText('These agents run in Parley.', { exact: false }).waitFor()
    expect(await dialog.getByText('workflow', { exact: false }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.evaluate(() =>
      fetch('/api/admin/agents/calendar', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offered: true }),
      }),
    )
    await page.context().close()
  })

  test('Agent Configuration and the calendar dialog in English and French, 1280 and 390, light and dark', async () => {
    if (!plain) throw new Error('the previous test starts the server')
    const page = await plain.signedInPage({ user: newUser('Jules Plain') })
    const context = page.context()
    await context.request.put('/api/agents/calendar/settings', {
      headers: { origin: plain.url },
      data: { enabled: true },
    })
    for (const locale of ['en', 'fr'] as const) {
      await context.request.patch('/api/profile', {
        headers: { origin: plain.url },
        data: { preferred_language: locale },
      })
      await page.goto('/')
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      await page.getByTestId('composer').waitFor()
      await inEveryLook(page, async (look) => {
        const name = `${locale}-${look}`
        await openAgentConfiguration(page)
        await configDialog(page).getByTestId('agent-field-calendar-calendar_email').waitFor()
        await screenshot(page, `agents-config-noworkflow-${name}`)
        expect(await cutOff(configDialog(page))).toEqual([])
        await configDialog(page).getByTestId('open-calendar-config').click()
        await calendarDialog(page).getByTestId('calendar-redirect-copy').waitFor()
        await screenshot(page, `agents-calendar-readonly-${name}`)
        expect(await cutOff(calendarDialog(page))).toEqual([])
        await expectAxeClean(page, `calendar dialog ${name}`)
        await page.keyboard.press('Escape')
        await configDialog(page).waitFor()
        await page.keyboard.press('Escape')
        await configDialog(page).waitFor({ state: 'detached' })
      })
    }
    await context.close()
  })
})

describe('Parley’s own model in the model menu (issue 26, decision 150)', () => {
  test('the workflow model’s name and description read in French, and in English for Ada, 1280 and 390, light and dark', async () => {
    const context = await e2e.newContext()
    await signUpSpeaking(context, e2e.url, newUser('Jeanne Model'), 'fr')
    const page = await context.newPage()
    for (const [who, viewer, lang] of [
      ['fr', page, 'fr'],
      ['en', ada, 'en'],
    ] as const) {
      if (viewer === page) await page.goto('/')
      await viewer.waitForFunction((expected) => document.documentElement.lang === expected, lang)
      const trigger = viewer.getByTestId('model-dropdown')
      await trigger.waitFor()
      const [name, description] =
        who === 'fr'
          ? ['Agents de workflow', 'Agents exécutés dans le service d’automatisation de workflows (n8n)']
          : ['Workflow agents', 'Agents running in the workflow-automation service (n8n)']
      // The chosen model's name, once the list has loaded.
      await trigger.filter({ hasText: name }).waitFor()
      for (const [size, viewport] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        for (const dark of [false, true]) {
          await viewer.setViewportSize(viewport)
          await viewer.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
          await trigger.click()
          const option = viewer.getByTestId('model-option').first()
          await option.waitFor()
          expect(await option.innerText()).toContain(name)
          expect(await option.innerText()).toContain(description)
          await screenshot(viewer, `model-menu-builtin-${who}-${size}-${dark ? 'dark' : 'light'}`)
          await viewer.keyboard.press('Escape')
          await option.waitFor({ state: 'detached' })
        }
      }
    }
    await ada.setViewportSize(DESKTOP)
    await ada.emulateMedia({ colorScheme: 'light' })
    await context.close()
  })
})
