import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CDPSession, Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  startE2E,
} from './fixtures'
import { newUser } from './new-user'
import { AttachmentsPanel } from './pages/attachments'
import { expectToast } from './pages/toasts'
import { signUpSpeaking } from './session'
import { pdf, photo, textFile } from './test-files'

const MAX_BYTES = 256 * 1024
/** 'fake-model' (listed first, so everyone's model) cannot see images; 'gpt-4o-mini' can (decision 143). */
const fake: FakeOpenAi = startFakeOpenAi({ models: ['fake-model', 'gpt-4o-mini'] })
let e2e: E2E

beforeAll(async () => {
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test-key',
    UPLOAD_MAX_FILE_BYTES: String(MAX_BYTES),
    UPLOAD_MAX_FILES: '4',
    // Each test signs a new person up: more than the default 10 a minute from one address.
    RATE_LIMIT_SIGNUP_PER_IP: '100',
  })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake.close()
})

/** A new person with one empty chat open, the composer ready. */
async function openChat(options: { viewport?: { width: number; height: number }; dark?: boolean } = {}) {
  const page = await e2e.signedInPage(options)
  await page.getByTestId('welcome-new-chat').click()
  await page.waitForURL(/\/c\//)
  const panel = new AttachmentsPanel(page)
  await panel.textarea().waitFor()
  return { page, panel }
}

/** Slows the page's uploads to about `bytesPerSecond` (Chromium's network emulation). */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
  return cdp
}

describe('attaching files in the composer', () => {
  test('files attach by picker, paste and drop; previews show name, size and upload progress', async () => {
    const { page, panel } = await openChat()
    // The picker only offers what the spec accepts, several at once.
    const input = page.getByTestId('attachment-input')
    expect(await input.getAttribute('accept')).toBe('image/*,text/*,.pdf,.docx,.txt,.md')
    expect(await input.getAttribute('multiple')).not.toBeNull()

    const cdp = await throttleUploads(page, 100 * 1024)
    const big = photo('slow.png', 150_000)
    await panel.pick([big, pdf('report.pdf')])
    const progress = panel.preview('slow.png').getByRole('progressbar')
    await progress.waitFor()
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('[data-testid="composer-attachment"] [role="progressbar"]')
        const now = Number(bar?.getAttribute('aria-valuenow'))
        return now > 0 && now < 100
      },
      undefined,
      { timeout: 10_000 },
    )
    // While a file uploads the send waits for it, even with text typed.
    await panel.textarea().fill('Here you go')
    expect(await panel.sendButton().isDisabled()).toBe(true)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await panel.waitForUploads()
    expect(await panel.sendButton().isDisabled()).toBe(false)

    // The picker was reset, so the same file can be chosen again.
    expect(await input.evaluate((element) => (element as HTMLInputElement).value)).toBe('')

    await panel.paste([textFile('notes.md', '# Notes\n- first point')])
    await panel.dragOver([photo('dropped.png')])
    await panel.dropZone().getByText('Drop files here to attach').waitFor()
    await panel.drop()
    await panel.waitForUploads()
    expect(await panel.dropZone().getByText('Drop files here to attach').count()).toBe(0)

    expect(await panel.statuses()).toEqual({
      'slow.png': 'ready',
      'report.pdf': 'ready',
      'notes.md': 'ready',
      'dropped.png': 'ready',
    })
    // Images as 128 px thumbnails with name and size; others with their extension and size.
    const thumb = panel.preview('slow.png').locator('img')
    expect(await thumb.evaluate((img) => [img.clientWidth, img.clientHeight])).toEqual([128, 128])
    expect(await panel.preview('slow.png').textContent()).toContain(sizeOf(big.buffer.length))
    expect(await panel.preview('report.pdf').textContent()).toContain('PDF ·')
    expect(await panel.preview('notes.md').textContent()).toContain('MD · 21 Bytes')
  }, 60_000)

  test('remove takes a file out by position; the limits and the server’s refusals show on the file', async () => {
    const { page, panel } = await openChat()
    await panel.pick([photo('keep.png'), textFile('drop-me.txt', 'bye')])
    await panel.waitForUploads()
    await panel.preview('drop-me.txt').getByRole('button', { name: 'Remove drop-me.txt' }).click()
    expect(Object.keys(await panel.statuses())).toEqual(['keep.png'])

    // Over the configured size: refused before a byte is sent, with the server's wording.
    await panel.pick([photo('huge.png', MAX_BYTES)])
    await panel.preview('huge.png').getByText('File is too large (max 256 KB)').waitFor()
    // A PDF that is really a PNG: the server's 415 message.
    await panel.pick([{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: photo().buffer }])
    await panel.waitForUploads()
    expect(await panel.preview('fake.pdf').getByRole('alert').textContent()).toContain(
      "The file's contents do not match its type",
    )
    // Four files are the limit: of two more, the one that fits is taken, the other refused.
    await panel.pick([textFile('four.txt', '4'), textFile('five.txt', '5')])
    await expectToast(page, 'Too many files (max 4)')
    await panel.waitForUploads()
    expect(Object.keys(await panel.statuses())).toEqual(['keep.png', 'huge.png', 'fake.pdf', 'four.txt'])

    // Failed files are not sent: keep.png and four.txt go with the message.
    await panel.textarea().fill('Only the good ones')
    await panel.sendButton().click()
    await panel.lastUserMessage().getByRole('button', { name: 'Open keep.png' }).waitFor()
    await panel.lastUserMessage().getByTestId('attachment-card').filter({ hasText: 'four.txt' }).waitFor()
    expect(await panel.lastUserMessage().getByRole('listitem').count()).toBe(2)
    expect(await panel.previews().count()).toBe(0)
  }, 60_000)
})

