import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { chats, messages, users } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { type E2E, expectAxeClean, inEveryLook, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'

/*
 * Issue 28, points 1 and 2 (docs/decisions/161): the sidebar search finds messages and opens the
 * chat at the one chosen, marked for a moment, switching branch when it is in another one; the
 * command palette (Ctrl+K) lists recent chats, finds chats and messages and runs actions.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let page: Page
const ids: Record<string, string> = {}

/** A chat with one path of messages (question, answer, ...), written to the server's database. */
async function seedChat(userId: string, title: string, texts: string[], at: number) {
  const [chat] = await e2e.db
    .insert(chats)
    .values({ userId, title, createdAt: new Date(at) })
    .returning()
  let parent: string | null = null
  const made: string[] = []
  for (const [index, content] of texts.entries()) {
    const [row]: { id: string }[] = await e2e.db
      .insert(messages)
      .values({
        chatId: chat!.id,
        userId,
        content,
        isUser: index % 2 === 0,
        parentId: parent,
        createdAt: new Date(at + index * 1000),
      })
      .returning()
    parent = row!.id
    made.push(row!.id)
  }
  return { chatId: chat!.id, ids: made }
}

beforeAll(async () => {
  fake = startFakeOpenAi()
  e2e = await startE2E({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' })
  const user = newUser('Ada Lovelace')
  page = await e2e.signedInPage({ user })
  const [row] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, user.email))
  ids.user = row!.id
  const start = Date.UTC(2026, 2, 1)
  // The résumé is asked about early in a long chat: it is beyond the first page (50 messages).
  const filler = Array.from({ length: 70 }, (_, index) => `Step ${index} of the plan, nothing more.`)
  const long = await seedChat(
    row!.id,
    'Job hunting',
    ['Can you look at my résumé template?', 'Your Résumé reads well; shorten the summary.', ...filler],
    start,
  )
  ids.longChat = long.chatId
  ids.resume = long.ids[1]!
  const picnic = await seedChat(
    row!.id,
    'Picnic',
    ['What should I bring?', 'Bring sandwiches and lemonade.'],
    start + 200_000,
  )
  // A second answer beside the first: the newest, so the chat shows it, and the sandwiches are in
  // the other branch.
  const [other] = await e2e.db
    .insert(messages)
    .values({
      chatId: picnic.chatId,
      userId: row!.id,
      content: 'Bring a quiche.',
      isUser: false,
      parentId: picnic.ids[0]!,
      createdAt: new Date(start + 300_000),
    })
    .returning()
  ids.picnic = picnic.chatId
  ids.sandwiches = picnic.ids[1]!
  ids.quiche = other!.id
  await seedChat(
    row!.id,
    'Budget 2027',
    ['Draft the budgets for 2027', 'Here are the quarterly budgets.'],
    start + 400_000,
  )
  await page.reload()
  await page.getByTestId('chat-row').first().waitFor()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const searchBox = () => page.getByRole('searchbox', { name: 'Search chats' })
const results = () => page.getByTestId('message-result')
const found = () => page.locator('[data-found] [data-testid="message"]')

describe('sidebar search', () => {
  test('finds a message by a word without its accents and opens the chat at it, marked', async () => {
    await searchBox().fill('resume')
    await results().first().waitFor()
    expect(await results().count()).toBe(2)
    expect(await results().first().locator('mark').allInnerTexts()).toEqual(['Résumé'])
    expect(await results().first().innerText()).toContain('Job hunting')
    await expectAxeClean(page, 'sidebar message results')
    await inEveryLook(page, async (look) => {
      // On a phone the chats are in a drawer, with a search box of its own.
      if (look.startsWith('390')) {
        await page.getByTestId('sidebar-toggle').click()
        await searchBox().fill('resume')
        await results().first().waitFor()
      }
      await screenshot(page, `search-sidebar-${look}`)
      if (look.startsWith('390')) {
        await page.keyboard.press('Escape')
        await searchBox().waitFor({ state: 'detached' })
      }
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    await searchBox().fill('resume')
    await results().first().waitFor()

    await results().first().click()
    await page.waitForURL((url) => url.pathname === `/c/${ids.longChat}`)
    // Older pages load until the message is there; it is scrolled into view and marked.
    await found().filter({ hasText: 'shorten the summary' }).waitFor()
    expect(await found().isVisible()).toBe(true)
    await screenshot(page, 'search-opened-1280-light')
    // The mark goes after a moment, and the address no longer names the message.
    await found().waitFor({ state: 'detached', timeout: 6000 })
    expect(new URL(page.url()).searchParams.get('m')).toBeNull()
  })

  test('a message in another branch switches the chat to that branch', async () => {
    await searchBox().fill('sandwiches')
    await results().filter({ hasText: 'Picnic' }).first().click()
    await page.waitForURL((url) => url.pathname === `/c/${ids.picnic}`)
    await found().filter({ hasText: 'Bring sandwiches' }).waitFor()
    // The quiche answer is the other version now.
    expect(await page.getByTestId('message').filter({ hasText: 'quiche' }).count()).toBe(0)
    await searchBox().fill('')
  })
})

describe('command palette', () => {
  test('Ctrl+K opens it with the actions and recent chats; typing finds chats and messages', async () => {
    await page.keyboard.press('Control+k')
    const palette = page.getByTestId('command-palette')
    await palette.waitFor()
    const input = page.getByRole('combobox', { name: 'Command palette' })
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true)
    const listbox = page.getByRole('listbox', { name: 'Command palette' })
    expect(
      await listbox.getByRole('group', { name: 'Recent chats' }).getByRole('option').allInnerTexts(),
    ).toEqual(['Budget 2027', 'Picnic', 'Job hunting'])
    await expectAxeClean(page, 'command palette')
    await inEveryLook(page, async (look) => screenshot(page, `search-palette-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })

    await input.fill('budg')
    const messagesGroup = listbox.getByRole('group', { name: 'Messages' })
    await messagesGroup.getByRole('option').first().waitFor()
    expect(await listbox.getByRole('group', { name: 'Chats' }).getByRole('option').allInnerTexts()).toEqual([
      'Budget 2027',
    ])
    expect(await messagesGroup.locator('mark').first().innerText()).toBe('budgets')
    // The number of results is announced.
    expect(await page.getByTestId('palette-count').innerText()).toBe('3 results')
    await expectAxeClean(page, 'command palette results')
    await inEveryLook(page, async (look) => screenshot(page, `search-palette-results-${look}`))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })

    // The arrows move the active option; Enter opens the message.
    const active = () => input.getAttribute('aria-activedescendant')
    const first = await active()
    await input.press('ArrowDown')
    expect(await active()).not.toBe(first)
    await input.press('ArrowDown')
    await input.press('Enter')
    await palette.waitFor({ state: 'detached' })
    await found().filter({ hasText: 'budgets' }).waitFor()
  })

  test('runs actions: a new chat, the theme; Escape closes it', async () => {
    const rows = await page.getByTestId('chat-row').count()
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Command palette' })
    await input.fill('new chat')
    expect(await page.getByRole('option').first().innerText()).toBe('New chat')
    await input.press('Enter')
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="chat-row"]').length > count,
      rows,
    )

    await page.keyboard.press('Control+k')
    await input.fill('theme')
    await input.press('Enter')
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'))
    await page.keyboard.press('Control+k')
    await input.fill('theme')
    await input.press('Enter')
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'))

    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('command-palette').waitFor({ state: 'detached' })
  })

  test('says "No results" only once the search has answered, and says when it failed', async () => {
    // The search held until the test lets it go: the debounce has long passed, the answer not come.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let fail = false
    await page.route('**/api/search?*', async (route) => {
      await held
      if (fail)
        await route.fulfill({
          status: 500,
          json: { success: false, error: 'Server error', code: 'internal' },
        })
      else await route.continue()
    })
    try {
      await page.keyboard.press('Control+k')
      const input = page.getByRole('combobox', { name: 'Command palette' })
      const listbox = page.getByRole('listbox', { name: 'Command palette' })
      // Whether "No results" shows at any moment, the debounce's included, before the answer.
      await listbox.evaluate((element) => {
        const seen = window as unknown as { sawNone: boolean }
        seen.sawNone = false
        new MutationObserver(() => {
          if (element.textContent?.includes('No results')) seen.sawNone = true
        }).observe(element, { subtree: true, childList: true, characterData: true })
      })
      await input.fill('zqxwv')
      await page.waitForTimeout(400)
      expect(await listbox.getAttribute('aria-busy')).toBe('true')
      expect(await listbox.getByRole('status').innerText()).toBe('Searching…')
      expect(await page.evaluate(() => (window as unknown as { sawNone: boolean }).sawNone)).toBe(false)
      release()
      await listbox.getByText('No results').waitFor()
      expect(await listbox.getAttribute('aria-busy')).toBe('false')

      fail = true
      await input.fill('zqxwvy')
      await listbox.getByRole('alert').filter({ hasText: 'Messages could not be searched' }).waitFor()
      expect(await listbox.innerText()).not.toContain('No results')
      await page.keyboard.press('Escape')
      await page.getByTestId('command-palette').waitFor({ state: 'detached' })
    } finally {
      await page.unrouteAll()
    }
  })

  test('results on screen follow a chat renamed elsewhere, without typing again', async () => {
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Command palette' })
    const listbox = page.getByRole('listbox', { name: 'Command palette' })
    await input.fill('zebra')
    await listbox.getByText('No results').waitFor()
    // Renamed in another tab or device: this tab hears of it (chat:updated) and asks again.
    const renamed = await page.request.patch(`/api/chats/${ids.picnic}`, {
      headers: { origin: e2e.url },
      data: { title: 'Zebra crossing picnic' },
    })
    expect(renamed.status()).toBe(200)
    const chatsGroup = listbox.getByRole('group', { name: 'Chats' })
    await chatsGroup.getByRole('option', { name: /Zebra crossing picnic/ }).waitFor({ timeout: 5_000 })
    // And back: the result goes.
    await page.request.patch(`/api/chats/${ids.picnic}`, {
      headers: { origin: e2e.url },
      data: { title: 'Picnic' },
    })
    await listbox.getByText('No results').waitFor({ timeout: 5_000 })
    await page.keyboard.press('Escape')
    await page.getByTestId('command-palette').waitFor({ state: 'detached' })
  })

  test('opens the knowledge base', async () => {
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Command palette' })
    await input.fill('knowledge')
    await input.press('Enter')
    await page.getByRole('dialog', { name: 'Knowledge Base' }).waitFor()
    await page.keyboard.press('Escape')
  })
})

describe('archived chats', () => {
  test('are found by title and by message, marked Archived, in the sidebar and the palette', async () => {
    const lighthouse = await seedChat(
      ids.user!,
      'Lighthouse trip',
      ['Which lighthouse keeps its lamp?', 'The lighthouse on the cape still does.'],
      Date.UTC(2026, 2, 2),
    )
    await e2e.db.update(chats).set({ archived: true }).where(eq(chats.id, lighthouse.chatId))
    await page.goto('/')
    await searchBox().fill('lighthouse')
    // Not in the chat list (it holds chats that are not archived), but under its own heading.
    const archived = page.getByTestId('archived-result')
    await archived.first().waitFor()
    expect(await archived.allInnerTexts()).toEqual(['Lighthouse trip\nArchived'])
    await results().first().waitFor()
    expect(await results().count()).toBe(2)
    for (const result of await results().all())
      expect(await result.getByTestId('archived-badge').innerText()).toBe('Archived')
    expect(await page.getByTestId('chat-row').filter({ hasText: 'Lighthouse trip' }).count()).toBe(0)
    await expectAxeClean(page, 'archived results')
    // (The theme was set to light by an earlier test: one look.)
    await screenshot(page, 'search-archived-1280-light')
    await archived.first().click()
    await page.waitForURL((url) => url.pathname === `/c/${lighthouse.chatId}`)
    await page.getByTestId('message').filter({ hasText: 'on the cape' }).waitFor()
    await searchBox().fill('')

    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Command palette' })
    await input.fill('lighthouse')
    const listbox = page.getByRole('listbox', { name: 'Command palette' })
    const chatsGroup = listbox.getByRole('group', { name: 'Chats' })
    await chatsGroup.getByRole('option').first().waitFor()
    expect(await chatsGroup.getByRole('option').allInnerTexts()).toEqual(['Lighthouse trip\nArchived'])
    const inMessages = listbox.getByRole('group', { name: 'Messages' }).getByTestId('archived-badge')
    await inMessages.first().waitFor()
    expect(await inMessages.count()).toBe(2)
    await expectAxeClean(page, 'palette with archived results')
    await screenshot(page, 'search-palette-archived-1280-light')
    await page.keyboard.press('Escape')
  })
})
