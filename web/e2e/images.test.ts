import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import { gradientPng } from '../../src/test/images'
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
import { type NewUser, newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Create image: Ada opens Create Image from the '+' menu, is told to describe something when she
 * leaves it blank, fills a quick idea, picks a style and size and generates; the request and the
 * image appear in her chat, stay after a reload and after the provider's URL has expired, and
 * show in her second browser. A provider failure shows the failure toast. Dictation is driven by a
 * fake SpeechRecognition injected into the page (web/e2e/dictation-fallback.test.ts covers the
 * recording fallback).
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let ada: Page
let adaUser: NewUser
/** Ada's chat with the image (phones have no sidebar to click it in). */
let adaChatUrl: string

beforeAll(async () => {
  ;({
    e2e,
    fake,
    page: ada,
    user: adaUser,
  } = await withSignedInPage({
    fakeModels: ['fake-model'],
    env: { IMAGE_MODEL: 'fake-image-model' },
    user: newUser('Ada Lovelace'),
  }))
  fake.setImageScript({ image: gradientPng(448, 256) })
  await new ChatPage(ada).newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const dialog = (page: Page) => page.getByTestId('create-image-dialog')

async function openCreateImage(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('open-create-image').click()
  await dialog(page).waitFor()
}

async function expectAxeClean(page: Page, name: string) {
  const violations = await seriousA11yViolations(page)
  expect({ name, violations: describeViolations(violations) }).toEqual({ name, violations: '' })
}

/** The generated image in the chat, loaded (decoded with a width), without a caption. */
async function expectGeneratedImage(page: Page) {
  const image = page
    .locator('[data-testid="message"][data-role="assistant"] img[alt="Generated Image"]')
    .last()
  await image.waitFor()
  await page.waitForFunction(
    () => {
      const images = document.querySelectorAll<HTMLImageElement>('img[alt="Generated Image"]')
      const last = images[images.length - 1]
      return Boolean(last?.complete && last.naturalWidth > 0)
    },
    undefined,
    { timeout: 10_000 },
  )
  expect(await image.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/)
  // Same-origin: shown at once, not behind the remote-image guard; clicking opens it in a new tab.
  expect(await page.getByRole('button', { name: 'Load image' }).count()).toBe(0)
  const link = image.locator('xpath=ancestor::a[1]')
  expect(await link.getAttribute('target')).toBe('_blank')
  // 'Generated Image' is not shown as a caption.
  expect(await page.locator('[data-testid="message"]').last().innerText()).not.toContain('Generated Image')
}

describe('Create image', () => {
  test('the dialog: description, quick ideas, style, size, credits note; a blank description is refused', async () => {
    await openCreateImage(ada)
    const form = dialog(ada)
    await form.getByText('This will use AI image generation credits').waitFor()
    expect(await form.getByTestId('image-idea').count()).toBe(4)
    expect(await form.getByTestId('image-style').inputValue()).toBe('realistic')
    expect(await form.getByTestId('image-size').inputValue()).toBe('1024x1024')
    await screenshot(ada, 'images-dialog-1280-light')
    await expectAxeClean(ada, 'create image dialog 1280 light')
    await form.getByTestId('image-generate').click()
    await expectToast(ada, 'Please enter a description for the image')
    expect(fake.requests.some((request) => request.path === '/v1/images/generations')).toBe(false)
  })

  test('generating puts the request and the image into the chat', async () => {
    const form = dialog(ada)
    await form.getByTestId('image-idea').first().click()
    expect(await form.getByTestId('image-prompt').inputValue()).toBe('A futuristic city skyline at sunset')
    await form.getByTestId('image-style').selectOption('cartoon')
    await form.getByTestId('image-size').selectOption('1792x1024')
    await form.getByTestId('image-generate').click()
    await expectToast(ada, 'Image generated successfully!')
    await dialog(ada).waitFor({ state: 'detached' })
    await ada.getByText('Generate an image: A futuristic city skyline at sunset').waitFor()
    await ada
      .getByText('I\'ve generated an image based on your prompt: "A futuristic city skyline at sunset"')
      .waitFor()
    await expectGeneratedImage(ada)
    adaChatUrl = ada.url()
    const sent = fake.requests.filter((request) => request.path === '/v1/images/generations').at(-1)!
    expect(sent.body).toMatchObject({
      model: 'fake-image-model',
      prompt: 'A futuristic city skyline at sunset in a cartoon/animated style',
      size: '1792x1024',
    })
    await screenshot(ada, 'images-in-chat-1280-light')
  })

  test('the image is still there after a reload, once the provider URL has expired, and in another browser', async () => {
    fake.expireImageUrls()
    await ada.reload()
    await expectGeneratedImage(ada)
    const second = await e2e.signedInPage({ user: adaUser, existing: true })
    await second.getByTestId('chat-row').first().click()
    await expectGeneratedImage(second)
    await screenshot(second, 'images-second-browser-1280-light')
    await second.context().close()
  })

  test('Regenerate on the image answer draws a new image from the same prompt, style and size', async () => {
    const answers = ada.locator('[data-testid="message"][data-role="assistant"]')
    const before = await answers.count()
    const oldSrc = await answers.last().locator('img[alt="Generated Image"]').getAttribute('src')
    const imageCalls = () => fake.requests.filter((request) => request.path === '/v1/images/generations')
    const chatCalls = () => fake.requests.filter((request) => request.path === '/v1/chat/completions').length
    const calls = imageCalls().length
    const chats = chatCalls()
    await answers.last().hover()
    await answers.last().getByRole('button', { name: 'Regenerate', exact: true }).click()
    await ada.waitForFunction(
      (old) => {
        const images = document.querySelectorAll<HTMLImageElement>(
          '[data-testid="message"][data-role="assistant"] img[alt="Generated Image"]',
        )
        return images.length > 0 && images[images.length - 1]!.getAttribute('src') !== old
      },
      oldSrc,
      { timeout: 10_000 },
    )
    await expectGeneratedImage(ada)
    // The new image is a sibling shown in the old one's place (the old one is an arrow away); the
    // chat model was not asked.
    expect(await answers.count()).toBe(before)
    expect(await ada.locator(`img[src="${oldSrc}"]`).count()).toBe(0)
    expect(await answers.last().getByTestId('branch-position').innerText()).toBe('2 / 2')
    expect(imageCalls().length).toBe(calls + 1)
    expect(imageCalls().at(-1)!.body).toMatchObject({
      prompt: 'A futuristic city skyline at sunset in a cartoon/animated style',
      size: '1792x1024',
    })
    expect(chatCalls()).toBe(chats)
    await screenshot(ada, 'images-regenerated-1280-light')
  })

  test('a provider failure shows the failure toast and adds nothing to the chat', async () => {
    const before = await ada.getByTestId('message').count()
    fake.setImageScript({ fail: { status: 500, message: 'upstream exploded' } })
    await openCreateImage(ada)
    await dialog(ada).getByTestId('image-prompt').fill('A red bicycle')
    await dialog(ada).getByTestId('image-generate').click()
    await expectToast(ada, 'Failed to generate image')
    // The dialog stays open with the description, to try again.
    expect(await dialog(ada).getByTestId('image-prompt').inputValue()).toBe('A red bicycle')
    await screenshot(ada, 'images-failure-1280-light')
    expect(await ada.getByTestId('message').count()).toBe(before)
    fake.setImageScript({ image: gradientPng(448, 256) })
    await dialog(ada).getByRole('button', { name: 'Cancel' }).click()
    await dialog(ada).waitFor({ state: 'detached' })
  })

  test('the dialog passes axe in dark mode and on a phone', async () => {
    for (const [viewport, dark, name] of [
      [DESKTOP, true, '1280-dark'],
      [PHONE, false, '390-light'],
      [PHONE, true, '390-dark'],
    ] as const) {
      const page = await e2e.signedInPage({ user: adaUser, existing: true, viewport, dark })
      await page.goto(adaChatUrl)
      await expectGeneratedImage(page)
      await screenshot(page, `images-in-chat-${name}`)
      await openCreateImage(page)
      await screenshot(page, `images-dialog-${name}`)
      await expectAxeClean(page, `create image dialog ${name}`)
      await page.context().close()
    }
  })
})

/**
 * A stand-in for the browser's SpeechRecognition, driven from the test through
 * `window.__speech`: it records each start (the language and settings it was started with) and
 * lets the test emit interim and final results, errors and the end of a session.
 */
const FAKE_SPEECH = `
(() => {
  const speech = { starts: [], current: null }
  class FakeRecognition {
    constructor() { this.lang = ''; this.continuous = false; this.interimResults = false }
    start() {
      speech.starts.push({ lang: this.lang, continuous: this.continuous, interimResults: this.interimResults })
      speech.current = this
    }
    stop() { setTimeout(() => this.onend && this.onend(), 0) }
    abort() { this.stop() }
  }
  speech.say = (transcript, isFinal) => {
    const result = Object.assign([{ transcript }], { isFinal })
    speech.current.onresult({ resultIndex: 0, results: [result] })
  }
  speech.end = () => speech.current.onend()
  speech.fail = (error) => { speech.current.onerror({ error }); speech.current.onend() }
  window.SpeechRecognition = FakeRecognition
  window.webkitSpeechRecognition = FakeRecognition
  window.__speech = speech
})()
`

describe('Dictation with the browser’s speech recognition', () => {
  let page: Page
  let chat: ChatPage
  const starts = () =>
    page.evaluate(() => (window as unknown as { __speech: { starts: unknown[] } }).__speech.starts)
  const speech = (code: string) => page.evaluate(`window.__speech.${code}`)

  beforeAll(async () => {
    page = await e2e.signedInPage({ user: adaUser, existing: true, initScript: FAKE_SPEECH })
    chat = new ChatPage(page)
    await chat.newChat()
  })

  test('the microphone listens in en-US, previews interim words faintly and appends final text with a space', async () => {
    await chat.input().fill('Note:')
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    expect(await chat.input().getAttribute('placeholder')).toBe('Listening...')
    expect(await starts()).toEqual([{ lang: 'en-US', continuous: true, interimResults: true }])
    await speech(`say('buy milk', false)`)
    await page.getByTestId('dictation-interim').filter({ hasText: 'buy milk' }).waitFor()
    await screenshot(page, 'dictation-listening-1280-light')
    await expectAxeClean(page, 'dictation listening')
    await speech(`say('buy milk and eggs', true)`)
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement).value ===
        'Note: buy milk and eggs',
    )
    expect(await page.getByTestId('dictation-interim').count()).toBe(0)
  })

  test('a session that ends while on is restarted; pressing again stops', async () => {
    await speech('end()')
    expect((await starts()).length).toBe(2)
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="off"]').waitFor()
    expect(await chat.input().getAttribute('placeholder')).not.toBe('Listening...')
    expect((await starts()).length).toBe(2)
  })

  test('an error stops recording with "Speech recognition error: {error}"', async () => {
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    await speech(`fail('network')`)
    await expectToast(page, 'Speech recognition error: network')
    await page.locator('[data-testid="dictate"][data-state="off"]').waitFor()
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    await speech(`fail('not-allowed')`)
    await expectToast(page, 'Microphone access was blocked.')
  })

  test('the language follows the user’s: German dictates in de-DE', async () => {
    const german = await e2e.signedInPage({
      user: newUser('Grete Weber'),
      language: 'de',
      initScript: FAKE_SPEECH,
    })
    await german.getByRole('button', { name: 'Diktieren' }).click()
    await german.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    const lang = await german.evaluate(
      () => (window as unknown as { __speech: { starts: { lang: string }[] } }).__speech.starts[0]?.lang,
    )
    expect(lang).toBe('de-DE')
    await german.context().close()
  })

  test('with neither speech recognition nor recording: "Speech recognition is not supported in your browser"', async () => {
    const bare = await e2e.signedInPage({
      user: adaUser,
      existing: true,
      initScript:
        'delete window.SpeechRecognition; delete window.webkitSpeechRecognition; delete window.MediaRecorder',
    })
    await bare.getByTestId('dictate').click()
    await expectToast(bare, 'Speech recognition is not supported in your browser')
    await screenshot(bare, 'dictation-unsupported-1280-light')
    await bare.context().close()
  })
})
