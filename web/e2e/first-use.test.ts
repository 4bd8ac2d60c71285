import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Locator, Page } from 'playwright-core'
import { messages } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { DESKTOP, type E2E, PHONE, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { DashboardPage } from './pages/dashboard-page'
import { LoginPage } from './pages/login-page'
import { ProfileDialog } from './pages/profile-dialog'

// What a new user met in a first try of Parley: each test here failed before its fix.
setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let chat: ChatPage
const user = newUser('Katherine Johnson')

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  e2e = await startE2E({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'fake-model' })
  page = await e2e.newPage()
  chat = new ChatPage(page)
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

/** Whether two boxes on screen share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()])
  if (!x || !y) throw new Error('not on screen')
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height
}

const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

describe('a first try of Parley', () => {
  test('signing up without a confirmation step says "signed in", not "check your email"', async () => {
    const login = new LoginPage(page)
    await login.goto()
    // The toast lasts a few seconds: watched from the click on, not after the dashboard shows (which
    // on a loaded machine can come later than the toast goes).
    const signedIn = toast('Signed in successfully!').waitFor({ timeout: 30_000 })
    await login.signUp(user)
    await new DashboardPage(page).waitUntilShown()
    await signedIn
    expect(await page.getByText('Check your email for the confirmation link!').count()).toBe(0)
  })

  test('Enter with no chat creates a chat and sends the message into it', async () => {
    await page.getByTestId('welcome').waitFor()
    fake.queueScript({ reply: 'Hello from a fresh chat.' })
    await chat.send('My very first question')
    await page.waitForURL(/\/c\//)
    await chat.messages().filter({ hasText: 'My very first question' }).waitFor()
    await chat.waitForAnswer('Hello from a fresh chat.')
    expect(await chat.input().inputValue()).toBe('')
    expect(await chat.chatRows().count()).toBe(1)
  })

  test('HTML in an answer shows as text, never as markup', async () => {
    fake.queueScript({ reply: 'Use the <br> tag, or <b>bold</b> it.' })
    await chat.send('How do I break a line in HTML?')
    await chat.waitForAnswer('tag, or')
    expect(await chat.lastAnswer().innerText()).toContain('Use the <br> tag, or <b>bold</b> it.')
    expect(await chat.lastAnswer().locator('br, b').count()).toBe(0)
  })

  test('a message or an answer that is only a date stays text, also read again after a reload', async () => {
    // Eden's client would turn such strings into Date objects (parseDate), which React cannot show.
    fake.queueScript({ reply: '12/05/2026' })
    await chat.send('2026-05-12')
    await chat.waitForAnswer('12/05/2026')
    await page.reload()
    await chat.lastAnswer().getByText('12/05/2026').waitFor()
    await chat.messages().filter({ hasText: '2026-05-12' }).first().waitFor()
  })

  test('a reply cut short shows why it failed, and no dangling markdown', async () => {
    fake.queueScript({
      chunks: ['Here is the plan.\n\n', 'Step one: **impor', 'tant stuff'],
      cutAfterChunks: 2,
    })
    await chat.send('Give me a plan')
    const answer = chat.lastAnswer().and(page.locator('[data-status="failed"]'))
    await answer.getByText('Failed to send message. Please try again.').waitFor()
    // The provider's reason as the message stores it, beside the spec's text.
    expect(await answer.getByTestId('failure-reason').innerText()).toMatch(
      /AI provider.*before the answer was complete/,
    )
    // The stored text ends in an open '**': shown closed, as bold, without the markers.
    expect(await answer.locator('strong').innerText()).toBe('impor')
    expect(await answer.innerText()).not.toContain('**')
    await screenshot(page, 'first-use-failed-reply-desktop-light')

    // A reload reads the stored message: the same reason shows.
    await page.reload()
    await chat.lastAnswer().getByTestId('failure-reason').waitFor()
    expect(await chat.lastAnswer().getByTestId('failure-reason').innerText()).toContain(
      'before the answer was complete',
    )
  })

  test('unsent text stays with the chat it was typed in, also after a reload', async () => {
    const first = page.url()
    await chat.input().fill('Half a thought for the first chat')
    await chat.newChat()
    const second = page.url()
    expect(await chat.input().inputValue()).toBe('')
    await chat.input().fill('Draft for the second chat')
    await page.goto(first)
    await chat.lastAnswer().waitFor()
    expect(await chat.input().inputValue()).toBe('Half a thought for the first chat')
    await chat.chatRows().first().click()
    await page.waitForURL(second)
    expect(await chat.input().inputValue()).toBe('Draft for the second chat')
    await page.reload()
    await chat.input().waitFor()
    await page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement | null)?.value,
    )
    expect(await chat.input().inputValue()).toBe('Draft for the second chat')
    // Sending clears that chat's draft only.
    fake.queueScript({ reply: 'Noted.' })
    await chat.input().press('Enter')
    await chat.waitForAnswer('Noted.')
    expect(await chat.input().inputValue()).toBe('')
    await page.goto(first)
    await chat.lastAnswer().waitFor()
    expect(await chat.input().inputValue()).toBe('Half a thought for the first chat')
    await chat.input().fill('')
  })

  test('New Chat clicked while the chat list loads: the next message goes to the new chat', async () => {
    // The list answers late with what it held before (no new chat in it yet), and the create is
    // slower still: the list arrives while the new chat is on its way.
    await page.route(/\/api\/chats(\?|$)/, async (route) => {
      if (route.request().method() === 'GET') {
        const response = await route.fetch()
        await Bun.sleep(1_000)
        return route.fulfill({ response })
      }
      await Bun.sleep(2_500)
      return route.continue()
    })
    await page.goto('/')
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/chats$/.test(response.url()),
    )
    await chat.newChatButton().click()
    // Typed and sent while the list has arrived but the new chat is not there yet.
    await page.waitForTimeout(1_500)
    fake.queueScript({ reply: 'Answered in the new chat.' })
    await chat.send('Where does this go?')
    const { data: newChat } = (await (await created).json()) as { data: { id: string } }
    await chat.waitForAnswer('Answered in the new chat.')
    expect(new URL(page.url()).pathname).toBe(`/c/${newChat.id}`)
    const stored = await e2e.db.select().from(messages).where(eq(messages.content, 'Where does this go?'))
    expect(stored.map((message) => message.chatId)).toEqual([newChat.id])
    await page.unrouteAll()
  })

  test('toasts stay clear of an open dialog title (desktop and phone)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport)
      await new DashboardPage(page).choose('Profile')
      const profile = new ProfileDialog(page)
      await profile.waitUntilShown()
      await profile.edit({ bio: `Checked at ${viewport.width}px` })
      await profile.save()
      await toast('Profile updated successfully!').waitFor()
      await screenshot(page, `first-use-toast-over-dialog-${viewport.width}`)
      expect(
        await overlap(toast('Profile updated successfully!'), profile.root().getByRole('heading').first()),
      ).toBe(false)
      // Nor over Send.
      expect(await overlap(toast('Profile updated successfully!'), chat.sendButton())).toBe(false)
      await profile.close()
      await profile.root().waitFor({ state: 'detached' })
    }
    await page.setViewportSize(DESKTOP)
  })

  test('a menu loads on first use: reached by Tab it keeps the focus, and Enter opens it on its first item', async () => {
    // A page of its own, so nothing before has fetched the menu's code (decision 180).
    const fresh = await e2e.signedInPage()
    const scripts: string[] = []
    fresh.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url())
    })
    const menuCode = async () => {
      for (const url of scripts) {
        if ((await fresh.request.get(url).then((r) => r.text())).includes('data-radix-menu-content'))
          return url
      }
      return null
    }
    await fresh.getByTestId('user-menu').waitFor()
    await fresh.waitForLoadState('networkidle')
    expect(await menuCode()).toBeNull()

    // Focused (as by Tab): the code comes, Radix's trigger takes the button's place, and the focus.
    await fresh.getByTestId('user-menu').focus()
    await fresh.locator('[data-testid="user-menu"][id]').waitFor()
    expect(await menuCode()).not.toBeNull()
    await fresh.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'user-menu')
    await fresh.keyboard.press('Enter')
    await fresh.getByRole('menu').waitFor()
    await fresh.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem')
    await fresh.keyboard.press('Escape')
    await fresh.getByRole('menu').waitFor({ state: 'detached' })
    await fresh.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'user-menu')
    await fresh.context().close()

    // Enter pressed before the code is in (it comes late here): the menu opens once it has, on its
    // first item, as a menu opened from the keyboard does.
    const other = await e2e.signedInPage()
    await other.getByTestId('theme-toggle').waitFor()
    await other.waitForLoadState('networkidle')
    await other.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await other.getByTestId('theme-toggle').focus()
    await other.keyboard.press('Enter')
    await other.getByRole('menu').waitFor()
    await other.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitemradio')
    await other.context().close()
  })
})
