import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { startToolServer, type ToolServer } from '../../src/test/fakes/mcp-servers'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import { expectNoEnglish, say } from './english-leftovers'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  SETUP_TIMEOUT,
  screenshotTo,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Issue 30 in the browser: the composer's tools menu (switches saved with the chat, by mouse and
 * keyboard, fitting a phone), an answer's tool calls (shown as they happen in every tab of the
 * person, opened to their arguments and result, the same after a reload), a failed call, a prompt
 * that turns its tools on, and the screens in the five other languages. Screenshots light/dark, 1280/390.
 */

setDefaultTimeout(120_000)

const SHOTS = '/tmp/shots/tools'
const ada = newUser('Ada Lovelace')
const mia = newUser('Mia Müller')

let e2e: E2E
let fake: FakeOpenAi
let mcp: ToolServer
let page: Page
let chat: ChatPage

async function shot(on: Page, name: string) {
  await screenshotTo(on, { path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

async function desktopLight(on: Page) {
  await on.setViewportSize({ width: 1280, height: 800 })
  await on.emulateMedia({ colorScheme: 'light' })
}

const toolsButton = (on: Page) => on.getByTestId('composer-tools')
const toolsMenu = (on: Page) => on.getByTestId('tools-menu')
const toolItem = (on: Page, id: string) =>
  toolsMenu(on).locator(`[data-testid="tool-item"][data-tool="${id}"]`)
const calls = (on: Page) => new ChatPage(on).lastAnswer().getByTestId('tool-call')

async function openToolsMenu(on: Page) {
  await toolsButton(on).click()
  await toolsMenu(on).getByTestId('tools-menu-items').waitFor()
}

/** The chat's enabled tools, as the server has them. */
async function savedTools(on: Page): Promise<string[]> {
  const id = new URL(on.url()).pathname.split('/').pop()
  return on.evaluate(async (chatId) => {
    const res = await fetch(`/api/chats/${chatId}/config`)
    return ((await res.json()) as { data: { tools: string[] } }).data.tools
  }, id)
}

beforeAll(async () => {
  mcp = startToolServer()
  ;({ e2e, fake, page } = await withSignedInPage({
    fakeModels: ['fake-model'],
    user: ada,
    // The test's MCP server listens on 127.0.0.1.
    env: { FETCH_ALLOWED_HOSTS: '127.0.0.1' },
  }))
  chat = new ChatPage(page)
  await chat.newChat()
  await mkdir(SHOTS, { recursive: true })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
  await mcp?.close()
}, SETUP_TIMEOUT)

describe('the tools menu', () => {
  test('lists the tools Ada may use, each with a switch saved with the chat', async () => {
    await toolsButton(page).waitFor()
    expect(await toolsButton(page).getAttribute('aria-label')).toBe('Tools')
    await openToolsMenu(page)
    const fileSearch = toolItem(page, 'file-search')
    await fileSearch.getByText('File Search').waitFor()
    await fileSearch.getByText('Search your knowledge base and this chat’s files').waitFor()
    expect(await fileSearch.getAttribute('role')).toBe('menuitemcheckbox')
    expect(await fileSearch.getAttribute('aria-checked')).toBe('false')

    await fileSearch.click()
    // The menu stays open for the next switch (the switch turns on in the render after the click).
    await fileSearch.and(page.locator('[aria-checked="true"]')).waitFor()
    await page.getByTestId('composer-tools-count').filter({ hasText: '1' }).waitFor()
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="composer-tools"]')?.getAttribute('aria-label') ===
        'Tools, 1 on',
    )
    expect(await savedTools(page)).toEqual(['file-search'])
    await expectAxeClean(page, 'tools menu')
    await inEveryLook(page, async (look) => {
      // At 390 px the menu fits the screen, once it has placed itself again after the resize (it
      // follows its button a frame later; read at once, it was sometimes still where it stood at 1280).
      await page
        .waitForFunction(() => {
          const menu = document.querySelector('[data-testid="tools-menu"]')?.getBoundingClientRect()
          return menu !== undefined && menu.left >= 0 && menu.right <= window.innerWidth
        })
        .catch(() => {})
      const box = await toolsMenu(page).boundingBox()
      const viewport = page.viewportSize()!
      expect(box).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
      await shot(page, `menu-en-${look}`)
    })
    await desktopLight(page)
    await page.keyboard.press('Escape')
    await toolsMenu(page).waitFor({ state: 'detached' })
  })

  test('the switch is still on after a reload, and the keyboard turns it off', async () => {
    await page.reload()
    await toolsButton(page).and(page.locator('[aria-label="Tools, 1 on"]')).waitFor()
    await toolsButton(page).focus()
    await page.keyboard.press('Enter')
    await toolsMenu(page).getByTestId('tools-menu-items').waitFor()
    const fileSearch = toolItem(page, 'file-search')
    expect(await fileSearch.getAttribute('aria-checked')).toBe('true')
    // Arrows move through the items; Space switches the one in focus.
    await fileSearch.focus()
    await page.keyboard.press('Space')
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="tool-item"][data-tool="file-search"]')
          ?.getAttribute('aria-checked') === 'false',
    )
    await page.keyboard.press('Escape')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="composer-tools"]')?.getAttribute('aria-label') === 'Tools',
    )
    expect(await savedTools(page)).toEqual([])
  })
})