describe('a message with files', () => {
  test('send with blank text: the marker is hidden, the image is a thumbnail and the PDF a card', async () => {
    const { page, panel } = await openChat()
    expect(await panel.textarea().getAttribute('placeholder')).toBe('What would you like to know?')
    await panel.pick([photo('chart.png'), pdf('q3.pdf')])
    await panel.waitForUploads()
    expect(await panel.sendButton().isDisabled()).toBe(false)
    await panel.sendButton().click()

    const message = panel.lastUserMessage()
    await message.getByTestId('message-attachments').waitFor()
    expect(await message.textContent()).not.toContain('[Files attached')
    await message.getByRole('img', { name: 'chart.png' }).waitFor()
    const card = message.getByTestId('attachment-card')
    expect(await card.textContent()).toContain('PDF')
    expect(await card.textContent()).toContain('q3.pdf')
    expect(await panel.previews().count()).toBe(0)

    // The model was asked with the files' content.
    await page.waitForFunction(() => document.querySelectorAll('[data-role="assistant"]').length > 0)
    const request = JSON.stringify(fake.completions().at(-1)?.body)
    expect(request).toContain('--- File: q3.pdf ---')
    expect(request).toContain('Revenue grew 12%')
    expect(request).toContain('[Files attached: chart.png, q3.pdf]')

    // The files survive a reload (loaded from the message's attachments).
    await page.reload()
    await panel.lastUserMessage().getByTestId('attachment-card').waitFor()
  }, 60_000)

  test('the preview opens the image, rotates it, downloads it and closes on Escape', async () => {
    const { page, panel } = await openChat()
    await panel.pick([photo('turn-me.png'), pdf('doc.pdf')])
    await panel.waitForUploads()
    await panel.textarea().fill('Look')
    await panel.sendButton().click()
    await panel.lastUserMessage().getByRole('button', { name: 'Open turn-me.png' }).click()
    const dialog = panel.previewDialog()
    await dialog.getByText('Click outside or press Escape to close').waitFor()
    // Remove is only for files still in the composer.
    expect(await dialog.getByRole('button', { name: 'Remove' }).count()).toBe(0)
    const image = dialog.getByRole('img', { name: 'turn-me.png' })
    await dialog.getByRole('button', { name: 'Rotate' }).click()
    expect(await image.getAttribute('data-rotation')).toBe('90')
    await dialog.getByRole('button', { name: 'Rotate' }).click()
    expect(await image.getAttribute('data-rotation')).toBe('180')

    const download = page.waitForEvent('download')
    await dialog.getByRole('link', { name: 'Download' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('turn-me.png')
    const saved = await Bun.file((await file.path()) ?? '').bytes()
    expect(saved.length).toBe(photo().buffer.length)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // The PDF card's download link fetches the file as an attachment.
    const pdfDownload = page.waitForEvent('download')
    await panel.lastUserMessage().getByRole('link', { name: 'Download doc.pdf' }).click()
    expect((await pdfDownload).suggestedFilename()).toBe('doc.pdf')
  }, 60_000)

  test('a file in the composer can be previewed and removed from the preview', async () => {
    const { panel } = await openChat()
    await panel.pick([textFile('draft.md', '# Draft\nHello there')])
    await panel.waitForUploads()
    await panel
      .preview('draft.md')
      .getByRole('button', { name: /^Preview .*draft\.md/ })
      .click()
    const dialog = panel.previewDialog()
    // The text is fetched after the dialog opens: wait for it rather than read it once.
    await dialog.getByTestId('text-preview').filter({ hasText: 'Hello there' }).waitFor()
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await panel.previews().count()).toBe(0)
  }, 60_000)
})

describe('an image for a model that cannot see images', () => {
  const assistant = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last()

  test('the composer says so before sending and offers the models that can: one click switches', async () => {
    const { page, panel } = await openChat()
    const dropdown = page.getByTestId('model-dropdown')
    await dropdown.filter({ hasText: 'fake-model' }).waitFor()
    // Text alone: nothing to warn about.
    await panel.textarea().fill('What does this chart show?')
    expect(await page.getByTestId('vision-warning').count()).toBe(0)
    await panel.pick([photo('chart.png')])
    const warning = page.getByTestId('vision-warning')
    await warning.waitFor()
    expect(await warning.innerText()).toContain(
      'fake-model cannot see images. It would get only the image’s file name, not the picture.',
    )
    expect(await warning.innerText()).toContain('Switch to a model that can see images:')
    // Only the models that see images are offered.
    expect(await warning.getByTestId('vision-model').allInnerTexts()).toEqual(['gpt-4o-mini'])
    await warning.getByRole('button', { name: 'gpt-4o-mini' }).click()
    await warning.waitFor({ state: 'detached' })
    await dropdown.filter({ hasText: 'gpt-4o-mini' }).waitFor()
    // The menu says which models see images.
    await dropdown.click()
    const options = page.getByTestId('model-option')
    expect(await options.filter({ hasText: 'gpt-4o-mini' }).innerText()).toContain('Can see images')
    expect(await options.filter({ hasText: 'fake-model' }).innerText()).not.toContain('Can see images')
    await page.keyboard.press('Escape')

    await panel.waitForUploads()
    await panel.sendButton().click()
    await assistant(page).and(page.locator('[data-status="complete"]')).waitFor()
    const request = fake.completions().at(-1)?.body
    expect(request?.model).toBe('gpt-4o-mini')
    expect(JSON.stringify(request)).toContain('image_url')
    expect(await page.getByTestId('message-note').count()).toBe(0)
  }, 60_000)

  test('sent anyway, the reply says which images the model did not see, after a reload too', async () => {
    const { page, panel } = await openChat()
    await panel.pick([photo('chart.png'), photo('map.png')])
    const warning = page.getByTestId('vision-warning')
    await warning.waitFor()
    expect(await warning.innerText()).toContain('It would get only the images’ file names, not the pictures.')
    await panel.waitForUploads()
    await panel.sendButton().click()
    const note = assistant(page).getByTestId('message-note')
    await note.waitFor()
    const expected =
      'The model did not see chart.png and map.png: it cannot see images and got only the file names.'
    expect(await note.innerText()).toBe(expected)
    // The note comes with the reply's start, before the model is asked: wait for the answer.
    await assistant(page).and(page.locator('[data-status="complete"]')).waitFor()
    // The model was told the names, and the composer has nothing left to warn about.
    expect(JSON.stringify(fake.completions().at(-1)?.body)).toContain(
      '[Image attached: chart.png — this model cannot see images]',
    )
    expect(await warning.count()).toBe(0)
    await page.reload()
    await note.waitFor()
    expect(await note.innerText()).toBe(expected)
  }, 60_000)

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      for (const locale of ['en', 'fr']) {
        test(`the warning and the note in ${locale}, ${dark ? 'dark' : 'light'}, on ${label}`, async () => {
          const context = await e2e.newContext({ viewport, dark })
          await signUpSpeaking(context, e2e.url, newUser(), locale)
          const page = await context.newPage()
          await page.goto('/')
          await page.getByTestId('welcome-new-chat').click()
          await page.waitForURL(/\/c\//)
          const name = `vision-${locale}-${label}-${dark ? 'dark' : 'light'}`
          await page.getByTestId('attachment-input').setInputFiles([photo('chart.png')])
          const warning = page.getByTestId('vision-warning')
          await warning.waitFor()
          if (locale === 'fr') {
            expect(await warning.innerText()).toContain('fake-model ne peut pas voir les images.')
          }
          await new AttachmentsPanel(page).waitForUploads()
          expect(describeViolations(await seriousA11yViolations(page))).toBe('')
          await screenshot(page, `${name}-warning`)
          await page.getByTestId('send').click()
          const note = assistant(page).getByTestId('message-note')
          await note.waitFor()
          if (locale === 'fr') {
            expect(await note.innerText()).toBe(
              'Le modèle n’a pas vu chart.png\u00a0: il ne peut pas voir les images et n’a reçu que le nom du fichier.',
            )
          }
          await assistant(page).and(page.locator('[data-status="complete"]')).waitFor()
          expect(describeViolations(await seriousA11yViolations(page))).toBe('')
          await screenshot(page, `${name}-note`)
          await page.getByTestId('model-dropdown').click()
          await page.getByTestId('model-option').first().waitFor()
          await screenshot(page, `${name}-model-menu`)
          await context.close()
        }, 90_000)
      }
    }
  }
})

