import { expect } from 'bun:test'
import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { readOutbox } from '../../src/mail/outbox'
import { type FakeOpenAi, startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { startShippedServer } from '../../src/test/harness'
import { type NewUser, newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { signInThroughApi } from './session'

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }
const SCREENSHOTS = 'test-artifacts/screenshots'
/**
 * The features playwright-core turns off in Chromium (its `disabledFeatures`). Chromium reads only
 * the last `--disable-features` switch, so ours must repeat them; chromium-flags.test.ts fails when
 * an upgrade of playwright-core changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Chromium's headless mode builds each window's omnibox popup as a web page of its own
 * (chrome://omnibox-popup.top-chrome), in a renderer per window, though a test never opens it: about
 * 0.85 s of CPU for every browser context, more than the app's own page costs to load. Turned off,
 * a context's first page takes half the CPU (decision 181).
 */
const UNUSED_WINDOW_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_UI].join(',')}`,
]

let built: Promise<void> | undefined

/** Builds the client when public/build is missing or older than any file under web/ (once per run). */
export function ensureClientBuilt(): Promise<void> {
  built ??= (async () => {
    const index = await stat('public/build/index.html').catch(() => null)
    let stale = !index
    if (index) {
      for await (const file of new Bun.Glob('web/**/*.{ts,tsx,css,html,json}').scan()) {
        if (file.startsWith('web/e2e/')) continue
        if ((await stat(file)).mtimeMs > index.mtimeMs) {
          stale = true
          break
        }
      }
    }
    if (!stale) return
    const build = Bun.spawnSync(['bun', 'run', 'build:web'], { stdout: 'ignore', stderr: 'pipe' })
    if (build.exitCode !== 0) throw new Error(`build:web failed\n${build.stderr.toString()}`)
  })()
  return built
}

export interface ContextOptions {
  viewport?: { width: number; height: number }
  dark?: boolean
  /** The browser's language (`navigator.language`, Accept-Language), e.g. 'de-DE'. */
  locale?: string
  /**
   * 'allow' for the tests of the installable app (pwa.test.ts); blocked elsewhere, so that
   * `page.route` sees every request and no test depends on when the worker takes over.
   */
  serviceWorkers?: 'allow' | 'block'
}

export interface SignedInPageOptions extends ContextOptions {
  /** Who: a new person when left out. */
  user?: NewUser
  /** `user` has an account already: signed in, not signed up. */
  existing?: boolean
  /** The person's profile language (e.g. 'de'), which the page then shows. */
  language?: string
  /** Run in the page before its own scripts (e.g. a fake browser API). */
  initScript?: string
}

export interface E2E {
  url: string
  dataDir: string
  /** The server's database, to set up what the UI alone would take long to make (e.g. 120 messages). */
  db: Awaited<ReturnType<typeof startShippedServer>>['ctx']['db']
  /** The server's context, to run what a timer would run later (a retention pass). */
  ctx: Awaited<ReturnType<typeof startShippedServer>>['ctx']
  browser: Browser
  /** A fresh browser profile (own cookies and storage), like a different person or device. */
  newContext(options?: ContextOptions): Promise<BrowserContext>
  newPage(options?: ContextOptions): Promise<Page>
  /**
   * A page in a fresh browser profile, signed in through the API (no card to walk) and showing
   * the dashboard: the start of a test that is not about signing up or in.
   */
  signedInPage(options?: SignedInPageOptions): Promise<Page>
  close(): Promise<void>
}

/**
 * One server (temp DATA_DIR, embedded database) and one Chromium per test file. `chromiumArgs` are
 * added to CHROMIUM_ARGS for this file's browser only (e.g. a fake microphone).
 */
export async function startE2E(
  env: Record<string, string> = {},
  options: { chromiumArgs?: string[] } = {},
): Promise<E2E> {
  await ensureClientBuilt()
  const server = await startShippedServer(env)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? [])],
  })
  const contexts: BrowserContext[] = []
  async function newContext(options: ContextOptions = {}) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: options.viewport ?? DESKTOP,
      colorScheme: options.dark ? 'dark' : 'light',
      deviceScaleFactor: 1,
      serviceWorkers: options.serviceWorkers ?? 'block',
      ...(options.locale && { locale: options.locale }),
    })
    context.setDefaultTimeout(15_000)
    reportTrouble(context)
    contexts.push(context)
    return context
  }
  return {
    url: server.url,
    dataDir: server.dataDir,
    db: server.ctx.db,
    ctx: server.ctx,
    browser,
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage()
    },
    async signedInPage({ user = newUser(), existing, language, initScript, ...look } = {}) {
      const context = await newContext(look)
      if (initScript) await context.addInitScript(initScript)
      await signInThroughApi(context, server.url, user, { existing, language })
      const page = await context.newPage()
      await page.goto('/')
      await new DashboardPage(page).waitUntilShown()
      if (language) await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
      return page
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser.close()
      await server.stop()
    },
  }
}

/**
 * Prints what went wrong in the browser as it happens: an uncaught page error, a request that
 * failed (other than one the page itself cancelled) or answered 5xx. A wait that times out says
 * only what it waited for; these lines, in the same file's log, say why the screen never came.
 */
function reportTrouble(context: BrowserContext) {
  const say = (what: string) => console.error(`[browser ${new Date().toISOString().slice(11, 23)}] ${what}`)
  context.on('weberror', (error) => say(`page error: ${error.error().message}`))
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? ''
    if (failure !== 'net::ERR_ABORTED') say(`${request.method()} ${request.url()} failed: ${failure}`)
  })
  context.on('response', (response) => {
    if (response.status() >= 500)
      say(`${response.request().method()} ${response.url()}: ${response.status()}`)
  })
  context.on('requestfinished', (request) => {
    // socket.io's long polls wait on purpose.
    const took = request.timing().responseEnd
    if (took > 5_000 && !request.url().includes('/socket.io/')) {
      say(`${request.method()} ${request.url()} took ${Math.round(took)} ms`)
    }
  })
}

/** The first link in the newest mail to `to` that points at `path`. */
export async function readMailLink(dataDir: string, to: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to)).reverse()
    for (const mail of mails) {
      const link = mail.text.match(new RegExp(`https?://\\S*${path.replaceAll('/', '\\/')}\\S*`))?.[0]
      if (link) return link
    }
    await Bun.sleep(100)
  }
  throw new Error(`no mail to ${to} with a link to ${path}`)
}

