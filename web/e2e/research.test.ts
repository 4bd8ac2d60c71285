import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type ResearchFakes, startResearchFakes } from '../../src/test/research'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  withSignedInPage,
} from './fixtures'
import { type NewUser, newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Deep research: Ada opens Deep Research from the '+' menu, is told to enter a topic when she
 * leaves it blank, picks a popular topic, sources and a depth, and starts; the request and the
 * live progress card appear in her chat and in her second tab, and the finished report cites its
 * sources with links. A second run is cancelled from the card; a third fails, is retried and then
 * regenerated (researched again in the same answer).
 */

setDefaultTimeout(90_000)

let e2e: E2E
let fakes: ResearchFakes
let ada: Page
let adaUser: NewUser

beforeAll(async () => {
  // The model, SearXNG, OpenAlex/arXiv and the pages, faked on 127.0.0.1 (src/test/research.ts).
  fakes = startResearchFakes()
  ;({
    e2e,
    page: ada,
    user: adaUser,
  } = await withSignedInPage({
    env: { ...fakes.env, OPENAI_MODELS: 'fake-model' },
    user: newUser('Ada Lovelace'),
  }))
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fakes?.close()
}, SETUP_TIMEOUT)

const dialog = (page: Page) => page.getByTestId('research-dialog')

async function openDeepResearch(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('open-deep-research').click()
  await dialog(page).waitFor()
}

describe('Deep research', () => {
  test('the dialog: topic, popular topics, sources, depths; a blank topic is refused', async () => {
    await openDeepResearch(ada)
    const form = dialog(ada)
    expect(await form.getByTestId('research-popular').count()).toBe(4)
    for (const label of ['Web Search', 'Academic Sources', 'Latest News', 'Statistics & Data']) {
      await form.getByText(label, { exact: true }).waitFor()
    }
    expect(await form.getByTestId('research-source-includeWeb').isChecked()).toBe(true)
    expect(await form.getByTestId('research-source-includeAcademic').isChecked()).toBe(false)
    expect(await form.getByTestId('research-source-includeNews').isChecked()).toBe(true)
    expect(await form.getByTestId('research-source-includeStats').isChecked()).toBe(false)
    expect(await form.getByTestId('research-depth-thorough').isChecked()).toBe(true)
    await form.getByText('Fast overview with key insights (2-3 minutes)').waitFor()
    await form.getByText('Detailed analysis with multiple perspectives (5-7 minutes)').waitFor()
    await form.getByText('Extensive research with citations (10+ minutes)').waitFor()
    await screenshot(ada, 'research-dialog-1280-light')
    await expectAxeClean(ada, 'deep research dialog 1280 light')
    await form.getByTestId('research-topic').fill('   ')
    await form.getByTestId('research-start').click()
    await expectToast(ada, 'Please enter a research topic')
    await form.getByTestId('research-popular').first().click()
    expect(await form.getByTestId('research-topic').inputValue()).toBe(
      'Latest developments in artificial intelligence',
    )
    await ada.keyboard.press('Escape')
    await dialog(ada).waitFor({ state: 'detached' })
  })

  test('the dialog on a phone, dark', async () => {
    const phone = await e2e.signedInPage({ user: adaUser, existing: true, viewport: PHONE, dark: true })
    await openDeepResearch(phone)
    await screenshot(phone, 'research-dialog-390-dark')
    await expectAxeClean(phone, 'deep research dialog 390 dark')
    await phone.close()
  })

  test('starting puts the request and a live progress card into a new chat, in every tab; the report cites its sources', async () => {
    // Slow enough to watch the steps go by (each answer arrives word by word).
    fakes.model.set({ chunkDelayMs: 120 })
    const phone = await e2e.signedInPage({ user: adaUser, existing: true, viewport: PHONE, dark: true })
    await openDeepResearch(ada)
    const form = dialog(ada)
    await form.getByTestId('research-topic').fill('Solar power adoption')
    await form.getByTestId('research-source-includeAcademic').check()
    await form.getByTestId('research-depth-quick').check()
    await form.getByTestId('research-start').click()
    await expectToast(ada, 'Research started! Check your chat for comprehensive results.')
    await dialog(ada).waitFor({ state: 'detached' })
    // A new chat was made for it (Ada had none) and is now current.
    await ada.waitForURL(/\/c\/[0-9a-f-]{36}$/)
    await ada.getByText('Deep research request: Solar power adoption').waitFor()
    const card = ada.getByTestId('research-progress')
    await card.waitFor()
    await card.getByText('Researching: Solar power adoption').waitFor()
    // The other device follows the same run live.
    await phone.goto(new URL(ada.url()).pathname)
    const phoneCard = phone.getByTestId('research-progress')
    await phoneCard.waitFor()
    await card
      .getByTestId('research-found')
      .filter({ hasText: /[1-9]\d* sources found/ })
      .waitFor()
    await phoneCard
      .getByTestId('research-found')
      .filter({ hasText: /[1-9]\d* sources found/ })
      .waitFor()
    expect(await card.getByTestId('research-round').innerText()).toBe('Round 1 of 1')
    // While the run goes on the composer stays free: Send, not Stop.
    expect(await ada.getByTestId('stop').count()).toBe(0)
    await screenshot(ada, 'research-progress-1280-light')
    await screenshot(phone, 'research-progress-390-dark')
    await expectAxeClean(ada, 'research progress 1280 light')
    await expectAxeClean(phone, 'research progress 390 dark')
    // The report is streamed under the card while it is written.
    await ada.locator('[data-testid="research-progress"][data-step="writing"]').waitFor({ timeout: 60_000 })
    await ada.getByTestId('research-step').filter({ hasText: 'Writing the report' }).waitFor()
    await screenshot(ada, 'research-writing-1280-light')
    // The report: the spec's sections, citations linking to the numbered sources.
    const report = ada.locator('[data-testid="message"][data-role="assistant"][data-status="complete"]')
    await report.waitFor({ timeout: 60_000 })
    await report.getByRole('heading', { name: 'Overview' }).waitFor()
    const citation = report.getByTestId('citation').filter({ hasText: '[1]' }).first()
    expect(await citation.innerText()).toBe('[1]')
    const href = await citation.getAttribute('href')
    expect(href).toStartWith(fakes.pages.url('/article/'))
    expect(await citation.getAttribute('target')).toBe('_blank')
    await report.getByRole('heading', { name: 'Sources' }).waitFor()
    expect(await ada.getByTestId('research-progress').count()).toBe(0)
    // Under the report, the tokens and cost the run was charged: a quick run on the fake model is
    // three calls of 1,000 + 200 tokens at $1/$2 per million.
    const usage = report.getByTestId('research-usage')
    await usage.waitFor()
    expect(await usage.innerText()).toBe('3,600 tokens · $0.0042')
    await phone
      .locator('[data-testid="message"][data-role="assistant"][data-status="complete"]')
      .getByRole('heading', { name: 'Overview' })
      .waitFor()
    await report.getByRole('heading', { name: 'Sources' }).scrollIntoViewIfNeeded()
    await screenshot(ada, 'research-report-1280-light')
    await screenshot(phone, 'research-report-390-dark')
    await expectAxeClean(ada, 'research report 1280 light')
    await expectAxeClean(phone, 'research report 390 dark')
    await phone.close()
  })

  test('a run is cancelled from its card and can be run again', async () => {
    fakes.model.set({ chunkDelayMs: 250 })
    await openDeepResearch(ada)
    await dialog(ada).getByTestId('research-topic').fill('Wind power')
    await dialog(ada).getByTestId('research-depth-quick').check()
    await dialog(ada).getByTestId('research-start').click()
    await dialog(ada).waitFor({ state: 'detached' })
    // Into the current chat, under the first report.
    await ada.getByText('Deep research request: Wind power').waitFor()
    const card = ada.getByTestId('research-progress')
    await card.getByText('Researching: Wind power').waitFor()
    await card.getByTestId('research-cancel').click()
    const stopped = ada.locator('[data-testid="message"][data-role="assistant"][data-status="stopped"]')
    // The job sees the cancel at its next check, after the model call in flight (250 ms a chunk):
    // under a loaded machine that took past 15 s once.
    await stopped.waitFor({ timeout: 45_000 })
    await stopped.getByTestId('research-cancelled').waitFor()
    expect(await ada.getByTestId('research-progress').count()).toBe(0)
    // Leaving and coming back reads the run from the server.
    await ada.reload()
    await stopped.getByTestId('research-cancelled').waitFor()
    await screenshot(ada, 'research-cancelled-1280-light')
    fakes.model.set({ chunkDelayMs: 0 })
    await stopped.getByTestId('research-retry').click()
    // The same answer is written again, from the run's saved state, to the end.
    const rerun = ada.locator('[data-testid="message"][data-role="assistant"]').last()
    await rerun.and(ada.locator('[data-status="complete"]')).waitFor({ timeout: 60_000 })
    await rerun.getByRole('heading', { name: 'Overview' }).waitFor()
    expect(await ada.locator('[data-testid="message"][data-role="assistant"]').count()).toBe(2)
  })

  // The retry's events reach the socket before its HTTP answer: the late answer must not empty
  // the finished report again (it did, one run in three: decision 126).
  test('the model failing while writing keeps the findings, marks the answer failed and offers Retry; Regenerate researches again', async () => {
    fakes.model.set({ overrides: { report: { fail: { status: 500, message: 'The fake model broke' } } } })
    await openDeepResearch(ada)
    await dialog(ada).getByTestId('research-topic').fill('Tidal power')
    await dialog(ada).getByTestId('research-depth-quick').check()
    await dialog(ada).getByTestId('research-start').click()
    await dialog(ada).waitFor({ state: 'detached' })
    const failed = ada.locator('[data-testid="message"][data-role="assistant"][data-status="failed"]').last()
    await failed.waitFor({ timeout: 60_000 })
    // The findings gathered so far, read again from the server (the event carries no text).
    await failed.getByRole('heading', { name: 'Key Findings' }).waitFor()
    await failed.getByText('Failed to conduct research').waitFor()
    await failed.getByText('The findings gathered so far are kept above.').waitFor()
    await failed.getByTestId('research-retry').waitFor()
    // A failed research answer is retried as research (its own Retry), not regenerated.
    expect(await failed.getByRole('button', { name: 'Regenerate' }).count()).toBe(0)
    expect(await failed.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(0)
    await failed.getByTestId('research-retry').scrollIntoViewIfNeeded()
    await screenshot(ada, 'research-failed-1280-light')
    await expectAxeClean(ada, 'research failed 1280 light')
    fakes.model.set({})
    await failed.getByTestId('research-retry').click()
    const rerun = ada.locator('[data-testid="message"][data-role="assistant"]').last()
    await rerun.and(ada.locator('[data-status="complete"]')).waitFor({ timeout: 60_000 })
    await rerun.getByRole('heading', { name: 'Trends' }).waitFor()

    // Regenerate under the finished report researches the topic again, from a new plan, in a new
    // answer shown in the old one's place (its sibling, docs/decisions/158): the card, then the report.
    fakes.model.set({ chunkDelayMs: 60 })
    const callsBefore = fakes.model.calls.length
    await rerun.getByRole('button', { name: 'Regenerate', exact: true }).click()
    const card = rerun.getByTestId('research-progress')
    await card.getByText('Researching: Tidal power').waitFor()
    await rerun.and(ada.locator('[data-status="complete"]')).waitFor({ timeout: 60_000 })
    await rerun.getByRole('heading', { name: 'Overview' }).waitFor()
    expect(await card.count()).toBe(0)
    expect(fakes.model.calls.slice(callsBefore)).toEqual(['plan', 'extract', 'report'])
    expect(await ada.getByText('Deep research request: Tidal power').count()).toBe(1)
    expect(await ada.locator('[data-testid="message"][data-role="assistant"]').count()).toBe(3)
    expect(await rerun.getByTestId('branch-position').innerText()).toBe('2 / 2')
    fakes.model.set({})
  })
})

describe('without a search backend (issue 26)', () => {
  let bare: E2E | undefined
  let page: Page
  beforeAll(async () => {
    ;({ e2e: bare, page } = await withSignedInPage({
      env: { ...fakes.env, SEARXNG_URL: '', OPENAI_MODELS: 'fake-model' },
      user: newUser('Grace Hopper'),
    }))
  }, SETUP_TIMEOUT)
  afterAll(async () => {
    await bare?.close()
  }, SETUP_TIMEOUT)

  test('Web Search, Latest News and Statistics are unticked and cannot be ticked, with the reason; a run asks only for what can be searched', async () => {
    await openDeepResearch(page)
    const form = dialog(page)
    await form.getByTestId('research-sources-unavailable').waitFor()
    for (const key of ['includeWeb', 'includeNews', 'includeStats']) {
      const box = form.getByTestId(`research-source-${key}`)
      expect(await box.isChecked()).toBe(false)
      expect(await box.isDisabled()).toBe(true)
    }
    expect(await form.getByTestId('research-source-includeAcademic').isDisabled()).toBe(false)
    await form
      .getByText(
        'Web Search, Latest News and Statistics & Data need a search backend, and none is set up on this server. Ask your administrator to add one.',
      )
      .waitFor()
    // The reason is tied to each disabled box for screen readers too.
    const described = await form.getByTestId('research-source-includeWeb').getAttribute('aria-describedby')
    expect(await page.locator(`[id="${described}"]`).innerText()).toContain('need a search backend')
    await form.getByTestId('research-source-includeWeb').click({ force: true })
    expect(await form.getByTestId('research-source-includeWeb').isChecked()).toBe(false)

    await form.getByTestId('research-topic').fill('Solar power adoption')
    await form.getByTestId('research-source-includeAcademic').check()
    await form.getByTestId('research-depth-quick').check()
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/research',
    )
    await form.getByTestId('research-start').click()
    expect((await sent).postDataJSON()).toMatchObject({
      includeWeb: false,
      includeAcademic: true,
      includeNews: false,
      includeStats: false,
    })
    await expectToast(page, 'Research started! Check your chat for comprehensive results.')
  })

  test('the dialog in English and French, 1280 and 390, light and dark', async () => {
    for (const locale of ['en', 'fr'] as const) {
      await page.request.patch('/api/profile', {
        headers: { origin: bare!.url },
        data: { preferred_language: locale },
      })
      await page.reload()
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      await inEveryLook(page, async (look) => {
        const name = `${locale}-${look}`
        await openDeepResearch(page)
        await dialog(page).getByTestId('research-sources-unavailable').waitFor()
        await screenshot(page, `research-no-backend-${name}`)
        await expectAxeClean(page, `deep research without a backend ${name}`)
        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })
      })
    }
  })
})