describe('tool calls in an answer', () => {
  let second: Page

  beforeAll(async () => {
    // File search on again, by the menu.
    await openToolsMenu(page)
    await toolItem(page, 'file-search').click()
    await page.keyboard.press('Escape')
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="composer-tools"]')?.getAttribute('aria-label') ===
        'Tools, 1 on',
    )
    // Ada's second tab on the same chat.
    second = await page.context().newPage()
    await second.goto(page.url())
    await new ChatPage(second).input().waitFor()
  })

  test('shows each call as it happens, in every tab; opened, its arguments and result', async () => {
    let finish!: () => void
    fake.queueScript({
      reply: '',
      toolCalls: [{ id: 'call_search', name: 'file_search', arguments: '{"query":"quarterly report"}' }],
    })
    // The answer after the call waits until the test has looked at the call in both tabs.
    fake.queueScript({
      reply: 'Your files say nothing about a quarterly report.',
      beforeFinish: new Promise<void>((resolve) => {
        finish = resolve
      }),
    })
    await chat.send('What do my files say about the quarterly report?')
    try {
      for (const tab of [page, second]) {
        await calls(tab).and(tab.locator('[data-status="done"]')).first().waitFor()
        expect(await calls(tab).first().innerText()).toContain('file_search')
      }
      // Still streaming: the call came live (message:tool), not with the finished answer.
      expect(await chat.lastAnswer().getAttribute('data-status')).toBe('streaming')
    } finally {
      // A failure above must not leave the fake's next answer waiting for the later tests.
      finish()
    }
    await chat.waitForAnswer('Your files say nothing about a quarterly report.')

    const row = calls(page).first()
    expect(await row.getByTestId('tool-call-status').innerText()).toBe('Done')
    await row.getByTestId('tool-call-duration').waitFor()
    expect(await row.getByTestId('tool-call-details').count()).toBe(0)
    await row.getByTestId('tool-call-toggle').click()
    expect(await row.getByTestId('tool-call-toggle').getAttribute('aria-expanded')).toBe('true')
    const details = row.getByTestId('tool-call-details')
    expect(await details.innerText()).toContain('"query": "quarterly report"')
    expect((await row.getByTestId('tool-call-result').innerText()).length).toBeGreaterThan(0)
    await expectAxeClean(page, 'tool call opened')
    await inEveryLook(page, async (look) => shot(page, `call-en-${look}`))
    await desktopLight(page)
  })

  test('the same after a reload, from the stored message', async () => {
    await page.reload()
    await chat.lastAnswer().filter({ hasText: 'Your files say nothing' }).waitFor()
    const row = calls(page).first()
    await row.waitFor()
    expect(await row.getAttribute('data-status')).toBe('done')
    await row.getByTestId('tool-call-toggle').click()
    expect(await row.getByTestId('tool-call-details').innerText()).toContain('"query": "quarterly report"')
  })

  test('a call with malformed arguments fails, shows them as sent, and the answer goes on', async () => {
    fake.queueScript({
      reply: '',
      toolCalls: [{ id: 'call_broken', name: 'file_search', arguments: '{"query": "unterminated' }],
    })
    fake.queueScript({ reply: 'The search could not be run.' })
    await chat.send('Search again, please.')
    await chat.waitForAnswer('The search could not be run.')
    const row = calls(page).first()
    expect(await row.getAttribute('data-status')).toBe('failed')
    expect(await row.getByTestId('tool-call-status').innerText()).toBe('Failed')
    await row.getByTestId('tool-call-toggle').click()
    expect(await row.getByTestId('tool-call-details').innerText()).toContain('{"query": "unterminated')
    await expectAxeClean(page, 'failed tool call')
    await inEveryLook(page, async (look) => shot(page, `failed-en-${look}`))
    await desktopLight(page)
  })
})

