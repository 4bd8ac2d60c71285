import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { type E2E, expectAxeClean, inEveryLook, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { AttachmentsPanel } from './pages/attachments'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'
import { photo, textFile } from './test-files'

/*
 * Issue 27, points 1–4: conversations as trees (docs/decisions/158). Edit a sent message, keep
 * every regenerated answer, move between versions with '‹ n / m ›', branch into a new chat; the
 * server stores the current branch, so a reload and a second tab show the same one.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let chat: ChatPage

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODELS: 'fake-model,fake-model-large',
  })
  page = await e2e.signedInPage({ user: newUser('Ada Lovelace') })
  chat = new ChatPage(page)
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const userMessages = (on: Page) => on.locator('[data-testid="message"][data-role="user"]')
const position = (message: Locator) => message.getByTestId('branch-position')

/** The words of the last request the fake model got, to see which path it was given. */
function lastPrompt(): string {
  return JSON.stringify(fake.completions().at(-1)?.body?.messages ?? [])
}

describe('conversation trees', () => {
  test('Regenerate keeps the old answer: the new one streams beside it, ‹ 2 / 2 ›', async () => {
    await chat.newChat()
    fake.queueScript({ reply: 'Blue.' })
    await chat.send('Name a colour')
    await chat.waitForAnswer('Blue.')
    // One version only: no arrows yet.
    expect(await page.getByTestId('branch-arrows').count()).toBe(0)

    fake.queueScript({ chunks: ['Gre', 'en', '.'], chunkDelayMs: 150 })
    await chat.lastAnswer().getByRole('button', { name: 'Regenerate', exact: true }).click()
    await chat.lastAnswer().and(page.locator('[data-status="streaming"]')).waitFor()
    // While the new answer streams, nothing offers to edit or regenerate (the server would refuse).
    // Waited for, not read once: the 202 and the streaming row reach the list a render apart.
    await page
      .getByRole('button', { name: 'Edit message' })
      .first()
      .waitFor({ state: 'detached', timeout: 2_000 })
    await chat.waitForAnswer('Green.')
    expect(await position(chat.lastAnswer()).innerText()).toBe('2 / 2')
    expect(await chat.assistantMessages().count()).toBe(1)

    await chat.lastAnswer().getByRole('button', { name: 'Previous version' }).click()
    await chat.lastAnswer().filter({ hasText: 'Blue.' }).waitFor()
    expect(await position(chat.lastAnswer()).innerText()).toBe('1 / 2')
    expect(await chat.lastAnswer().getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true)
    await chat.lastAnswer().getByRole('button', { name: 'Next version' }).click()
    await chat.lastAnswer().filter({ hasText: 'Green.' }).waitFor()
  })

  test('Regenerate with… answers again with the model chosen from its menu', async () => {
    await chat.lastAnswer().getByRole('button', { name: 'Regenerate with…' }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['fake-model', 'fake-model-large'])
    await expectAxeClean(page, 'regenerate menu')
    await inEveryLook(page, async (look) => {
      await screenshot(page, `branches-regenerate-menu-${look}`)
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    fake.queueScript({ reply: 'Red.' })
    await menu.getByRole('menuitem', { name: 'fake-model-large' }).click()
    await chat.waitForAnswer('Red.')
    expect(fake.completions().at(-1)?.body?.model).toBe('fake-model-large')
    expect(await position(chat.lastAnswer()).innerText()).toBe('3 / 3')
    // The composer's own choice is left as it was.
    expect(await chat.modelDropdown().innerText()).toContain('fake-model')
    expect(await chat.modelDropdown().innerText()).not.toContain('large')
  })

  test('Edit opens the message in place; Escape cancels; an empty text cannot be saved', async () => {
    const question = userMessages(page).last()
    await question.getByRole('button', { name: 'Edit message' }).click()
    const editor = page.getByTestId('message-editor')
    const text = editor.getByRole('textbox', { name: 'Edited text' })
    expect(await text.inputValue()).toBe('Name a colour')
    await text.press('Escape')
    await editor.waitFor({ state: 'detached' })
    await question.filter({ hasText: 'Name a colour' }).waitFor()

    await question.getByRole('button', { name: 'Edit message' }).click()
    await text.fill('   ')
    expect(await editor.getByRole('button', { name: 'Save & submit' }).isDisabled()).toBe(true)
    await text.fill('Name a fruit')
    await expectAxeClean(page, 'message editor')
    await inEveryLook(page, async (look) => {
      await screenshot(page, `branches-editor-${look}`)
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    await editor.getByRole('button', { name: 'Cancel' }).click()
    await editor.waitFor({ state: 'detached' })
  })

  test('Save & submit adds the edited message beside the original, with a new answer under it', async () => {
    const question = userMessages(page).last()
    await question.getByRole('button', { name: 'Edit message' }).click()
    await page.getByRole('textbox', { name: 'Edited text' }).fill('Name a fruit')
    fake.queueScript({ chunks: ['App', 'le.'], chunkDelayMs: 150 })
    await page.getByRole('button', { name: 'Save & submit' }).click()
    await page.getByTestId('message-editor').waitFor({ state: 'detached' })
    await chat.waitForAnswer('Apple.')
    expect(await userMessages(page).count()).toBe(1)
    expect(await position(userMessages(page).last()).innerText()).toBe('2 / 2')
    // The model was asked the edited question, not the original.
    expect(lastPrompt()).toContain('Name a fruit')
    expect(lastPrompt()).not.toContain('Name a colour')
    // The new answer has no siblings of its own.
    expect(await chat.lastAnswer().getByTestId('branch-arrows').count()).toBe(0)

    // The original question is one arrow away, with the answer it had last (its newest leaf).
    await userMessages(page).last().getByRole('button', { name: 'Previous version' }).click()
    await userMessages(page).last().filter({ hasText: 'Name a colour' }).waitFor()
    await chat.lastAnswer().filter({ hasText: 'Red.' }).waitFor()
    expect(await position(chat.lastAnswer()).innerText()).toBe('3 / 3')
    await expectAxeClean(page, 'branch arrows')
    await inEveryLook(page, async (look) => {
      await screenshot(page, `branches-arrows-${look}`)
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('a reload shows the branch last chosen (the server keeps it)', async () => {
    await page.reload()
    await chat.lastAnswer().filter({ hasText: 'Red.' }).waitFor()
    expect(await userMessages(page).last().innerText()).toContain('Name a colour')
    expect(await position(userMessages(page).last()).innerText()).toBe('1 / 2')
    expect(await chat.messages().count()).toBe(2)
  })

  // How soon it follows (issue 27: within a second) is measured by `bun run bench:tab-follow`.
  test('a second tab follows a branch switch and an edit', async () => {
    const other = await page.context().newPage()
    const otherChat = new ChatPage(other)
    await other.goto(page.url())
    await otherChat.lastAnswer().filter({ hasText: 'Red.' }).waitFor()

    await userMessages(page).last().getByRole('button', { name: 'Next version' }).click()
    await chat.lastAnswer().filter({ hasText: 'Apple.' }).waitFor()
    await userMessages(other).last().filter({ hasText: 'Name a fruit' }).waitFor({ timeout: 5_000 })
    await otherChat.lastAnswer().filter({ hasText: 'Apple.' }).waitFor({ timeout: 5_000 })

    fake.queueScript({ chunks: ['Car', 'rot', '.'], chunkDelayMs: 200 })
    await userMessages(page).last().getByRole('button', { name: 'Edit message' }).click()
    await page.getByRole('textbox', { name: 'Edited text' }).fill('Name a vegetable')
    await page.getByRole('button', { name: 'Save & submit' }).click()
    await userMessages(other).last().filter({ hasText: 'Name a vegetable' }).waitFor({ timeout: 5_000 })
    await otherChat.waitForAnswer('Carrot.')
    expect(await position(userMessages(other).last()).innerText()).toBe('3 / 3')
    await chat.waitForAnswer('Carrot.')
    await other.close()
  })

  test('a failed branch switch says so and leaves the path as it was', async () => {
    await page.route('**/api/chats/*/branch', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    )
    await userMessages(page).last().getByRole('button', { name: 'Previous version' }).click()
    await expectToast(page, 'Failed to show that version')
    expect(await userMessages(page).last().innerText()).toContain('Name a vegetable')
    await page.unroute('**/api/chats/*/branch')
    // An error stays until closed: closed here, so the later screenshots show the editor alone.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to show that version' })
    await toast.hover()
    await toast.locator('[data-close-button]').click()
    await toast.waitFor({ state: 'detached' })
  })

  test('Branch in new chat opens "<title> (branch)" holding the path up to that message', async () => {
    const title = (await chat.currentRow().innerText()).trim()
    const from = page.url()
    await chat.lastAnswer().getByRole('button', { name: 'Branch in new chat' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/c/') && url.href !== from)
    await chat
      .currentRow()
      .filter({ hasText: `${title} (branch)` })
      .waitFor()
    await chat.lastAnswer().filter({ hasText: 'Carrot.' }).waitFor()
    expect(await userMessages(page).count()).toBe(1)
    expect(await userMessages(page).last().innerText()).toContain('Name a vegetable')
    // A copy of the path: one version of each message, no arrows.
    expect(await page.getByTestId('branch-arrows').count()).toBe(0)
    // The original chat is still there, unchanged.
    await chat.chatRow(title).first().waitFor()
    expect(await chat.chatRows().count()).toBe(2)
  })

  test('an edit keeps the files left in its editor and drops the removed ones', async () => {
    await chat.newChat()
    const files = new AttachmentsPanel(page)
    await files.pick([
      textFile('notes.txt', 'The notes say: bring an umbrella.'),
      textFile('plan.txt', 'The plan says: leave at noon.'),
    ])
    await files.previews().and(page.locator('[data-status="ready"]')).nth(1).waitFor()
    fake.queueScript({ reply: 'Two files read.' })
    await chat.send('Summarise these')
    await chat.waitForAnswer('Two files read.')

    await userMessages(page).last().getByRole('button', { name: 'Edit message' }).click()
    const editor = page.getByTestId('message-editor')
    const chips = editor.getByTestId('editor-attachment')
    await chips.nth(1).waitFor()
    expect(await chips.allInnerTexts()).toEqual(['notes.txt', 'plan.txt'])
    // The text is the message's own, without the files marker the server adds.
    expect(await editor.getByRole('textbox', { name: 'Edited text' }).inputValue()).toBe('Summarise these')
    await editor.getByRole('button', { name: 'Remove plan.txt' }).click()
    expect(await chips.allInnerTexts()).toEqual(['notes.txt'])
    // Files alone are a message (the composer's rule): an empty text with a file left can be sent.
    await editor.getByRole('textbox', { name: 'Edited text' }).fill('')
    expect(await editor.getByRole('button', { name: 'Save & submit' }).isDisabled()).toBe(false)
    await editor.getByRole('textbox', { name: 'Edited text' }).fill('Summarise the notes')
    fake.queueScript({ reply: 'Bring an umbrella.' })
    await editor.getByRole('button', { name: 'Save & submit' }).click()
    await chat.waitForAnswer('Bring an umbrella.')
    const edited = userMessages(page).last()
    await edited.filter({ hasText: 'Summarise the notes' }).waitFor()
    await edited.getByTestId('message-attachments').waitFor()
    expect(await edited.getByTestId('message-attachments').getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('notes.txt'),
    ])
    expect(lastPrompt()).toContain('bring an umbrella')
    expect(lastPrompt()).not.toContain('leave at noon')
    // The original keeps both of its files.
    await edited.getByRole('button', { name: 'Previous version' }).click()
    await userMessages(page).last().filter({ hasText: 'Summarise these' }).waitFor()
    await userMessages(page).last().getByTestId('message-attachments').getByRole('listitem').nth(1).waitFor()
  })

  test('an edit adds new files: they upload in the editor, a refused one says why, the model gets the rest', async () => {
    const editor = page.getByTestId('message-editor')
    const chips = editor.getByTestId('editor-attachment')
    const chip = (name: string) => chips.filter({ hasText: name })
    const addFiles = async (files: Parameters<AttachmentsPanel['pick']>[0]) => {
      const chooser = page.waitForEvent('filechooser')
      await editor.getByRole('button', { name: 'Add photos & files' }).click()
      await (await chooser).setFiles(files)
    }
    await userMessages(page).last().getByRole('button', { name: 'Edit message' }).click()
    await chips.nth(1).waitFor()

    // Cancel deletes what the editor uploaded: it never belonged to a message.
    await addFiles([textFile('draft.txt', 'A draft nobody sends.')])
    await chip('draft.txt').and(page.locator('[data-status="ready"]')).waitFor()
    const deleted = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().includes('/api/uploads/'),
    )
    await editor.getByRole('button', { name: 'Cancel' }).click()
    expect((await deleted).ok()).toBe(true)
    await editor.waitFor({ state: 'detached' })

    await userMessages(page).last().getByRole('button', { name: 'Edit message' }).click()
    await chips.nth(1).waitFor()
    await addFiles([
      textFile('extra.txt', 'The extra says: bring snacks.'),
      // A PDF that is really a PNG: the server's 415, shown on the file, which is not sent.
      { name: 'fake.pdf', mimeType: 'application/pdf', buffer: photo().buffer },
    ])
    await chip('extra.txt').and(page.locator('[data-status="ready"]')).waitFor()
    await chip('fake.pdf').and(page.locator('[data-status="error"]')).waitFor()
    expect(await chip('fake.pdf').getByRole('alert').innerText()).toContain(
      "The file's contents do not match its type",
    )
    await screenshot(page, 'branches-editor-refused-file-1280-light')
    expect(await editor.getByRole('button', { name: 'Save & submit' }).isDisabled()).toBe(false)
    await editor.getByRole('button', { name: 'Remove plan.txt' }).click()
    await editor.getByRole('button', { name: 'Remove fake.pdf' }).click()
    expect(await chips.allInnerTexts()).toEqual(['notes.txt', 'extra.txt'])
    await editor.getByRole('textbox', { name: 'Edited text' }).fill('Summarise the notes and the extra')
    await expectAxeClean(page, 'editor with a new file')
    await inEveryLook(page, async (look) => {
      await screenshot(page, `branches-editor-new-file-${look}`)
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })

    fake.queueScript({ reply: 'Umbrella and snacks.' })
    await editor.getByRole('button', { name: 'Save & submit' }).click()
    await chat.waitForAnswer('Umbrella and snacks.')
    const edited = userMessages(page).last()
    await edited.filter({ hasText: 'Summarise the notes and the extra' }).waitFor()
    expect(await position(edited).innerText()).toBe('3 / 3')
    // The model read the kept file and the new one, not the removed one.
    expect(lastPrompt()).toContain('bring an umbrella')
    expect(lastPrompt()).toContain('bring snacks')
    expect(lastPrompt()).not.toContain('leave at noon')
    const listed = edited.getByTestId('message-attachments').getByRole('listitem')
    await listed.nth(1).waitFor()
    const names = (await listed.allInnerTexts()).join(' ')
    expect(names).toContain('notes.txt')
    expect(names).toContain('extra.txt')
    expect(await listed.count()).toBe(2)
    // A reload reads the same files from the server.
    await page.reload()
    await userMessages(page).last().getByTestId('message-attachments').getByRole('listitem').nth(1).waitFor()
  })
})