/**
 * Waits until a closed menu or dialog has given the focus back. Radix does that from a timer queued
 * as the menu or dialog unmounts; under load it can run after the test's next step, and a
 * non-modal menu opened meanwhile closes on that focus moving outside it. A timer queued now in the
 * page runs after it.
 */
export async function focusSettled(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
}

/**
 * Whether the suites save their screenshots (`SCREENSHOTS=1`): pictures for a person to look at,
 * which no test reads. Off by default, so the test command does not spend a core-minute encoding
 * some 700 PNGs nobody opens (~125 ms of CPU each; decision 193); on when you look at screens.
 */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1'

/** Saves a screenshot to test-artifacts/screenshots/<name>.png (with `SCREENSHOTS=1`). */
export async function screenshot(page: Page, name: string) {
  // The resting state (dialogs, menus, toasts done fading in) without waiting for it: finite
  // animations and transitions are run to their end for the picture.
  await screenshotTo(page, { path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' })
}

/** A page's or an element's screenshot with the options given (with `SCREENSHOTS=1`). */
export async function screenshotTo(
  target: Page | Locator,
  options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0],
) {
  if (!TAKE_SCREENSHOTS) return
  await mkdir(SCREENSHOTS, { recursive: true })
  await target.screenshot(options)
}

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

let axeText: Promise<string> | undefined
const axeSource = () => {
  axeText ??= Bun.file('node_modules/axe-core/axe.min.js').text()
  return axeText
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await axeRun(page)
  // A toast that starts to leave while axe runs (its timer ran out) is measured half faded. A
  // contrast failure is measured again once that is over: a colour that is really too faint fails
  // both times.
  if (!violations.some((violation) => violation.id === 'color-contrast')) return violations
  return axeRun(page)
}

async function axeRun(page: Page): Promise<AxeViolation[]> {
  await animationsDone(page)
  const loaded = await page.evaluate(() => 'axe' in window)
  // Evaluated rather than added as a <script>: the app's CSP (rightly) refuses inline scripts.
  if (!loaded) await page.evaluate(await axeSource())
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Node, options: object): Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    // Only violations are read: axe then works out selectors for one node of each passing rule, not all.
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}

