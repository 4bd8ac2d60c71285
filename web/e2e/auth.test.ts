import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import {
  DESKTOP,
  describeViolations,
  type E2E,
  expectAxeClean,
  PHONE,
  readMailLink,
  SETUP_TIMEOUT,
  screenshot,
  seriousA11yViolations,
  startE2E,
} from './fixtures'
import { newUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { LoginPage } from './pages/login-page'
import { signInThroughApi } from './session'

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const admin = newUser('Grace Admin')
const member = newUser('Linus Member')

describe('sign-in screen', () => {
  test('shows the sign-in card with its title, links and a password show/hide toggle', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    expect(await login.title().textContent()).toBe('Welcome back')
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    expect(await login.title().textContent()).toBe('Create account')
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click()
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    expect(await login.title().textContent()).toBe('Reset your password')
    await page.getByRole('button', { name: 'Remember your password? Sign in' }).click()
    expect(await login.title().textContent()).toBe('Welcome back')

    await login.password().fill('secret-words')
    expect(await login.password().getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await login.password().getAttribute('type')).toBe('text')
  })

  test('the first account becomes admin and sees Admin Panel in the user menu', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signUp(admin)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    expect(await dashboard.menuItems()).toEqual(['Profile', 'Settings', 'Admin Panel', 'Sign Out'])
    await dashboard.openUserMenu()
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(admin.fullName)
    await dashboard.menu().getByText(admin.email).waitFor()
    await page.keyboard.press('Escape')

    await dashboard.choose('Admin Panel')
    await page.waitForURL('**/admin/users')
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
    // The header names who is signed in (the users list, arriving with it, names them too).
    await page.locator('header').getByText(admin.fullName).waitFor()
  })

  test('the administrator also has the header’s admin navigation, at 1280 and 390 px, in English and French', async () => {
    // One sign-in (its counter is limited), its cookie shared by a browser profile per picture.
    const session = await e2e.newContext()
    await session.request.post('/api/auth/login', {
      headers: { origin: e2e.url },
      data: { email: admin.email, password: admin.password },
    })
    const cookies = await session.cookies()
    const speak = (language: string) =>
      session.request.patch('/api/profile', {
        headers: { origin: e2e.url },
        data: { preferred_language: language },
      })
    try {
      for (const [language, label] of [
        ['en', 'Admin'],
        ['fr', 'Administration'],
      ] as const) {
        expect((await speak(language)).status()).toBe(200)
        for (const [name, options] of [
          ['light-1280', { viewport: DESKTOP, dark: false }],
          ['dark-1280', { viewport: DESKTOP, dark: true }],
          ['light-390', { viewport: PHONE, dark: false }],
          ['dark-390', { viewport: PHONE, dark: true }],
        ] as const) {
          const context = await e2e.newContext(options)
          await context.addCookies(cookies)
          const page = await context.newPage()
          await page.goto('/')
          await new DashboardPage(page).waitUntilShown()
          await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
          const link = page.getByRole('banner').getByRole('link', { name: label, exact: true })
          expect(await link.getAttribute('href')).toBe('/admin')
          // The word beside the shield on a wide screen; the shield alone (still named) on a phone.
          const word = await link.locator('span').boundingBox()
          expect((word?.width ?? 0) > 2).toBe(options.viewport === DESKTOP)
          await screenshot(page, `header-admin-link-${language}-${name}`)
          await expectAxeClean(page, `header-admin-link-${language}-${name}`)
          if (language === 'en' && name === 'light-390') {
            await link.click()
            await page.waitForURL('**/admin/users')
            await page.getByRole('heading', { name: 'Admin Panel' }).waitFor()
          }
          await context.close()
        }
      }
    } finally {
      await speak('en')
      await session.close()
    }
  })

  test('a later account is a plain user: no Admin Panel, and /admin says not allowed with a way back', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signUp(member)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    expect(await dashboard.menuItems()).toEqual(['Profile', 'Settings', 'Sign Out'])
    expect(await page.getByTestId('header-admin-link').count()).toBe(0)

    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor()
    await page.getByRole('link', { name: 'Back to the app' }).click()
    await dashboard.waitUntilShown()
  })

  test('sign out returns to the card; a wrong password shows the server message and keeps the e-mail', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.signIn(member.email, member.password)
    const dashboard = new DashboardPage(page)
    await dashboard.waitUntilShown()
    await dashboard.choose('Sign Out')
    await login.card().waitFor()

    // The session is gone on the server too: a reload still shows the card.
    await page.reload()
    await login.card().waitFor()

    await login.signIn(member.email, 'not-the-password')
    await login.alert().waitFor()
    expect(await login.alert().textContent()).toBe('Invalid login credentials')
    expect(await login.email().inputValue()).toBe(member.email)

    await login.password().fill(member.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await dashboard.waitUntilShown()
  })

  test('forgot password sends a link; the reset page checks the fields, sets the password, and it works', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    await login.goto()
    await login.requestReset(member.email)
    await login.status().waitFor()

    const link = await readMailLink(e2e.dataDir, member.email, '/auth/reset-password')
    await page.goto(new URL(link).pathname + new URL(link).search)
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()

    const newPassword = page.getByLabel('New Password', { exact: true })
    const confirm = page.getByLabel('Confirm New Password')
    await newPassword.fill('fresh-pass-1')
    await confirm.fill('fresh-pass-2')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('New passwords do not match').waitFor()

    await newPassword.fill('abc')
    await confirm.fill('abc')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password must be at least 6 characters long').waitFor()

    await newPassword.fill('fresh-pass-1')
    await confirm.fill('fresh-pass-1')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password updated successfully!').waitFor()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await login.card().waitFor()
    await login.signIn(member.email, member.password)
    await login.alert().waitFor()
    await login.signIn(member.email, 'fresh-pass-1')
    await new DashboardPage(page).waitUntilShown()
    member.password = 'fresh-pass-1'
  })

  test('an unknown client path is served the app, which says the page is not found', async () => {
    const page = await e2e.newPage()
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
  })

  test('signed out, the card comes without the routes’ code; signed in, a visit fetches it beside the session read', async () => {
    const page = await e2e.newPage()
    const login = new LoginPage(page)
    const dashboard = new DashboardPage(page)
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    const routesFetched = () => fetched.some((path) => /^\/assets\/app-router-[^/]+\.js$/.test(path))
    const hint = () => page.evaluate(() => localStorage.getItem('parley_signed_in'))

    // A first visit: the card, and TanStack Router never fetched (decision 191).
    await login.goto()
    await page.waitForLoadState('networkidle')
    expect({ routes: routesFetched(), hint: await hint() }).toEqual({ routes: false, hint: null })

    // Typing in the card fetches them, so that signing in does not wait for them.
    await login.email().fill(member.email)
    for (let waited = 0; waited < 5_000 && !routesFetched(); waited += 50) await Bun.sleep(50)
    expect(routesFetched()).toBe(true)

    // Signed in through the card: the routes show the dashboard; the browser remembers.
    await login.signIn(member.email, member.password)
    await dashboard.waitUntilShown()
    expect(await hint()).toBe('1')

    // Another browser with a session: the routes' code is asked for while the session read is
    // still out when the browser remembers being signed in, and only after it otherwise.
    const routesAskedWhileReading = async (remembered: boolean) => {
      const context = await e2e.newContext()
      await signInThroughApi(context, e2e.url, member, { existing: true })
      // Only the app's own documents: the new page's first about:blank may not use storage.
      if (remembered)
        await context.addInitScript(() => {
          if (location.protocol.startsWith('http')) localStorage.setItem('parley_signed_in', '1')
        })
      const other = await context.newPage()
      const asked: string[] = []
      other.on('request', (request) => asked.push(new URL(request.url()).pathname))
      const routesAsked = () => asked.some((path) => /^\/assets\/app-router-[^/]+\.js$/.test(path))
      let whileReading = false
      await other.route('**/api/auth/me', async (route) => {
        for (let waited = 0; waited < 1_000 && !routesAsked(); waited += 50) await Bun.sleep(50)
        whileReading = routesAsked()
        await route.continue()
      })
      await other.goto('/')
      await new DashboardPage(other).waitUntilShown()
      await context.close()
      return whileReading
    }
    expect({
      remembered: await routesAskedWhileReading(true),
      not: await routesAskedWhileReading(false),
    }).toEqual({
      remembered: true,
      not: false,
    })

    // A session that ended elsewhere: the routes' own gate shows the card, and the hint goes.
    await page.context().clearCookies()
    await page.reload()
    await login.card().waitFor()
    await page.waitForFunction(() => localStorage.getItem('parley_signed_in') === null)

    // Signed in again, then out from the menu: the card, and nothing remembered.
    await login.signIn(member.email, member.password)
    await dashboard.waitUntilShown()
    await dashboard.choose('Sign Out')
    await login.card().waitFor()
    expect(await hint()).toBeNull()
  })
})

