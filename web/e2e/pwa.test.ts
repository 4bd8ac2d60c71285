import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, DESKTOP, type E2E, PHONE, SETUP_TIMEOUT, screenshot, startE2E } from './fixtures'
import { newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { signInThroughApi } from './session'

/*
 * Parley as an installable app (issue 33, point 8; docs/decisions/160-installs.md), as Chromium
 * judges it: installable by its own criteria (DevTools protocol), the service worker takes over,
 * answers of the API never come from its cache, a page opened offline shows the offline page in the
 * reader's language, and a new build's worker reloads an open page once. Service workers are
 * blocked in the other browser files (fixtures.ts); here they are allowed.
 */

setDefaultTimeout(90_000)

let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

/** Waits until a service worker controls the page (the first one claims it once activated). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated')
}

/** Every URL the worker's caches hold. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })

describe('the installable app', () => {
  test('Chromium finds it installable, and the API is never answered from the worker’s cache', async () => {
    // A profile on disk: Chromium never offers to install from an incognito profile, which is what
    // a plain Playwright context is.
    const profile = await mkdtemp(join(tmpdir(), 'parley-pwa-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: e2e.url,
      viewport: DESKTOP,
      serviceWorkers: 'allow',
    })
    try {
      await signInThroughApi(context, e2e.url, newUser())
      await checkInstallable(await context.newPage())
    } finally {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    }
  })

  async function checkInstallable(page: Page) {
    await page.goto('/')
    await new DashboardPage(page).waitUntilShown()
    await controlled(page)
    const cdp = await page.context().newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(manifest.url).toEndWith('/manifest.webmanifest')
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])

    // A reload under the worker: the shell's files may come from its cache, the API's answers never.
    const responses: { path: string; fromWorker: boolean }[] = []
    page.on('response', (response) => {
      responses.push({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() })
    })
    await page.reload()
    await new DashboardPage(page).waitUntilShown()
    await page.waitForLoadState('networkidle')
    const api = responses.filter((r) => r.path.startsWith('/api/'))
    expect(api.length).toBeGreaterThan(0)
    expect(api.filter((r) => r.fromWorker)).toEqual([])
    expect(responses.some((r) => r.path.startsWith('/assets/') && r.fromWorker)).toBe(true)

    const cached = await cachedUrls(page)
    expect(cached).toContain('/offline.html')
    expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/socket.io'))).toEqual([])
    expect(
      cached.every(
        (path) => path.startsWith('/assets/') || path.startsWith('/icons/') || path.startsWith('/offline.'),
      ),
    ).toBe(true)
  }

  test('offline, a page shows the offline page; back online, Try again opens the app', async () => {
    const page = await e2e.signedInPage({ serviceWorkers: 'allow' })
    await controlled(page)
    await page.context().setOffline(true)
    await page.goto('/')
    await page.getByRole('heading', { name: 'You’re offline' }).waitFor()
    expect(await page.getByText('The server can’t be reached right now.').isVisible()).toBe(true)
    await screenshot(page, 'pwa-offline-desktop-light')
    await page.setViewportSize(PHONE)
    await screenshot(page, 'pwa-offline-phone-light')
    await page.context().setOffline(false)
    await page.getByRole('link', { name: 'Try again' }).click()
    await new DashboardPage(page).waitUntilShown()
  })

  test('the offline page speaks the reader’s language, on a phone, in the dark', async () => {
    const context = await e2e.newContext({
      serviceWorkers: 'allow',
      locale: 'de-DE',
      viewport: PHONE,
      dark: true,
    })
    const page = await context.newPage()
    await page.goto('/')
    await controlled(page)
    await context.setOffline(true)
    await page.goto('/c/anything')
    await page.getByRole('heading', { name: 'Du bist offline' }).waitFor()
    expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual([
      'de',
      'Du bist offline',
    ])
    expect(await page.getByRole('heading', { name: 'You’re offline' }).isVisible()).toBe(false)
    await screenshot(page, 'pwa-offline-phone-dark-de')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'pwa-offline-desktop-dark-de')
    await context.setOffline(false)
  })

  test('a new build’s worker takes over and reloads an open page once', async () => {
    const page = await e2e.signedInPage({ serviceWorkers: 'allow' })
    await controlled(page)
    const before = await page.evaluate(async () => caches.keys())
    expect(before).toHaveLength(1)
    let loads = 0
    page.on('load', () => {
      loads++
    })
    await page.evaluate(() => {
      ;(window as unknown as { oldClient: boolean }).oldClient = true
    })
    // The next build: the same files with another version, as scripts/build-pwa.ts would write it.
    // Only this file's browsers run service workers, so no other test sees it.
    const file = Bun.file('public/build/sw.js')
    const current = await file.text()
    try {
      await Bun.write(file, current.replace(/"version":"([^"]+)"/, '"version":"$1-next"'))
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      await page.waitForFunction(() => !(window as unknown as { oldClient?: boolean }).oldClient)
      await new DashboardPage(page).waitUntilShown()
      await controlled(page)
      // Settled: one reload, not a loop.
      await Bun.sleep(1500)
      expect(loads).toBe(1)
      const after = await page.evaluate(async () => caches.keys())
      expect(after).toEqual([`${before[0]}-next`])
    } finally {
      await Bun.write(file, current)
    }
  })
})
