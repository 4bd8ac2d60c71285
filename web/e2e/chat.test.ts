import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { messages } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { asPath } from '../../src/test/linear-chat'
import { DESKTOP, type E2E, PHONE, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'
import { signUpSpeaking } from './session'

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let context: BrowserContext
let page: Page
let chat: ChatPage
// Serves a picture and counts requests: a remote image in an answer must not be fetched unasked.
let imageRequests = 0
const imageServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch() {
    imageRequests += 1
    return new Response('not really a png', { headers: { 'content-type': 'image/png' } })
  },
})

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODELS: 'fake-model,fake-model-large',
  })
  page = await e2e.signedInPage({ user: newUser('Grace Hopper') })
  context = page.context()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  chat = new ChatPage(page)
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
  imageServer.stop(true)
}, SETUP_TIMEOUT)

const ANSWER = 'Here is **bold** advice.\n\n```ts\nconst answer = 42\n```\n\n- first\n- second'

describe('conversations', () => {
  test('a new user sees the welcome; New Chat creates a chat, lists it first and makes it current', async () => {
    await page.getByTestId('welcome').waitFor()
    await chat.newChat()
    expect(await chat.chatRows().count()).toBe(1)
    expect(await chat.currentRow().innerText()).toContain('New Chat')
    // No messages yet: the welcome stays, with its own create-chat action.
    await page.getByTestId('welcome-new-chat').waitFor()
  })

  test('sending shows Thinking..., then the streamed markdown answer with a highlighted code block', async () => {
    // The first words wait until Thinking... was seen: on a loaded machine a render can come later
    // than they would.
    let speak!: () => void
    fake.queueScript({
      chunks: ANSWER.match(/[\s\S]{1,10}/g) ?? [],
      chunkDelayMs: 250,
      beforeFirstChunk: new Promise<void>((resolve) => {
        speak = resolve
      }),
    })
    await chat.send('How do I write TypeScript?')
    try {
      await chat.thinking().waitFor()
    } finally {
      speak()
    }
    await chat.messages().filter({ hasText: 'How do I write TypeScript?' }).waitFor()
    await chat.waitForAnswer('second')
    const answer = chat.lastAnswer()
    expect(await answer.locator('strong').innerText()).toBe('bold')
    expect(await answer.locator('pre code').innerText()).toContain('const answer = 42')
    expect(await answer.locator('li').count()).toBe(2)
    // Raw markdown never shows once the answer is complete.
    expect(await answer.innerText()).not.toContain('```')
    await answer.getByTestId('copy-code').click()
    await answer.getByText('Copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42')
    // Each message shows its time of day.
    expect(await chat.messages().first().locator('time').innerText()).toMatch(/\d{1,2}:\d{2}/)
    // Empty input: Send is disabled.
    expect(await chat.sendButton().isDisabled()).toBe(true)
  })

  test('the chat survives a reload (it is in the URL) and the auto-title shows in the list', async () => {
    const url = page.url()
    await page.reload()
    await chat.lastAnswer().filter({ hasText: 'second' }).waitFor()
    expect(page.url()).toBe(url)
  })

  test('a table, a struck word and a bare link render as they stream and after a reload', async () => {
    // GitHub-flavoured markdown is a chunk of its own, fetched with the first block that needs it
    // (decision 185): this page has shown none so far.
    fake.queueScript({
      chunks: ['| Plan | Cost |\n|---|---|\n| Basic | 5 |\n\n', '~~old~~ new, see www.example.com'],
      chunkDelayMs: 50,
    })
    await chat.send('Compare the plans')
    await chat.waitForAnswer('www.example.com')
    const check = async () => {
      const answer = chat.lastAnswer()
      await answer.locator('table').waitFor()
      expect(await answer.locator('td').allInnerTexts()).toEqual(['Basic', '5'])
      expect(await answer.locator('del').innerText()).toBe('old')
      expect(await answer.locator('a[href="http://www.example.com/"]').count()).toBe(1)
      expect(await answer.innerText()).not.toContain('|---|')
    }
    await check()
    await page.reload()
    await chat.lastAnswer().filter({ hasText: 'Basic' }).waitFor()
    await check()
  })

  test('Stop ends the answer mid-stream, keeping the text so far marked as stopped', async () => {
    fake.queueScript({ chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), chunkDelayMs: 120 })
    await chat.send('Tell me a long story')
    await chat.lastAnswer().filter({ hasText: 'word2' }).waitFor()
    await chat.stopButton().click()
    await chat.lastAnswer().and(page.locator('[data-status="stopped"]')).waitFor()
    await chat.lastAnswer().getByTestId('stopped').waitFor()
    const text = await chat.lastAnswer().innerText()
    expect(text).toContain('word2')
    expect(text).not.toContain('word59')
  })

  test('a provider failure shows the spec message; Retry answers again', async () => {
    fake.queueScript({ fail: { status: 500, message: 'upstream exploded' } })
    await chat.send('Will this work?')
    await chat.lastAnswer().getByText('Failed to send message. Please try again.').waitFor()
    // Together with the error: the provider's reason as the message stores it.
    expect(await chat.lastAnswer().getByTestId('failure-reason').innerText()).toContain('upstream exploded')
    fake.queueScript({ reply: 'Second time lucky.' })
    await chat.lastAnswer().getByRole('button', { name: 'Retry' }).click()
    await chat.waitForAnswer('Second time lucky.')
    expect(await page.getByText('Failed to send message. Please try again.').count()).toBe(0)
  })

  test('the model dropdown lists models and the choice is used and remembered', async () => {
    await page.getByText('Model:').waitFor()
    expect(await chat.modelDropdown().innerText()).toContain('fake-model')
    await chat.modelDropdown().click()
    const options = page.getByTestId('model-option')
    // The menu's code loads on its first opening (decision 180): wait for it before counting.
    await options.first().waitFor()
    expect(await options.count()).toBe(2)
    await options.filter({ hasText: 'fake-model-large' }).click()
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="model-dropdown"]')?.textContent?.includes('fake-model-large'),
    )
    await chat.send('Which model are you?')
    await chat.waitForAnswer('Hello from the fake model.')
    expect(fake.completions().at(-1)?.body?.model).toBe('fake-model-large')
    await page.reload()
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="model-dropdown"]')?.textContent?.includes('fake-model-large'),
    )
    // The next test sends from this page: the reloaded chat is shown in full before it does.
    await chat.lastAnswer().filter({ hasText: 'Hello from the fake model.' }).waitFor()
  })

  test('a remote image waits for a click; javascript: links are inert', async () => {
    const src = `http://127.0.0.1:${imageServer.port}/cat.png`
    fake.queueScript({
      reply: `![A cat](${src})\n\nSee [this link](javascript:alert(1)) and ![Generated Image](${src}?2)`,
    })
    await chat.send('Show me a cat')
    // The question first: if the send were lost, the wait below would only say no image came.
    await chat.messages().filter({ hasText: 'Show me a cat' }).waitFor()
    await chat.lastAnswer().getByRole('button', { name: 'Load image' }).first().waitFor()
    await page.waitForTimeout(300)
    expect(imageRequests).toBe(0)
    expect(await chat.lastAnswer().locator('img').count()).toBe(0)
    const inert = chat.lastAnswer().getByTestId('inert-link')
    expect(await inert.innerText()).toBe('this link')
    expect(await chat.lastAnswer().locator('a[href^="javascript"]').count()).toBe(0)
    await chat.lastAnswer().getByRole('button', { name: 'Load image' }).first().click()
    const image = chat.lastAnswer().locator('img').first()
    expect(await image.getAttribute('src')).toBe(src)
    expect(await image.getAttribute('alt')).toBe('A cat')
    // The caption is the alt text, except for 'Generated Image'.
    expect(await chat.lastAnswer().getByText('A cat', { exact: true }).count()).toBeGreaterThan(0)
  })

  test('rename with Enter, Escape cancels; search filters by title', async () => {
    const title = (await chat.currentRow().innerText()).trim()
    await chat.rename(title, 'Shipping plans')
    await chat.chatRow('Shipping plans').waitFor()
    await chat.chatRow('Shipping plans').hover()
    await page.getByRole('button', { name: 'Rename Shipping plans' }).click()
    await page.getByRole('textbox', { name: 'Chat title' }).fill('Something else')
    await page.getByRole('textbox', { name: 'Chat title' }).press('Escape')
    await chat.chatRow('Shipping plans').waitFor()
    await chat.newChat()
    await chat.search().fill('shipping')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-row"]').length === 1)
    expect(await chat.chatRows().innerText()).toContain('Shipping plans')
    await chat.search().fill('')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-row"]').length === 2)
  })

  test('deleting the current chat asks first, then selects the first remaining chat', async () => {
    const current = (await chat.currentRow().innerText()).trim()
    expect(current).toBe('New Chat')
    await chat.chatRow('New Chat').hover()
    await page.getByRole('button', { name: 'Delete New Chat' }).click()
    await page.getByTestId('delete-chat-dialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await chat.chatRows().count()).toBe(2)
    await chat.deleteChat('New Chat')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-row"]').length === 1)
    expect(await chat.currentRow().innerText()).toContain('Shipping plans')
  })

  test('a long title has the whole row; Rename and Delete fade in over its end on hover and focus', async () => {
    const long = 'Quarterly planning for the Lisbon office move and the new desks'
    await chat.rename('Shipping plans', long)
    const row = chat.chatRow(long)
    await row.waitFor()
    const actions = row.getByTestId('chat-row-actions')
    const opacity = () => actions.evaluate((element) => Number(getComputedStyle(element).opacity))
    // Nothing held back for the icons: the title runs to the row's padding (it used to stop ~66 px short).
    await page.mouse.move(900, 500)
    await page.getByRole('textbox', { name: 'Message' }).focus()
    await page.waitForFunction(
      () =>
        Number(getComputedStyle(document.querySelector('[data-testid="chat-row-actions"]')!).opacity) === 0,
    )
    const rowBox = (await row.boundingBox())!
    const titleBox = (await row.getByTestId('chat-row-title').boundingBox())!
    expect(rowBox.x + rowBox.width - (titleBox.x + titleBox.width)).toBeLessThanOrEqual(12)
    expect(await opacity()).toBe(0)
    await screenshot(page, 'sidebar-long-title-1280-light')
    await row.hover()
    await page.waitForFunction(
      () =>
        Number(getComputedStyle(document.querySelector('[data-testid="chat-row-actions"]')!).opacity) === 1,
    )
    await screenshot(page, 'sidebar-long-title-hover-1280-light')
    await page.getByRole('button', { name: `Rename ${long}` }).click()
    const input = page.getByRole('textbox', { name: 'Chat title' })
    await input.fill('Shipping plans')
    await input.press('Enter')
    await chat.chatRow('Shipping plans').waitFor()
  })

  test('Advanced settings: save, then reset to defaults after confirming', async () => {
    await chat.openPlusMenu()
    await page.getByRole('menuitem', { name: 'Advanced settings' }).click()
    const dialog = page.getByTestId('chat-settings-dialog')
    await dialog.getByText('These settings only apply to this conversation.', { exact: false }).waitFor()
    await dialog.getByLabel('System Prompt').fill('Answer like a pirate.')
    await dialog.getByLabel('Maximum length of AI response (1-128000 tokens)').fill('1000')
    await dialog.getByRole('slider', { name: 'Temperature' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await dialog.getByRole('switch', { name: 'Enable web search' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Chat settings saved successfully')
    await dialog.waitFor({ state: 'detached' })

    await chat.send('Ahoy?')
    await chat.waitForAnswer('Hello from the fake model.')
    const body = fake.completions().at(-1)?.body
    expect(body?.temperature).toBe(0.8)
    expect(body?.max_tokens ?? body?.max_completion_tokens).toBe(1000)
    expect(JSON.stringify(body?.messages)).toContain('Answer like a pirate.')

    await chat.openPlusMenu()
    await page.getByRole('menuitem', { name: 'Advanced settings' }).click()
    await dialog.getByRole('button', { name: 'Reset to Defaults' }).click()
    await page.getByText('Reset all settings to defaults? This cannot be undone.').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click()
    await expectToast(page, 'Settings reset to defaults')
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="chat-settings-dialog"] textarea') as HTMLTextAreaElement)
          ?.value === '',
    )
    expect(await dialog.getByLabel('Maximum length of AI response (1-128000 tokens)').inputValue()).toBe(
      '2048',
    )
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  test('Advanced settings: a saved 4000 tokens is 4000 on the slider too; the arrows go to its neighbouring stops', async () => {
    const dialog = page.getByTestId('chat-settings-dialog')
    const field = dialog.getByLabel('Maximum length of AI response (1-128000 tokens)')
    const slider = dialog.getByRole('slider', { name: 'Max Tokens' })
    const shown = () => slider.locator('xpath=../div/output').innerText()
    const open = async () => {
      await chat.openPlusMenu()
      await page.getByRole('menuitem', { name: 'Advanced settings' }).click()
      await field.waitFor()
    }
    await open()
    await field.fill('4000')
    await dialog.getByRole('button', { name: 'Save Settings' }).click()
    await expectToast(page, 'Chat settings saved successfully')
    await dialog.waitFor({ state: 'detached' })

    await open()
    // The slider's stops are 256 apart (256, 512 … 8192): 4000 is between two, and shown where it is.
    expect([await slider.inputValue(), await shown(), await field.inputValue()]).toEqual([
      '4000',
      '4000',
      '4000',
    ])
    await screenshot(page, 'chat-settings-max-tokens-4000-desktop-light')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    expect([await slider.inputValue(), await shown(), await field.inputValue()]).toEqual([
      '4096',
      '4096',
      '4096',
    ])
    await page.keyboard.press('ArrowRight')
    expect(await field.inputValue()).toBe('4352')
    await field.fill('4000')
    await slider.focus()
    await page.keyboard.press('ArrowLeft')
    expect([await slider.inputValue(), await shown(), await field.inputValue()]).toEqual([
      '3840',
      '3840',
      '3840',
    ])
    // Above the slider's end (the field takes up to 128000): the thumb is at the end, the value the saved one.
    await field.fill('20000')
    expect([await slider.inputValue(), await shown()]).toEqual(['20000', '20000'])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  for (const variant of [
    { locale: 'fr', dark: false, viewport: PHONE, label: 'phone-light' },
    { locale: 'fr', dark: true, viewport: DESKTOP, label: 'desktop-dark' },
    { locale: 'en', dark: true, viewport: PHONE, label: 'phone-dark' },
  ]) {
    test(`Advanced settings with 4000 tokens, in ${variant.locale} (${variant.label})`, async () => {
      const other = await e2e.newContext({ viewport: variant.viewport, dark: variant.dark })
      await signUpSpeaking(other, e2e.url, newUser('Katherine Johnson'), variant.locale)
      const headers = { origin: e2e.url }
      const created = await other.request.post('/api/chats', { headers, data: {} })
      const chatId = (await created.json()).data.id as string
      const saved = await other.request.patch(`/api/chats/${chatId}/config`, {
        headers,
        data: { max_tokens: 4000 },
      })
      expect(saved.status()).toBe(200)
      const otherPage = await other.newPage()
      await otherPage.goto(`/c/${chatId}`)
      await otherPage.getByTestId('composer-more').click()
      await otherPage.getByTestId('open-chat-settings').click()
      const slider = otherPage.getByTestId('chat-settings-dialog').locator('input[type="range"]').nth(1)
      await slider.waitFor()
      expect(await slider.inputValue()).toBe('4000')
      await screenshot(otherPage, `chat-settings-max-tokens-4000-${variant.locale}-${variant.label}`)
      await other.close()
    })
  }

  test('a second tab sees a new chat and the streamed answer live', async () => {
    const other = await context.newPage()
    const otherChat = new ChatPage(other)
    await other.goto('/')
    await otherChat.chatRows().first().waitFor()
    await chat.newChat()
    await otherChat.chatRows().nth(1).waitFor()
    expect(await otherChat.chatRows().first().innerText()).toContain('New Chat')
    await otherChat.chatRows().first().getByRole('button').first().click()
    await other.waitForURL(page.url())
    fake.queueScript({ chunks: Array.from({ length: 12 }, (_, i) => `live${i} `), chunkDelayMs: 100 })
    await chat.send('Hello from tab one')
    await otherChat.messages().filter({ hasText: 'Hello from tab one' }).waitFor()
    await otherChat.lastAnswer().filter({ hasText: 'live1' }).waitFor()
    await otherChat.waitForAnswer('live11')
    // Nothing doubled.
    expect((await otherChat.lastAnswer().innerText()).match(/live5 /g)?.length).toBe(1)
    await other.close()
  })

  test('a long chat opens at its end and loads older pages while scrolled up, keeping the place', async () => {
    await chat.newChat()
    const chatId = page.url().split('/c/')[1]!
    const chatRow = await e2e.db.query.chats.findFirst({ where: (chats, { eq }) => eq(chats.id, chatId) })
    const start = Date.now() - 1_000_000
    // 120 messages: three pages of 50 (the last one partial).
    await e2e.db.insert(messages).values(
      asPath(
        Array.from({ length: 120 }, (_, i) => ({
          chatId,
          userId: chatRow!.userId,
          isUser: i % 2 === 0,
          content: i % 2 === 0 ? `Question ${i}?` : `Answer **${i}**.\n\n\`\`\`ts\nconst n = ${i}\n\`\`\``,
          status: 'complete' as const,
          createdAt: new Date(start + i * 1000),
        })),
      ),
    )
    await page.reload()
    await chat.lastAnswer().filter({ hasText: 'Answer 119.' }).waitFor()
    const list = page.getByTestId('message-list')
    expect(await list.getAttribute('data-loaded')).toBe('50')
    expect(await chat.lastAnswer().locator('strong').innerText()).toBe('119')

    // Scrolled to the top, the next page loads above; the message read before stays in view.
    await list.evaluate((element) => {
      element.scrollTop = 0
    })
    await page.waitForFunction(
      () => document.querySelector('[data-testid="message-list"]')?.getAttribute('data-loaded') === '100',
    )
    const reading = chat.messages().filter({ hasText: 'Question 70?' })
    await reading.waitFor()
    const [box, view] = await Promise.all([reading.boundingBox(), list.boundingBox()])
    expect(box!.y + box!.height).toBeGreaterThan(view!.y)
    expect(box!.y).toBeLessThan(view!.y + view!.height)

    // Up to the very first message; the list then holds all 120 but mounts only some.
    // Each page that arrives keeps the place (it lands above the view), so scroll up again until
    // the first message is there: by the clock, not a count, since a page can take seconds under load.
    for (
      const until = Date.now() + 30_000;
      Date.now() < until && !(await page.getByText('Question 0?').count());
    ) {
      await list.evaluate((element) => {
        element.scrollTop = 0
      })
      await page.waitForTimeout(200)
    }
    await chat.messages().filter({ hasText: 'Question 0?' }).waitFor()
    expect(await list.getAttribute('data-loaded')).toBe('120')
    expect(await page.getByRole('button', { name: 'Load older messages' }).count()).toBe(0)
    expect(await chat.messages().count()).toBeLessThan(40)
    // The answers up there are rendered markdown, not raw syntax.
    expect(await chat.messages().filter({ hasText: 'Answer 1.' }).locator('strong').innerText()).toBe('1')
  })

  test('with no current chat, Send creates a chat and sends the text into it', async () => {
    while ((await chat.chatRows().count()) > 0) {
      const title = (await chat.chatRows().first().innerText()).trim()
      await chat.deleteChat(title)
    }
    await page.getByTestId('welcome').waitFor()
    fake.queueScript({ reply: 'Sent after all.' })
    await chat.input().fill('Not kept for later')
    await chat.input().press('Enter')
    await chat.chatRows().first().waitFor()
    await chat.waitForAnswer('Sent after all.')
    expect(await chat.input().inputValue()).toBe('')
    expect(await chat.messages().filter({ hasText: 'Not kept for later' }).count()).toBe(1)
  })

  test('text typed while a new chat is on its way is in that chat when it opens; the old chat keeps its draft', async () => {
    await chat.newChat()
    const oldChat = page.url()
    await chat.input().fill('Kept for this chat')
    // Hold the create a moment, as a slow server would, and type meanwhile.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/chats', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await chat.newChatButton().click()
    await chat.input().press('End')
    await chat.input().pressSequentially(' Typed right away')
    release()
    await page.waitForURL((url) => url.href !== oldChat && url.pathname.startsWith('/c/'))
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement)?.value ===
        'Typed right away',
    )
    await page.unroute('**/api/chats')
    await page.goto(oldChat)
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement)?.value ===
        'Kept for this chat',
    )
  })
})