describe('approval', () => {
  let serverId = ''
  const callName = () => `mcp_${serverId.replaceAll('-', '').slice(0, 8)}_delete_everything`

  beforeAll(async () => {
    // Ada is the administrator: a server whose destructive tools wait for the person.
    const response = await page.context().request.post('/api/admin/mcp-servers', {
      headers: { origin: e2e.url },
      data: { name: 'Records', url: mcp.url, approval: 'destructive' },
    })
    expect(response.status()).toBe(201)
    serverId = (await response.json()).data.server.id
    await chat.newChat()
  })

  test('the menu lists the MCP server with its tools', async () => {
    await openToolsMenu(page)
    const records = toolItem(page, `mcp:${serverId}`)
    await records.getByText('Records').waitFor()
    expect(await records.getByTestId('tool-hint').innerText()).toContain('delete_everything')
    await records.click()
    await page.waitForFunction(
      (id) => document.querySelector(`[data-tool="mcp:${id}"]`)?.getAttribute('aria-checked') === 'true',
      serverId,
    )
    await page.keyboard.press('Escape')
    expect(await savedTools(page)).toEqual([`mcp:${serverId}`])
  })

  test('a destructive call waits for Approve; approved, it runs and the answer goes on', async () => {
    fake.queueScript({ reply: '', toolCalls: [{ id: 'call_ok', name: callName(), arguments: '{}' }] })
    fake.queueScript({ reply: 'Every record is deleted.' })
    await chat.send('Delete every record.')
    const row = calls(page).first()
    await row.and(page.locator('[data-status="awaiting_approval"]')).waitFor()
    expect(await row.innerText()).toContain('Records')
    const approval = row.getByTestId('tool-call-approval')
    await approval.getByText('The model wants to run delete_everything. Run it?').waitFor()
    // The answer waits for the person: it does not say it is thinking.
    expect(await page.getByTestId('thinking').count()).toBe(0)
    await expectAxeClean(page, 'a call waiting for approval')
    await inEveryLook(page, async (look) => shot(page, `approval-en-${look}`))
    await desktopLight(page)

    await approval.getByRole('button', { name: 'Approve delete_everything' }).click()
    await chat.waitForAnswer('Every record is deleted.')
    expect(await calls(page).first().getAttribute('data-status')).toBe('done')
    expect(await calls(page).first().getByTestId('tool-call-approval').count()).toBe(0)
  })

  test('denied, the model is told and the call shows as denied', async () => {
    fake.queueScript({ reply: '', toolCalls: [{ id: 'call_no', name: callName(), arguments: '{}' }] })
    fake.queueScript({ reply: 'Understood, nothing was deleted.' })
    await chat.send('Delete every record again.')
    const row = calls(page).first()
    await row.and(page.locator('[data-status="awaiting_approval"]')).waitFor()
    await row.getByRole('button', { name: 'Deny delete_everything' }).click()
    await chat.waitForAnswer('Understood, nothing was deleted.')
    expect(await calls(page).first().getAttribute('data-status')).toBe('denied')
    expect(await calls(page).first().getByTestId('tool-call-status').innerText()).toBe('Denied')
    await inEveryLook(page, async (look) => shot(page, `denied-en-${look}`))
    await desktopLight(page)
  })
})