describe('looks', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      test(`composer, message and preview in ${dark ? 'dark' : 'light'} on ${label} are axe-clean`, async () => {
        const { page, panel } = await openChat({ viewport, dark })
        const theme = `${label}-${dark ? 'dark' : 'light'}`
        await panel.pick([photo('sunset.png'), pdf('report.pdf')])
        await panel.waitForUploads()
        await panel.textarea().fill('What do these show?')
        const violations = await seriousA11yViolations(page)
        expect(describeViolations(violations)).toBe('')
        await screenshot(page, `attachments-composer-${theme}`)

        await panel.dragOver([photo('dragged.png')])
        await screenshot(page, `attachments-dragging-${theme}`)
        await panel.dragLeave()

        await panel.sendButton().click()
        await panel.lastUserMessage().getByTestId('attachment-card').waitFor()
        await page.waitForFunction(() => document.querySelectorAll('[data-role="assistant"]').length > 0)
        expect(describeViolations(await seriousA11yViolations(page))).toBe('')
        await screenshot(page, `attachments-message-${theme}`)

        await panel.lastUserMessage().getByRole('button', { name: 'Open sunset.png' }).click()
        await panel.previewDialog().getByRole('button', { name: 'Rotate' }).click()
        expect(describeViolations(await seriousA11yViolations(page))).toBe('')
        await screenshot(page, `attachments-preview-${theme}`)
        await page.close()
      }, 60_000)
    }
  }
})

function sizeOf(bytes: number) {
  return `${Number((bytes / 1024).toFixed(2))} KB`
}