describe('what the server writes, in the reader’s language (issue 26, decision 150)', () => {
  test('a report’s note and a failed answer’s reason read in French (and in English after switching), at 1280 and 390, light and dark', async () => {
    const page = await e2e.signedInPage({ user: newUser('Marie Curie'), language: 'fr' })
    const chat = new ChatPage(page)
    await chat.newChat()
    // A plain answer the provider refuses: its reason is worded in French around the provider's own words.
    fakes.openai.setScript({ fail: { status: 429, message: 'Rate limit reached' } })
    await chat.send('Bonjour')
    // The first failed answer of the chat (the report’s, added below, is the last).
    const refused = page
      .locator('[data-testid="message"][data-role="assistant"][data-status="failed"]')
      .first()
    await refused.waitFor()
    expect(await refused.getByTestId('failure-reason').innerText()).toBe(
      'Le fournisseur d’IA a répondu 429\u00a0: Rate limit reached',
    )
    fakes.openai.setScript({})
    // A research run whose web search fails and whose report cannot be written.
    fakes.searxng.setMode('fail')
    fakes.model.set({ overrides: { report: { fail: { status: 500, message: 'The fake model broke' } } } })
    try {
      await openDeepResearch(page)
      await dialog(page).getByTestId('research-topic').fill('Énergie marémotrice')
      await dialog(page).getByTestId('research-source-includeAcademic').check()
      await dialog(page).getByTestId('research-depth-quick').check()
      await dialog(page).getByTestId('research-start').click()
      await dialog(page).waitFor({ state: 'detached' })
      const failed = page
        .locator('[data-testid="message"][data-role="assistant"][data-status="failed"]')
        .last()
      await failed.getByTestId('research-retry').waitFor({ timeout: 60_000 })
      const note = failed.locator('[data-testid="message-note"][data-note="web_search_failed"]')
      expect(await note.innerText()).toBe('La recherche web n’a pas répondu\u00a0; ses résultats manquent')
      expect(await failed.getByTestId('failure-reason').innerText()).toBe(
        'Le fournisseur d’IA a répondu 500\u00a0: The fake model broke',
      )
      // The note is no longer written into the report's text in English.
      expect(await failed.innerText()).not.toContain('The web search did not answer')
      await failed.getByText('Impossible de mener la recherche').waitFor()

      for (const locale of ['fr', 'en'] as const) {
        if (locale === 'en') {
          await page.request.patch('/api/profile', {
            headers: { origin: e2e.url },
            data: { preferred_language: 'en' },
          })
          await page.reload()
          await page.waitForFunction(() => document.documentElement.lang === 'en')
          await note.waitFor()
          expect(await note.innerText()).toBe('The web search did not answer; its results are missing')
          expect(await failed.getByTestId('failure-reason').innerText()).toBe(
            'The AI provider answered 500: The fake model broke',
          )
          expect(await refused.getByTestId('failure-reason').innerText()).toBe(
            'The AI provider answered 429: Rate limit reached',
          )
        }
        await inEveryLook(page, async (look) => {
          await note.scrollIntoViewIfNeeded()
          await screenshot(page, `server-texts-note-${locale}-${look}`)
          await failed.getByTestId('research-retry').scrollIntoViewIfNeeded()
          await screenshot(page, `server-texts-reason-${locale}-${look}`)
        })
      }
      await expectAxeClean(page, 'server-written texts')
    } finally {
      fakes.searxng.setMode('ok')
      fakes.model.set({})
      await page.context().close()
    }
  })
})