describe('a prompt with tools', () => {
  test('inserting it turns on the tools Ada may use', async () => {
    await chat.newChat()
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/prompts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'File researcher',
          prompt_text: 'Look through my files for this.',
          // Web search is not on offer here (no SearXNG): left out quietly.
          tools: ['file-search', 'web-search'],
        }),
      })
      return res.status
    })
    expect(created).toBe(201)
    await page.getByTestId('composer-more').click()
    await page.getByTestId('open-prompt-library').click()
    const library = page.getByTestId('prompt-library')
    await library
      .locator('[data-testid="prompt-card"][data-title="File researcher"]')
      .getByTestId('prompt-select')
      .click()
    await library.waitFor({ state: 'detached' })
    await expectToast(page, '1 tool turned on for this chat')
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="composer-tools"]')?.getAttribute('aria-label') ===
        'Tools, 1 on',
    )
    expect(await savedTools(page)).toEqual(['file-search'])
  })
})

describe('in the five other languages', () => {
  test('Mia’s tools menu and tool calls have no English left (German, in every look; then es, fr, it, pt)', async () => {
    const miaPage = await e2e.signedInPage({ user: mia, language: 'de' })
    const miaChat = new ChatPage(miaPage)
    await miaChat.newChat()
    await openToolsMenu(miaPage)
    await toolItem(miaPage, 'file-search').getByText(say('de', 'tools.name.file-search')).waitFor()
    await toolItem(miaPage, 'file-search').click()
    await miaPage.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="tool-item"][data-tool="file-search"]')
          ?.getAttribute('aria-checked') === 'true',
    )
    await expectNoEnglish(miaPage, 'de', 'tools menu')
    await inEveryLook(miaPage, async (look) => shot(miaPage, `menu-de-${look}`))
    await desktopLight(miaPage)
    await miaPage.keyboard.press('Escape')

    fake.queueScript({
      reply: '',
      toolCalls: [{ id: 'call_de', name: 'file_search', arguments: '{"query":"Rechnung"}' }],
    })
    fake.queueScript({ reply: 'Nichts gefunden.' })
    const input = miaPage.getByRole('textbox', { name: say('de', 'shell.composer.label') })
    await input.fill('Was steht in meinen Dateien über die Rechnung?')
    await input.press('Enter')
    await miaChat.waitForAnswer('Nichts gefunden.')
    const row = calls(miaPage).first()
    expect(await row.getByTestId('tool-call-status').innerText()).toBe(say('de', 'tools.call.status.done'))
    await row.getByTestId('tool-call-toggle').click()
    await expectNoEnglish(miaPage, 'de', 'tool call')
    await inEveryLook(miaPage, async (look) => shot(miaPage, `call-de-${look}`))
    await desktopLight(miaPage)

    // The same page in the four other languages: the menu and the call just made.
    for (const language of ['es', 'fr', 'it', 'pt'] as const) {
      const spoken = await miaPage.context().request.patch('/api/profile', {
        headers: { origin: e2e.url },
        data: { preferred_language: language },
      })
      expect(spoken.ok()).toBe(true)
      await miaPage.reload()
      await miaPage.waitForFunction((lang) => document.documentElement.lang === lang, language)
      const call = calls(miaPage).first()
      expect(await call.getByTestId('tool-call-status').innerText()).toBe(
        say(language, 'tools.call.status.done'),
      )
      await call.getByTestId('tool-call-toggle').click()
      await expectNoEnglish(miaPage, language, `tool call (${language})`)
      await openToolsMenu(miaPage)
      await toolItem(miaPage, 'file-search').getByText(say(language, 'tools.name.file-search')).waitFor()
      await expectNoEnglish(miaPage, language, `tools menu (${language})`)
      await shot(miaPage, `menu-${language}-1280-light`)
      await miaPage.keyboard.press('Escape')
    }
  })
})
