import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales'
import { expectNoEnglish, say } from './english-leftovers'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  SETUP_TIMEOUT,
  screenshot,
  startE2E,
} from './fixtures'
import { newUser } from './new-user'

/*
 * Issue 27 in six languages: a chat with two versions of an answer ('‹ 2 / 2 ›'), Regenerate's
 * model menu and a message opened for editing read in the person's language, with no English left
 * and axe clean; German in light and dark, 1280 and 390 wide. One person and one page per language.
 */

setDefaultTimeout(120_000)

/** Shown in every look: German, whose words run longest of the six. */
const PICTURED: Locale = 'de'

let e2e: E2E
let fake: FakeOpenAi

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
  e2e = await startE2E({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODELS: 'fake-model,fake-model-large',
    // Six people signed up in a row, one per language.
    RATE_LIMIT_SIGNUP_PER_IP: '100',
  })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const answers = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]')
const questions = (page: Page) => page.locator('[data-testid="message"][data-role="user"]')

/** Waits until the last answer reads `text` and nothing streams any more. */
async function answered(page: Page, text: string) {
  await answers(page).last().filter({ hasText: text }).waitFor()
  await page.locator('[data-testid="message"][data-status="streaming"]').waitFor({ state: 'detached' })
}

/** The screen as it rests, checked: no English, axe clean; in every look for the pictured language. */
async function check(page: Page, locale: Locale, screen: string, before?: () => Promise<void>) {
  await expectNoEnglish(page, locale, screen)
  await expectAxeClean(page, `${screen} (${locale})`)
  if (locale !== PICTURED) return
  await inEveryLook(page, async (look) => {
    await before?.()
    await screenshot(page, `branches-${locale}-${screen}-${look}`)
  })
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({ colorScheme: 'light' })
  await before?.()
}

for (const locale of LOCALES) {
  describe(`${LOCALE_NAMES[locale]} (${locale})`, () => {
    test('the branch arrows, Regenerate’s menu and the editor', async () => {
      const page = await e2e.signedInPage({ user: newUser(`Tree ${locale}`), language: locale })
      await page.getByTestId('welcome-new-chat').click()
      await page.waitForURL(/\/c\//)
      fake.queueScript({ reply: 'Blue.' })
      const input = page.getByTestId('composer').locator('textarea')
      await input.fill('Name a colour')
      await input.press('Enter')
      await answered(page, 'Blue.')

      // Streamed in pieces, as branches.test.ts does, so the 202 comes back before the answer ends:
      // this suite is about words. (A one-piece reply is the harder case for the cache: its events
      // can beat the 202, which once counted the new answer twice, '2 / 3'.)
      fake.queueScript({ chunks: ['Gre', 'en.'], chunkDelayMs: 150 })
      await answers(page)
        .last()
        .getByRole('button', { name: say(locale, 'chat.reply.regenerate'), exact: true })
        .click()
      await answered(page, 'Green.')
      const position = answers(page).last().getByTestId('branch-position')
      expect(await position.innerText()).toBe(
        say(locale, 'chat.branch.position', { current: '2', total: '2' }),
      )
      await check(page, locale, 'arrows')

      // Regenerate's model menu; at phone width it opens again after each resize.
      const openMenu = async () => {
        if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape')
        await page.getByRole('menu').waitFor({ state: 'detached' })
        await answers(page).last().getByTestId('regenerate-with').click()
        await page.getByRole('menu').waitFor()
      }
      await openMenu()
      expect(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual([
        'fake-model',
        'fake-model-large',
      ])
      await check(page, locale, 'regenerate-menu', openMenu)
      await page.keyboard.press('Escape')
      await page.getByRole('menu').waitFor({ state: 'detached' })

      await questions(page)
        .last()
        .getByRole('button', { name: say(locale, 'chat.edit.open') })
        .click()
      const editor = page.getByTestId('message-editor')
      await editor.getByRole('textbox', { name: say(locale, 'chat.edit.text') }).waitFor()
      expect(await editor.getByRole('button', { name: say(locale, 'chat.edit.save') }).isEnabled()).toBe(true)
      await check(page, locale, 'editor')
      await page.keyboard.press('Escape')
      await editor.waitFor({ state: 'detached' })
      await page.context().close()
    })
  })
}