describe('sign-in card languages', () => {
  test('a browser preferring German gets the card in German; Français switches it live and is remembered', async () => {
    const page = await e2e.newPage({ locale: 'de-DE' })
    const login = new LoginPage(page)
    await login.goto()
    expect(await login.title().textContent()).toBe('Willkommen zurück')
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await page.getByLabel('Passwort', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Passwort anzeigen' }).waitFor()
    await page.getByRole('button', { name: 'Anmelden' }).waitFor()
    const picker = page.getByRole('combobox', { name: 'Sprache' })
    expect(await picker.inputValue()).toBe('de')
    expect(await picker.locator('option').allTextContents()).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Italiano',
      'Português',
    ])

    await picker.selectOption('fr')
    await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    await page.getByRole('button', { name: 'Se connecter' }).waitFor()
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr')

    // Remembered in this browser, over its preferred language.
    await page.reload()
    await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    await page.getByRole('button', { name: 'Pas encore de compte\u202f? Inscrivez-vous' }).click()
    expect(await login.title().textContent()).toBe('Créer un compte')
  })

  test('the server’s error texts load with the first failure, and that failure already reads in German', async () => {
    const page = await e2e.newPage({ locale: 'de-DE' })
    // The chunk that holds them (web/lib/error-texts.ts), told by one of its English texts.
    const errorTextScripts: string[] = []
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return
      const source = await response.text().catch(() => '')
      if (source.includes('Invalid cursor')) errorTextScripts.push(response.url())
    })
    const login = new LoginPage(page)
    await login.goto()
    await page.waitForLoadState('networkidle')
    // The signed-out session check answers 401 on every visit: not a failure to show.
    expect(errorTextScripts).toEqual([])

    await page.getByLabel('E-Mail', { exact: true }).fill(member.email)
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await login.alert().waitFor()
    expect(await login.alert().textContent()).toBe('Ungültige Anmeldedaten')
    await screenshot(page, 'sign-in-wrong-password-de')
    // The response's body is read after the fact: give the listener its moment.
    for (let tries = 0; tries < 50 && errorTextScripts.length === 0; tries += 1) await Bun.sleep(100)
    expect(errorTextScripts).toHaveLength(1)
  })

  test('German, the longest, fits the card at phone and desktop widths, light and dark', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const dark of [false, true]) {
        const page = await e2e.newPage({ locale: 'de-DE', viewport, dark })
        const login = new LoginPage(page)
        await login.goto()
        await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor()
        // Measure the card as a person reads it: with its form, not its loading spinner (whose
        // screen-reader-only text is clipped on purpose), which a loaded machine can still show.
        await page.getByLabel('E-Mail').first().waitFor()
        const name = `auth-signin-de-${viewport.width}-${dark ? 'dark' : 'light'}`
        for (const [mode, link] of [
          ['signin', null],
          ['signup', 'Noch kein Konto? Registrieren'],
          ['forgot', 'Du hast schon ein Konto? Anmelden'],
        ] as const) {
          if (link) await page.getByRole('button', { name: link }).click()
          if (mode === 'forgot') await page.getByRole('button', { name: 'Passwort vergessen?' }).click()
          // Nothing in the card is cut off or pushed past its edge.
          const clipped = await login.card().evaluate((card) => {
            const box = card.getBoundingClientRect()
            return [card, ...card.querySelectorAll('*')]
              .filter((element) => {
                const own = element.getBoundingClientRect()
                if (own.width === 0 || own.height === 0) return false // not laid out: empty, or an <option>
                if (element.classList.contains('sr-only')) return false // clipped on purpose
                return (
                  element.scrollWidth > element.clientWidth + 1 ||
                  own.left < box.left - 1 ||
                  own.right > box.right + 1
                )
              })
              .map((element) => element.outerHTML.slice(0, 120))
          })
          expect(clipped).toEqual([])
          if (viewport === PHONE || mode === 'signin') await screenshot(page, `${name}-${mode}`)
        }
        const violations = await seriousA11yViolations(page)
        expect(violations, describeViolations(violations)).toEqual([])
        await page.context().close()
      }
    }
  })
})
