import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { chats, messages, shares, users } from '../../db/schema'
import { expectNoEnglish } from './english-leftovers'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  SETUP_TIMEOUT,
  screenshot,
  withAdminPage,
} from './fixtures'
import { type NewUser, newUser } from './new-user'
import { expectToast } from './pages/toasts'
import { signInThroughApi } from './session'

/*
 * Issue 32, Admin › Sharing: public links turned on (no question asked); every link a member made
 * listed with its chat, owner, audience, views, expiry and state; one revoked (asked first, then
 * the row says Revoked and the link is dead); public links turned off (asked first, naming how
 * many stop), the public link then dead too and listed as paused. Screenshots light/dark,
 * 1280/390, and one pass in French.
 */

setDefaultTimeout(60_000)

const member = newUser('Mia Member')

let e2e: E2E
let page: Page
let admin: NewUser
let memberContext: BrowserContext
const chatIds: Record<'trip' | 'budget', string> = { trip: '', budget: '' }
const links: Record<'org' | 'public' | 'expired', { id: string; token: string }> = {
  org: { id: '', token: '' },
  public: { id: '', token: '' },
  expired: { id: '', token: '' },
}

const section = () => page.getByTestId('sharing-section')
const row = (id: string) => section().locator(`[data-testid="share-link-row"][data-share="${id}"]`)
const publicSwitch = () => section().getByRole('switch', { name: 'Allow public links' })

/** A chat of two messages, written to the server's database (sharing needs a chat with messages). */
async function seedChat(userId: string, title: string) {
  const [chat] = await e2e.db.insert(chats).values({ userId, title }).returning()
  const [question] = await e2e.db
    .insert(messages)
    .values({ chatId: chat!.id, userId, content: `About ${title}?`, isUser: true })
    .returning()
  await e2e.db.insert(messages).values({
    chatId: chat!.id,
    userId,
    content: `Here is what I know about ${title}.`,
    isUser: false,
    parentId: question!.id,
    createdAt: new Date(Date.now() + 1000),
  })
  return chat!.id
}

/** The member makes a link through the API, as the share dialog does. */
async function share(chatId: string, data: { audience: 'organization' | 'public'; expiresAt?: string }) {
  const response = await memberContext.request.post(`/api/chats/${chatId}/shares`, {
    headers: { origin: e2e.url },
    data,
  })
  if (response.status() !== 201) throw new Error(`share: ${response.status()} ${await response.text()}`)
  const { data: made } = (await response.json()) as { data: { id: string; url: string } }
  return { id: made.id, token: new URL(made.url).pathname.split('/').pop()! }
}

/** What opening the link answers, signed out. */
async function opened(token: string) {
  return (await fetch(`${e2e.url}/api/shares/${token}`)).status
}

async function desktopLight(on: Page) {
  await on.setViewportSize({ width: 1280, height: 800 })
  await on.emulateMedia({ colorScheme: 'light' })
}

beforeAll(async () => {
  ;({ e2e, page, admin } = await withAdminPage())
  memberContext = await e2e.newContext()
  await signInThroughApi(memberContext, e2e.url, member)
  const [row] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, member.email))
  chatIds.trip = await seedChat(row!.id, 'Trip to Lisbon')
  chatIds.budget = await seedChat(row!.id, 'Quarterly budget')
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
}, SETUP_TIMEOUT)

