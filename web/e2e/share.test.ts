import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  inEveryLook,
  PHONE,
  SETUP_TIMEOUT,
  screenshotTo,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { LoginPage } from './pages/login-page'

/*
 * Issue 32, points 1–2 in the browser: Ada shares a chat from its menu; Bob, signed in elsewhere,
 * opens the link and continues it in his own chats; signed out, the organisation link offers the
 * sign-in and opens after it; a public link (once the administrator allows them) opens signed out;
 * a revoked link shows the dead page. Screenshots light/dark, 1280/390, English and German.
 */

setDefaultTimeout(120_000)

const SHOTS = '/tmp/shots/share'
const ada = newUser('Ada Lovelace')
const bob = newUser('Bob Viewer')
const mia = newUser('Mia Leserin')
const ANSWER = 'Hello from the fake model.'

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let bobPage: Page
let chatTitle: string

async function shot(on: Page, name: string) {
  await screenshotTo(on, { path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

async function openShareDialog(on: Page, title: string) {
  const row = on.getByTestId('chat-row').filter({ hasText: title })
  await row.hover()
  await row.getByTestId('chat-row-menu').click()
  await on.getByTestId('chat-menu-share').click()
  await on.getByTestId('share-dialog').waitFor()
}

async function createLink(on: Page, audience: 'organization' | 'public' = 'organization'): Promise<string> {
  const dialog = on.getByTestId('share-dialog')
  await dialog.getByTestId(`share-audience-${audience}`).check()
  await dialog.getByTestId('share-create').click()
  const url = await dialog.getByTestId('share-url').inputValue()
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/)
  return new URL(url).pathname
}

beforeAll(async () => {
  ;({ e2e, fake, page } = await withSignedInPage({ fakeModels: ['fake-model'], user: ada }))
  bobPage = await e2e.signedInPage({ user: bob })
  const chat = new ChatPage(page)
  await chat.newChat()
  await chat.send('Where should we go in **May**? <b>not bold</b>')
  await chat.waitForAnswer(ANSWER)
  chatTitle = (await chat.currentRow().innerText()).split('\n')[0]!.trim()
  await mkdir(SHOTS, { recursive: true })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

describe('share links', () => {
  let orgLink: string

  test('a chat’s menu opened from the keyboard on a new page has Share… and the exports as it appears', async () => {
    // Those items are a chunk of their own, fetched with the menus' code (decision 185).
    const fresh = await e2e.signedInPage({ user: ada, existing: true })
    const row = fresh.getByTestId('chat-row').filter({ hasText: chatTitle })
    await row.getByTestId('chat-row-menu').focus()
    await fresh.keyboard.press('Enter')
    await fresh.getByRole('menu').waitFor()
    for (const item of ['chat-menu-share', 'chat-menu-export-md', 'chat-menu-export-json'])
      expect(await fresh.getByTestId(item).isVisible()).toBe(true)
    await fresh.keyboard.press('Escape')
    await fresh.context().close()
  })

  test('Ada shares a chat with her organisation from its menu', async () => {
    await openShareDialog(page, chatTitle)
    const dialog = page.getByTestId('share-dialog')
    // Public links are off: only the organisation is offered.
    expect(await dialog.getByTestId('share-audience-public').count()).toBe(0)
    await dialog.getByTestId('share-expiry').selectOption('week')
    orgLink = await createLink(page)
    await dialog.getByTestId('share-link-row').first().waitFor()
    expect(await dialog.getByTestId('share-link-row').first().innerText()).toContain('Organisation')
    await expectAxeClean(page, 'share dialog')
    await shot(page, 'dialog-1280-light')
    await page.setViewportSize(PHONE)
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'dialog-390-dark')
    await page.setViewportSize(DESKTOP)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Escape')
  })

  test('Bob opens the link signed in, and continues it in his chats', async () => {
    await bobPage.goto(orgLink)
    await bobPage.getByTestId('shared-title').waitFor()
    const messages = bobPage.getByTestId('shared-message')
    await bobPage.waitForFunction((text) => document.body.innerText.includes(text), ANSWER)
    expect(await messages.count()).toBe(2)
    // The question is shown as typed: its HTML is text.
    expect(await messages.first().innerText()).toContain('<b>not bold</b>')
    await expectAxeClean(bobPage, 'shared page')
    await inEveryLook(bobPage, (name) => shot(bobPage, `page-${name}`))
    await bobPage.setViewportSize(DESKTOP)
    await bobPage.emulateMedia({ colorScheme: 'light' })
    await bobPage.getByTestId('shared-continue').click()
    await bobPage.waitForURL((url) => url.pathname.startsWith('/c/'))
    await new ChatPage(bobPage).lastAnswer().filter({ hasText: ANSWER }).waitFor()
    await shot(bobPage, 'continued-1280-light')
  })

  test('the page reads in German for a German viewer', async () => {
    const miaPage = await e2e.signedInPage({ user: mia, language: 'de' })
    await miaPage.goto(orgLink)
    await miaPage.getByTestId('shared-title').waitFor()
    expect(await miaPage.getByTestId('shared-continue').innerText()).toContain('In meinen Chats fortsetzen')
    await shot(miaPage, 'page-de-1280-light')
    await miaPage.setViewportSize(PHONE)
    await miaPage.emulateMedia({ colorScheme: 'dark' })
    await shot(miaPage, 'page-de-390-dark')
  })

  test('signed out, an organisation link asks to sign in, then opens', async () => {
    const stranger = await e2e.newPage()
    await stranger.goto(orgLink)
    await stranger.getByTestId('shared-dead').waitFor()
    expect(await stranger.getByTestId('shared-title').count()).toBe(0)
    await shot(stranger, 'signed-out-org-1280-light')
    await stranger.getByTestId('shared-sign-in').click()
    const login = new LoginPage(stranger)
    await login.card().waitFor()
    await login.signIn(bob.email, bob.password)
    await stranger.getByTestId('shared-title').waitFor()
    expect(new URL(stranger.url()).pathname).toBe(orgLink)
  })

  test('a public link opens signed out once the administrator allows public links', async () => {
    const allowed = await page.evaluate(async () => {
      const res = await fetch('/api/admin/sharing', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicLinks: true }),
      })
      return res.status
    })
    expect(allowed).toBe(200)
    await openShareDialog(page, chatTitle)
    const publicLink = await createLink(page, 'public')
    await shot(page, 'dialog-public-1280-light')
    await page.keyboard.press('Escape')
    const stranger = await e2e.newPage({ dark: true })
    await stranger.goto(publicLink)
    await stranger.getByTestId('shared-title').waitFor()
    expect(await stranger.getByTestId('shared-continue').innerText()).toContain('Sign in to continue')
    await shot(stranger, 'public-signed-out-1280-dark')
  })

  test('a revoked link shows the dead page at once', async () => {
    await openShareDialog(page, chatTitle)
    const dialog = page.getByTestId('share-dialog')
    const orgRow = dialog.getByTestId('share-link-row').filter({ hasText: 'Organisation' })
    await orgRow.getByTestId('share-revoke').click()
    await orgRow.filter({ hasText: 'Revoked' }).waitFor()
    await shot(page, 'dialog-revoked-1280-light')
    await page.keyboard.press('Escape')
    await bobPage.goto(orgLink)
    await bobPage.getByTestId('shared-dead').waitFor()
    await inEveryLook(bobPage, (name) => shot(bobPage, `dead-${name}`))
  })

  test('export downloads Markdown from the chat menu', async () => {
    const row = page.getByTestId('chat-row').filter({ hasText: chatTitle })
    await row.hover()
    await row.getByTestId('chat-row-menu').click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chat-menu-export-md').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.md$/)
  })
})
