import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * The prompt library: Ada builds a prompt with variables in Create New Prompt and makes it public;
 * selecting it fills the variables into her composer; duplicate, edit and delete work on a copy.
 * Bob, in his own browser, finds it by typing '/' in the composer, fills the variables with the
 * keyboard and sends it; the card then shows both uses.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let ada: Page
let bob: Page

beforeAll(async () => {
  ;({
    e2e,
    fake,
    page: ada,
  } = await withSignedInPage({
    fakeModels: ['fake-model', 'fake-model-large'],
    user: newUser('Ada Lovelace'),
  }))
  await new ChatPage(ada).newChat()
  bob = await e2e.signedInPage({ user: newUser('Bob Builder') })
  await new ChatPage(bob).newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const library = (page: Page) => page.getByTestId('prompt-library')
const card = (page: Page, title: string) =>
  library(page).locator(`[data-testid="prompt-card"][data-title="${title}"]`)
const createDialog = (page: Page) => page.getByTestId('prompt-create-dialog')

/** The element is on screen and on top at its centre (neither below the fold nor scrolled out of its box). */
async function expectInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box).not.toBeNull()
  if (!box || !viewport) return
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  const onTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })
  expect(onTop).toBe(true)
}

async function openLibrary(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('open-prompt-library').click()
  await library(page).waitFor()
}

