import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type E2E, SETUP_TIMEOUT, screenshot, withSignedInPage } from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Without an embeddings provider the knowledge base still works by words, and the panel says so.
 * (Its own server: the rest of the knowledge tests need the fake provider's embeddings.)
 */

setDefaultTimeout(90_000)

let e2e: E2E
let ada: Page

beforeAll(async () => {
  ;({ e2e, page: ada } = await withSignedInPage({ user: newUser('Ada Lovelace') }))
  await new ChatPage(ada).newChat()
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
}, SETUP_TIMEOUT)

describe('the knowledge base without embeddings', () => {
  test('the panel says search is keyword-only, and words still find an entry', async () => {
    await ada.getByTestId('header-open-knowledge').click()
    const panel = ada.getByTestId('knowledge-panel')
    await panel.getByText('Search is keyword-only: no embeddings provider is configured.').waitFor()
    await panel.getByTestId('knowledge-new').click()
    const dialog = ada.getByTestId('knowledge-form-dialog')
    await dialog.getByLabel('Title *').fill('Parking')
    await dialog.getByLabel('Content *').fill('Visitors park in the north garage, level two.')
    await dialog.getByRole('button', { name: 'Create Knowledge' }).click()
    await expectToast(ada, 'Knowledge entry created successfully')
    const card = panel.locator('[data-testid="knowledge-card"][data-title="Parking"]')
    await card.locator('[data-testid="knowledge-status"]:not([data-status="pending"])').waitFor()
    await panel.getByTestId('knowledge-search').fill('garage')
    await panel.locator('[data-testid="knowledge-results"][aria-busy="false"]').waitFor()
    expect(await panel.getByTestId('knowledge-count').textContent()).toBe('1 entry')
    expect(await card.count()).toBe(1)
    await screenshot(ada, 'knowledge-keyword-only-1280-light')
  })
})