describe('Admin › Sharing', () => {
  test('starts with no links and public links off; turning them on asks nothing', async () => {
    await openAdminSection(page, 'sharing')
    await page.getByRole('heading', { name: 'Sharing', exact: true }).waitFor()
    await section().getByTestId('share-links-empty').waitFor()
    await section().getByText('Turning this off stops every public link at once.').waitFor()
    expect(await publicSwitch().getAttribute('aria-checked')).toBe('false')
    await expectAxeClean(page, 'sharing, empty')
    await screenshot(page, 'admin-sharing-empty-1280-light')

    await publicSwitch().click()
    await expectToast(page, 'Public links are allowed')
    expect(await publicSwitch().getAttribute('aria-checked')).toBe('true')
    expect(await page.getByTestId('public-links-off-dialog').count()).toBe(0)
  })

  test('lists every link with its chat, owner, audience, views, expiry and state', async () => {
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString()
    links.org = await share(chatIds.trip, { audience: 'organization', expiresAt: week })
    links.public = await share(chatIds.budget, { audience: 'public' })
    links.expired = await share(chatIds.trip, { audience: 'organization', expiresAt: week })
    await e2e.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shares.id, links.expired.id))
    // Opened once, signed out: counted.
    expect(await opened(links.public.token)).toBe(200)

    await openAdminSection(page, 'sharing')
    await row(links.org.id).waitFor()
    expect(await section().getByTestId('share-link-row').count()).toBe(3)
    // Newest first.
    expect(await section().getByTestId('share-link-row').first().getAttribute('data-share')).toBe(
      links.expired.id,
    )

    const org = row(links.org.id)
    expect(await org.getByTestId('share-link-title').innerText()).toBe('Trip to Lisbon')
    expect(await org.getByTestId('share-link-owner').innerText()).toBe(member.email)
    expect(await org.getByTestId('share-link-audience').innerText()).toBe('Organisation')
    expect(await org.getByTestId('share-link-state').innerText()).toBe('Active')
    expect(await org.getByTestId('share-link-views').innerText()).toBe('0')
    expect(await org.getByText('Never').count()).toBe(0)

    const open = row(links.public.id)
    expect(await open.getByTestId('share-link-title').innerText()).toBe('Quarterly budget')
    expect(await open.getByTestId('share-link-owner').innerText()).toBe(member.email)
    expect(await open.getByTestId('share-link-audience').innerText()).toBe('Public')
    expect(await open.getByTestId('share-link-views').innerText()).toBe('1')
    await open.getByText('Never').waitFor()

    const expired = row(links.expired.id)
    expect(await expired.getByTestId('share-link-state').innerText()).toBe('Expired')
    expect(await expired.getByTestId('admin-revoke-share').count()).toBe(0)

    await expectAxeClean(page, 'sharing, three links')
    await inEveryLook(page, async (look) => {
      // On a phone the list is below the switch: shown, not the page's top.
      await section().getByTestId('share-link-list').scrollIntoViewIfNeeded()
      await screenshot(page, `admin-sharing-list-${look}`)
      // Nothing wider than the screen at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    })
    await desktopLight(page)
  })

  test('Revoke asks first; then the row says Revoked and the link no longer opens', async () => {
    expect(await opened(links.org.token)).toBe(404) // an organisation link, signed out
    const memberPage = await memberContext.newPage()
    await memberPage.goto(`/s/${links.org.token}`)
    await memberPage.getByTestId('shared-title').waitFor()

    const org = row(links.org.id)
    await org.getByRole('button', { name: `Revoke the link to “Trip to Lisbon” by ${member.email}` }).click()
    const confirm = page.getByTestId('admin-revoke-share-dialog')
    await confirm.getByText('Revoke the link to “Trip to Lisbon”?').waitFor()
    await confirm.getByText(`${member.email} can make a new link to the chat.`).waitFor()
    await expectAxeClean(page, 'revoke a share link')
    await screenshot(page, 'admin-sharing-revoke-1280-light')
    await page.getByTestId('admin-confirm-revoke-share').click()
    await expectToast(page, 'Link revoked')
    await confirm.waitFor({ state: 'detached' })
    await section().locator(`[data-share="${links.org.id}"][data-state="revoked"]`).waitFor()
    expect(await org.getByTestId('share-link-state').innerText()).toBe('Revoked')
    expect(await org.getByTestId('admin-revoke-share').count()).toBe(0)

    // The member's own page of the link is the dead one now.
    await memberPage.reload()
    await memberPage.getByTestId('shared-dead').waitFor()
    const answer = await memberContext.request.get(`/api/shares/${links.org.token}`)
    expect(answer.status()).toBe(404)
    await memberPage.close()
  })

  test('turning public links off asks first, then the public link stops at once', async () => {
    expect(await opened(links.public.token)).toBe(200)
    await publicSwitch().click()
    const confirm = page.getByTestId('public-links-off-dialog')
    await confirm.getByText('Stop every public link?').waitFor()
    await confirm.getByText('1 public link stops working at once.', { exact: false }).waitFor()
    await expectAxeClean(page, 'stop public links')
    await inEveryLook(page, (look) => screenshot(page, `admin-sharing-off-${look}`))
    await desktopLight(page)
    await page.getByTestId('confirm-public-links-off').click()
    await expectToast(page, 'Public links are off')
    await confirm.waitFor({ state: 'detached' })
    expect(await publicSwitch().getAttribute('aria-checked')).toBe('false')
    expect(await row(links.public.id).getByTestId('share-link-state').innerText()).toBe('Paused')
    // Still revocable: allowed again, it would work again.
    expect(await row(links.public.id).getByTestId('admin-revoke-share').count()).toBe(1)

    expect(await opened(links.public.token)).toBe(404)
    const stranger = await e2e.newPage()
    await stranger.goto(`/s/${links.public.token}`)
    await stranger.getByTestId('shared-dead').waitFor()
    await stranger.close()

    // Read afresh, the switch and the states are as saved.
    await openAdminSection(page, 'sharing')
    await row(links.public.id).waitFor()
    expect(await publicSwitch().getAttribute('aria-checked')).toBe('false')
    expect(await row(links.public.id).getByTestId('share-link-state').innerText()).toBe('Paused')
    await expectAxeClean(page, 'sharing, public links off')
    await inEveryLook(page, async (look) => {
      await section().getByTestId('share-link-list').scrollIntoViewIfNeeded()
      await screenshot(page, `admin-sharing-stopped-${look}`)
    })
    await desktopLight(page)
  })

  test('reads in French', async () => {
    const french = await e2e.signedInPage({ user: admin, existing: true, language: 'fr' })
    await openAdminSection(french, 'sharing')
    const list = french.getByTestId('sharing-section')
    await french.getByRole('heading', { name: 'Partage', exact: true }).waitFor()
    await list.getByRole('switch', { name: 'Autoriser les liens publics' }).waitFor()
    await list.getByTestId('share-link-row').first().waitFor()
    expect(
      await list.locator(`[data-share="${links.org.id}"] [data-testid="share-link-state"]`).innerText(),
    ).toBe('Révoqué')
    expect(
      await list.locator(`[data-share="${links.public.id}"] [data-testid="share-link-state"]`).innerText(),
    ).toBe('Suspendu')
    await list
      .getByRole('button', {
        name: `Révoquer le lien vers «\u00a0Quarterly budget\u00a0» de ${member.email}`,
      })
      .waitFor()
    await expectNoEnglish(french, 'fr', 'admin sharing')
    await expectAxeClean(french, 'sharing in French')
    await inEveryLook(french, async (look) => {
      await french.getByTestId('share-link-list').scrollIntoViewIfNeeded()
      await screenshot(french, `admin-sharing-fr-${look}`)
    })
  })
})