describe('the prompt library', () => {
  test('an empty library says so and offers to create the first prompt', async () => {
    await openLibrary(ada)
    await library(ada).getByText('No prompts found').waitFor()
    expect(await ada.getByTestId('prompt-count').innerText()).toBe('0 prompts')
    await screenshot(ada, 'prompts-library-empty-1280-light')
    await library(ada).getByRole('button', { name: 'Create your first prompt' }).click()
    await createDialog(ada).waitFor()
  })

  test('Create New Prompt: model preselected, variables from the text and custom ones, tools, tags, public', async () => {
    const dialog = createDialog(ada)
    expect(await dialog.getByPlaceholder('Prompt name...').count()).toBe(1)
    // The first active model is preselected; the footer shows it.
    await dialog
      .getByTestId('prompt-model')
      .locator('option', { hasText: 'fake-model' })
      .first()
      .waitFor({ state: 'attached' })
    expect(await dialog.getByTestId('prompt-model').inputValue()).toBe('fake-model')
    expect(await dialog.getByTestId('prompt-submit').isDisabled()).toBe(true)
    await dialog
      .getByText('No variables found. Use {VARIABLE_NAME} in your prompt to add variables.')
      .waitFor()
    await dialog.getByText('No tools selected. Enable tools in Advanced settings.').waitFor()

    await dialog.getByTestId('prompt-title').fill('Translator')
    await dialog.getByTestId('prompt-description').fill('Translates a text')
    await dialog.getByTestId('prompt-text').fill('Translate {text} into {LANGUAGE}.')
    const side = dialog.getByTestId('prompt-side-variables')
    await side.getByText('{TEXT}').waitFor()
    expect(await side.getByText('From prompt text').count()).toBe(2)

    await dialog.getByTestId('prompt-tab-advanced').click()
    await dialog.getByTestId('prompt-variable-input').fill('tone')
    await dialog.getByTestId('prompt-variable-input').press('Enter')
    // A custom variable the text does not use is labelled so, with a way to put it in the text.
    const tone = side.locator('[data-variable="TONE"]')
    await tone.getByText('Custom variable').waitFor()
    await tone.getByText('Not in the prompt text yet.').waitFor()
    await tone.getByRole('button', { name: 'Add to text: TONE' }).waitFor()
    // One declared and in the text is what it is: a variable from the text, listed once.
    await dialog.getByTestId('prompt-variable-input').fill('language')
    await dialog.getByTestId('prompt-variable-input').press('Enter')
    expect(await side.locator('[data-variable="LANGUAGE"]').count()).toBe(1)
    expect(await side.locator('[data-variable="LANGUAGE"]').innerText()).toBe('{LANGUAGE} From prompt text')
    expect(await side.getByText('Custom variable').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Remove variable TONE' }).click()
    await side.getByText('Custom variable').waitFor({ state: 'detached' })
    await dialog.getByTestId('prompt-tool-web-search').click()
    await dialog.getByText('Search the internet').waitFor()
    await dialog.getByTestId('prompt-tags').fill('language, work')
    await dialog.getByText('Other users can discover and use your public prompts').waitFor()
    await dialog.getByTestId('prompt-public').check()
    const badges = dialog.getByTestId('prompt-footer-badges')
    expect(await badges.innerText()).toContain('1 tool')
    expect(await badges.innerText()).toContain('2 tags')
    await screenshot(ada, 'prompts-create-advanced-1280-light')

    await dialog.getByTestId('prompt-submit').click()
    await expectToast(ada, 'Prompt created')
    await createDialog(ada).waitFor({ state: 'detached' })
    await card(ada, 'Translator').waitFor()
    expect(await card(ada, 'Translator').innerText()).toContain('Public')
    expect(await card(ada, 'Translator').getByTestId('prompt-use-count').innerText()).toBe('0 uses')
    expect(await ada.getByTestId('prompt-count').innerText()).toBe('1 prompt')
  })

  test('category tabs count, search filters', async () => {
    expect(await library(ada).getByTestId('prompt-tab-general').innerText()).toContain('1')
    expect(await library(ada).getByTestId('prompt-tab-learning').innerText()).toContain('0')
    // Prompts exist: an empty category or search says so, and offers the way back, not a first prompt.
    await library(ada).getByTestId('prompt-tab-learning').click()
    await library(ada).getByText('No prompts in Learning yet').waitFor()
    expect(await library(ada).getByRole('button', { name: 'Create your first prompt' }).count()).toBe(0)
    await library(ada).getByRole('button', { name: 'Show all prompts' }).click()
    await card(ada, 'Translator').waitFor()
    await ada.getByTestId('prompt-search').fill('nothing like this')
    await library(ada).getByText('No prompts match “nothing like this”').waitFor()
    expect(await library(ada).getByRole('button', { name: 'Create your first prompt' }).count()).toBe(0)
    await screenshot(ada, 'prompts-library-no-match-1280-light')
    await library(ada).getByRole('button', { name: 'Clear search' }).click()
    expect(await ada.getByTestId('prompt-search').inputValue()).toBe('')
    await card(ada, 'Translator').waitFor()
    await ada.getByTestId('prompt-search').fill('TRANSLATES')
    await card(ada, 'Translator').waitFor()
  })

  test('duplicate makes a private copy, edit renames it, delete asks first', async () => {
    await card(ada, 'Translator').getByTestId('prompt-duplicate').click()
    await expectToast(ada, 'Prompt duplicated')
    await ada.getByTestId('prompt-search').fill('')
    const copy = card(ada, 'Translator (Copy)')
    await copy.waitFor()
    expect(await copy.innerText()).not.toContain('Public')

    await copy.getByTestId('prompt-edit').click()
    const edit = ada.getByTestId('prompt-edit-dialog')
    await edit.getByText('Title *').waitFor()
    await edit.getByText('Prompt Text *').waitFor()
    await edit.getByTestId('prompt-edit-title').fill('My private translator')
    await screenshot(ada, 'prompts-edit-1280-light')
    await edit.getByTestId('prompt-edit-submit').click()
    await expectToast(ada, 'Prompt updated')
    await card(ada, 'My private translator').waitFor()

    await card(ada, 'My private translator').getByTestId('prompt-delete').click()
    const confirm = ada.getByTestId('prompt-delete-dialog')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await card(ada, 'My private translator').waitFor()
    await card(ada, 'My private translator').getByTestId('prompt-delete').click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(ada, 'Prompt deleted')
    await card(ada, 'My private translator').waitFor({ state: 'detached' })
  })

  test('selecting counts a use, asks for the variables, and puts the filled text into the composer', async () => {
    await card(ada, 'Translator').getByTestId('prompt-select').click()
    const pane = ada.getByTestId('selected-prompt')
    await pane.getByText('Selected Prompt').waitFor()
    await pane.getByTestId('prompt-variables-form').waitFor()
    await card(ada, 'Translator').getByTestId('prompt-use-count').filter({ hasText: '1 use' }).waitFor()
    await pane.getByLabel('{TEXT}').fill('good morning')
    await pane.getByLabel('{LANGUAGE}').fill('Italian')
    await screenshot(ada, 'prompts-selected-1280-light')
    await pane.getByTestId('prompt-insert').click()
    await library(ada).waitFor({ state: 'detached' })
    expect(await new ChatPage(ada).input().inputValue()).toBe('Translate good morning into Italian.')
    await new ChatPage(ada).input().fill('')
  })

  test('a custom variable the text does not use gets no value field, only a note', async () => {
    const created = await ada.evaluate(async () => {
      const res = await fetch('/api/prompts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Haiku',
          prompt_text: 'Write a haiku about {SUBJECT}.',
          variables: ['MOOD', 'SUBJECT'],
        }),
      })
      return ((await res.json()) as { data: { id: string } }).data.id
    })
    await openLibrary(ada)
    await card(ada, 'Haiku').getByTestId('prompt-select').click()
    const pane = ada.getByTestId('selected-prompt')
    await pane.getByTestId('prompt-variables-form').waitFor()
    expect(await pane.getByRole('textbox').count()).toBe(1)
    await pane.getByLabel('{SUBJECT}').waitFor()
    expect(await pane.getByLabel('{MOOD}').count()).toBe(0)
    await pane.getByText('Not in the prompt text, so nothing to fill in: {MOOD}').waitFor()
    await screenshot(ada, 'prompts-selected-unused-1280-light')
    await pane.getByLabel('{SUBJECT}').fill('autumn')
    await pane.getByTestId('prompt-insert').click()
    await library(ada).waitFor({ state: 'detached' })
    expect(await new ChatPage(ada).input().inputValue()).toBe('Write a haiku about autumn.')
    await new ChatPage(ada).input().fill('')
    await ada.evaluate((id) => fetch(`/api/prompts/${id}`, { method: 'DELETE' }), created)
  })

  test("Quick actions: 'Use template' fills a built-in prompt, 'Generate with AI' drafts with the model", async () => {
    await openLibrary(ada)
    await library(ada).getByTestId('prompt-create-new').click()
    const dialog = createDialog(ada)
    await dialog.getByTestId('prompt-use-template').click()
    await dialog.getByTestId('prompt-templates').getByRole('button', { name: 'Professional email' }).click()
    expect(await dialog.getByTestId('prompt-text').inputValue()).toContain('{RECIPIENT}')
    expect(await dialog.getByTestId('prompt-title').inputValue()).toBe('Professional email')
    // The template filled an empty text: nothing was lost, nothing to undo.
    expect(await dialog.getByTestId('prompt-text-replaced').count()).toBe(0)
    // Text the person typed is replaced by the generated draft, with a way to take it back.
    await dialog.getByTestId('prompt-text').fill('My careful draft for {CITY}')
    fake.queueScript({ reply: 'You are a travel agent. Plan {DAYS} days in {CITY}.' })
    await dialog.getByTestId('prompt-title').fill('Trip planner')
    await dialog.getByTestId('prompt-generate').click()
    await ada.waitForFunction(
      () =>
        (document.querySelector('[data-testid="prompt-text"]') as HTMLTextAreaElement | null)?.value ===
        'You are a travel agent. Plan {DAYS} days in {CITY}.',
    )
    const replaced = dialog.getByTestId('prompt-text-replaced')
    await replaced.getByText('Your text was replaced by the generated prompt.').waitFor()
    await screenshot(ada, 'prompts-create-generated-1280-light')
    await replaced.getByRole('button', { name: 'Undo' }).click()
    expect(await dialog.getByTestId('prompt-text').inputValue()).toBe('My careful draft for {CITY}')
    await replaced.waitFor({ state: 'detached' })
    // Generated again, then edited: the edit is the person's own, and the offer to undo goes.
    fake.queueScript({ reply: 'You are a travel agent. Plan {DAYS} days in {CITY}.' })
    await dialog.getByTestId('prompt-generate').click()
    await replaced.waitFor()
    await dialog.getByTestId('prompt-text').press('End')
    await dialog.getByTestId('prompt-text').pressSequentially(' Be brief.')
    await replaced.waitFor({ state: 'detached' })
    // 'Add to text' puts a custom variable the text lacks at its end.
    await dialog.getByTestId('prompt-tab-advanced').click()
    await dialog.getByTestId('prompt-variable-input').fill('budget')
    await dialog.getByTestId('prompt-variable-input').press('Enter')
    await dialog.getByRole('button', { name: 'Add to text: BUDGET' }).click()
    await dialog.getByTestId('prompt-tab-basic').click()
    expect(await dialog.getByTestId('prompt-text').inputValue()).toBe(
      'You are a travel agent. Plan {DAYS} days in {CITY}. Be brief. {BUDGET}',
    )
    await dialog
      .getByTestId('prompt-side-variables')
      .locator('[data-variable="BUDGET"]')
      .getByText('From prompt text')
      .waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await createDialog(ada).waitFor({ state: 'detached' })
    await ada.keyboard.press('Escape')
    await library(ada).waitFor({ state: 'detached' })
  })
})