/**
 * axe measures colours as they are on screen: a toast or dialog still fading in has, for a moment,
 * too little contrast. Waits for finite animations and transitions to end (spinners and pulses run
 * forever and are left alone). Two frames first: a change just made (the colour scheme switched to
 * dark) starts its transitions at the next style update, not before, and would otherwise be measured
 * half way.
 */
async function animationsDone(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  )
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {})
}

/** A readable summary for a failed expectation. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n')
}

/** Starting PGlite, the server and Chromium on a busy shared machine can take tens of seconds. */
export const SETUP_TIMEOUT = 120_000

export interface SignedInOptions {
  /** Added to the server's environment. */
  env?: Record<string, string>
  /**
   * Model ids of a fake OpenAI provider to start first; the server is pointed at it
   * (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODELS), before `env`.
   */
  fakeModels?: string[]
  /** Who signs up; the first account on a fresh server, so also its administrator. */
  user?: NewUser
}

export interface SignedIn {
  e2e: E2E
  page: Page
  user: NewUser
}

/**
 * A suite's start: a fresh server and Chromium (`startE2E`), with or without a fake OpenAI
 * provider, and one person signed up and signed in (through the API) on `page`, showing the
 * dashboard. The suite closes `e2e` and `fake`.
 */
export async function withSignedInPage(
  options: SignedInOptions & { fakeModels: string[] },
): Promise<SignedIn & { fake: FakeOpenAi }>
export async function withSignedInPage(options?: SignedInOptions): Promise<SignedIn>
export async function withSignedInPage({
  env = {},
  fakeModels,
  user = newUser(),
}: SignedInOptions = {}): Promise<SignedIn & { fake?: FakeOpenAi }> {
  const fake = fakeModels && startFakeOpenAi({ models: fakeModels })
  let e2e: E2E | undefined
  try {
    const provider: Record<string, string> =
      fake && fakeModels
        ? { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: fakeModels.join(',') }
        : {}
    e2e = await startE2E({ ...provider, ...env })
    const page = await e2e.signedInPage({ user })
    return { e2e, page, user, fake }
  } catch (error) {
    // The suite never gets hold of them, so its afterAll could not close them.
    await e2e?.close().catch(() => undefined)
    await fake?.close()
    throw error
  }
}

/**
 * The admin suites' start: a fresh server and Chromium (`startE2E(env)`) with its first account,
 * which a fresh server makes its administrator, signed up and signed in on `page`.
 */
export async function withAdminPage(env: Record<string, string> = {}, admin: NewUser = newUser('Ada Admin')) {
  const { e2e, page } = await withSignedInPage({ env, user: admin })
  return { e2e, page, admin }
}

/** Opens an admin section (`/admin/<section>`), read afresh from the server. */
export async function openAdminSection(page: Page, section: string) {
  // A path of its own (no longer a #hash): goto always loads the page, so no reload is needed.
  await page.goto(`/admin/${section}`)
}

/** Fails, naming the screen, when axe finds serious or critical violations on the page. */
export async function expectAxeClean(page: Page, name: string) {
  const violations = await seriousA11yViolations(page)
  expect({ name, violations: describeViolations(violations) }).toEqual({ name, violations: '' })
}

/**
 * Runs `look` at desktop and phone width, light and dark, the page set to each in turn; `look`
 * gets its name (`1280-light`, `390-dark`…) for screenshots and messages.
 */
export async function inEveryLook(page: Page, look: (name: string) => Promise<void>) {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
      await look(`${size}-${dark ? 'dark' : 'light'}`)
    }
  }
}
