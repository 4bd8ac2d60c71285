import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { type E2E, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Dictation where the browser has no speech recognition (Firefox): the composer records the
 * microphone with MediaRecorder and sends the recording to POST /api/transcribe, which forwards it
 * to the fake transcription endpoint. Chromium's fake microphone (a beep) stands in for a person,
 * and its fake permission prompt says yes. The same server has no image model, so the Create Image
 * dialog's 'not set up' note is checked here too.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let chat: ChatPage

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  e2e = await startE2E(
    // No image model here: the Create Image dialog says so instead of failing (last test).
    { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'fake-model', IMAGE_MODEL: '' },
    { chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
  )
  page = await e2e.signedInPage({
    user: newUser('Flo Firefox'),
    initScript: 'delete window.SpeechRecognition; delete window.webkitSpeechRecognition',
  })
  chat = new ChatPage(page)
  await chat.newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

describe('Dictation by recording, without speech recognition', () => {
  test('the recording is transcribed by the server and appended with a space', async () => {
    fake.setTranscriptionScript({ text: 'book the meeting room for Friday' })
    await chat.input().fill('Reminder:')
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    expect(await chat.input().getAttribute('placeholder')).toBe('Listening...')
    // Record for a moment: the recorder has something to hand over once stopped.
    await page.waitForTimeout(800)
    await screenshot(page, 'dictation-recording-1280-light')
    await page.getByTestId('dictate').click()
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement).value ===
        'Reminder: book the meeting room for Friday',
    )
    await page.locator('[data-testid="dictate"][data-state="off"]').waitFor()
    const upload = fake.uploads.at(-1)!
    expect(upload.model).toBe('whisper-1')
    expect(upload.filename).toBe('recording.webm')
    expect(upload.size).toBeGreaterThan(0)
  })

  test('a transcription failure is shown and the text is left as it was', async () => {
    fake.setTranscriptionScript({ fail: { status: 500 } })
    await chat.input().fill('Keep me')
    await page.getByTestId('dictate').click()
    await page.locator('[data-testid="dictate"][data-state="listening"]').waitFor()
    await page.waitForTimeout(500)
    await page.getByTestId('dictate').click()
    await expectToast(page, 'Failed to transcribe the recording')
    expect(await chat.input().inputValue()).toBe('Keep me')
  })

  test('a refused microphone gets a clear message', async () => {
    const refused = await e2e.signedInPage({
      user: newUser('Nia Nomic'),
      initScript: `
      delete window.SpeechRecognition; delete window.webkitSpeechRecognition;
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    `,
    })
    const context = refused.context()
    await refused.getByTestId('dictate').click()
    await expectToast(refused, 'Microphone access was blocked.')
    await screenshot(refused, 'dictation-permission-refused-1280-light')
    await context.close()
  })
})

describe('Create image on a server without an image model', () => {
  test('the dialog says image generation is not set up and Generate is off', async () => {
    await page.getByTestId('composer-more').click()
    await page.getByTestId('open-create-image').click()
    const dialog = page.getByTestId('create-image-dialog')
    await dialog.getByTestId('image-unavailable').waitFor()
    expect(await dialog.getByTestId('image-generate').isDisabled()).toBe(true)
    await screenshot(page, 'images-unavailable-1280-light')
  })
})