describe("a teammate uses the public prompt through '/'", () => {
  test("'/' opens the picker, typing filters, the keyboard picks, the variables are filled, and it is sent", async () => {
    const chat = new ChatPage(bob)
    await chat.input().fill('/')
    const picker = bob.getByTestId('slash-picker')
    await picker.getByText('Translator').waitFor()
    await chat.input().pressSequentially('transl')
    await picker.getByTestId('slash-option').first().waitFor()
    expect(await picker.getByTestId('slash-option').count()).toBe(1)
    await screenshot(bob, 'prompts-slash-picker-1280-light')
    await chat.input().press('Enter')
    const form = picker.getByTestId('prompt-variables-form')
    await form.waitFor()
    // The first field has the focus: fill both with the keyboard, Enter inserts.
    await bob.keyboard.type('good night')
    await bob.keyboard.press('Tab')
    await bob.keyboard.type('French')
    await bob.keyboard.press('Enter')
    await picker.waitFor({ state: 'detached' })
    expect(await chat.input().inputValue()).toBe('Translate good night into French.')
    fake.queueScript({ reply: 'Bonne nuit.' })
    await chat.input().press('Enter')
    await chat.waitForAnswer('Bonne nuit.')
    expect(await chat.messages().filter({ hasText: 'Translate good night into French.' }).count()).toBe(1)
  })

  test('Escape closes the picker and the text stays', async () => {
    const chat = new ChatPage(bob)
    await chat.input().fill('/tr')
    await bob.getByTestId('slash-picker').waitFor()
    await chat.input().press('Escape')
    await bob.getByTestId('slash-picker').waitFor({ state: 'detached' })
    expect(await chat.input().inputValue()).toBe('/tr')
    await chat.input().fill('')
  })

  test("the card shows both people's uses; Bob sees it read-only", async () => {
    await openLibrary(bob)
    await card(bob, 'Translator').getByTestId('prompt-use-count').filter({ hasText: '2 uses' }).waitFor()
    expect(await card(bob, 'Translator').getByTestId('prompt-edit').count()).toBe(0)
    expect(await card(bob, 'Translator').getByTestId('prompt-delete').count()).toBe(0)
    await bob.keyboard.press('Escape')
    await openLibrary(ada)
    await card(ada, 'Translator').getByTestId('prompt-use-count').filter({ hasText: '2 uses' }).waitFor()
    await ada.keyboard.press('Escape')
  })

  test("Ada's new public prompt shows in Bob's open library at once; using it selects the model it names", async () => {
    await openLibrary(bob)
    await card(bob, 'Translator').waitFor()
    // Saved from Ada's browser while Bob's library stays open.
    const created = await ada.evaluate(async () => {
      const res = await fetch('/api/prompts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Large reviewer',
          prompt_text: 'Review this carefully.',
          is_public: true,
          model_id: 'fake-model-large',
          tools: ['web-search'],
        }),
      })
      return { status: res.status, id: ((await res.json()) as { data: { id: string } }).data.id }
    })
    expect(created.status).toBe(201)
    await card(bob, 'Large reviewer').waitFor()
    expect(await bob.getByTestId('model-dropdown').innerText()).toContain('fake-model')
    expect(await bob.getByTestId('model-dropdown').innerText()).not.toContain('fake-model-large')
    await card(bob, 'Large reviewer').getByTestId('prompt-select').click()
    await library(bob).waitFor({ state: 'detached' })
    expect(await new ChatPage(bob).input().inputValue()).toBe('Review this carefully.')
    await bob.getByTestId('model-dropdown').filter({ hasText: 'fake-model-large' }).waitFor()
    await new ChatPage(bob).input().fill('')
    // Gone again from Bob's open library when Ada deletes it.
    await openLibrary(bob)
    await card(bob, 'Large reviewer').waitFor()
    await ada.evaluate((id) => fetch(`/api/prompts/${id}`, { method: 'DELETE' }), created.id)
    await card(bob, 'Large reviewer').waitFor({ state: 'detached' })
    await bob.keyboard.press('Escape')
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      const name = `${label}-${dark ? 'dark' : 'light'}`
      test(`axe clean, ${dark ? 'dark' : 'light'} at ${label}`, async () => {
        await ada.setViewportSize(viewport)
        await ada.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        await openLibrary(ada)
        await card(ada, 'Translator').getByTestId('prompt-select').click()
        await ada.getByTestId('prompt-variables-form').waitFor()
        await expectAxeClean(ada, `library ${name}`)
        await screenshot(ada, `prompts-library-${name}`)
        await library(ada).getByTestId('prompt-create-new').click()
        await createDialog(ada).waitFor()
        await expectAxeClean(ada, `create ${name}`)
        await screenshot(ada, `prompts-create-${name}`)
        await createDialog(ada).getByTestId('prompt-tab-advanced').click()
        // The footer stays on screen (the body scrolls, not the dialog): Create Prompt can be reached.
        await expectInView(ada, createDialog(ada).getByTestId('prompt-submit'))
        await expectInView(ada, createDialog(ada).getByTestId('prompt-footer-badges'))
        await expectAxeClean(ada, `create advanced ${name}`)
        await screenshot(ada, `prompts-create-advanced-${name}`)
        await ada.keyboard.press('Escape')
        await createDialog(ada).waitFor({ state: 'detached' })
        await ada.keyboard.press('Escape')
        await library(ada).waitFor({ state: 'detached' })
        const chat = new ChatPage(ada)
        await chat.input().fill('/')
        await ada.getByTestId('slash-picker').getByText('Translator').waitFor()
        await expectAxeClean(ada, `slash ${name}`)
        await screenshot(ada, `prompts-slash-${name}`)
        await chat.input().press('Escape')
        await chat.input().fill('')
      })
    }
  }

  test('reads in German', async () => {
    await ada.setViewportSize(DESKTOP)
    await ada.emulateMedia({ colorScheme: 'light' })
    await ada.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'de' },
    })
    await ada.reload()
    await ada.waitForFunction(() => document.documentElement.lang === 'de')
    await openLibrary(ada)
    await library(ada).getByRole('heading', { name: 'Prompt-Bibliothek' }).waitFor()
    // The count says '0 Prompts' until the list has loaded.
    await ada.getByTestId('prompt-count').getByText('1 Prompt', { exact: true }).waitFor()
    await screenshot(ada, 'prompts-library-de')
    await library(ada).getByTestId('prompt-create-new').click()
    await createDialog(ada).getByRole('heading', { name: 'Neuen Prompt erstellen' }).waitFor()
    await createDialog(ada).getByTestId('prompt-use-template').click()
    await createDialog(ada).getByRole('button', { name: 'Geschäftliche E-Mail' }).click()
    expect(await createDialog(ada).getByTestId('prompt-text').inputValue()).toContain('{RECIPIENT}')
    await screenshot(ada, 'prompts-create-de')
  })

  test('the empty search, a custom variable and the undo offer in English and French, 1280 and 390, light and dark', async () => {
    for (const locale of ['en', 'fr'] as const) {
      await ada.request.patch('/api/profile', {
        headers: { origin: e2e.url },
        data: { preferred_language: locale },
      })
      await ada.reload()
      await ada.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      await inEveryLook(ada, async (look) => {
        const name = `${locale}-${look}`
        await openLibrary(ada)
        await ada.getByTestId('prompt-search').fill('zzz nothing')
        await library(ada).getByTestId('prompt-clear-search').waitFor()
        await screenshot(ada, `prompts-no-match-${name}`)
        await library(ada).getByTestId('prompt-clear-search').click()
        await library(ada).getByTestId('prompt-create-new').click()
        const dialog = createDialog(ada)
        await dialog.getByTestId('prompt-text').fill('Draft about {TOPIC}')
        await dialog.getByTestId('prompt-use-template').click()
        await dialog.getByTestId('prompt-templates').getByRole('button').first().click()
        await dialog.getByTestId('prompt-text-replaced').waitFor()
        await screenshot(ada, `prompts-create-undo-${name}`)
        await expectAxeClean(ada, `create undo ${name}`)
        await dialog.getByTestId('prompt-tab-advanced').click()
        await dialog.getByTestId('prompt-variable-input').fill('mood')
        await dialog.getByTestId('prompt-variable-input').press('Enter')
        await dialog.getByTestId('prompt-variable-add-to-text').waitFor()
        await expectInView(ada, dialog.getByTestId('prompt-submit'))
        await screenshot(ada, `prompts-create-custom-variable-${name}`)
        await ada.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        await ada.keyboard.press('Escape')
        await library(ada).waitFor({ state: 'detached' })
      })
    }
  })
})
