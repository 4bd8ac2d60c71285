import type { BrowserContext, Page } from 'playwright-core'
import type { NewUser } from './new-user'
import { DashboardPage } from './pages/dashboard-page'
import { LoginPage } from './pages/login-page'

/** Signs a new person up through the card and waits for the dashboard. */
export async function signUpThroughCard(page: Page, user: NewUser) {
  const login = new LoginPage(page)
  await login.goto()
  await login.signUp(user)
  const dashboard = new DashboardPage(page)
  await dashboard.waitUntilShown()
  return dashboard
}

export async function signInThroughCard(page: Page, user: NewUser) {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(user.email, user.password)
  const dashboard = new DashboardPage(page)
  await dashboard.waitUntilShown()
  return dashboard
}

/**
 * Signs a new person up through the API in `context` (no screens to walk), their profile's
 * language set to `locale`: the next page the context opens is in that language.
 */
export function signUpSpeaking(context: BrowserContext, origin: string, person: NewUser, locale: string) {
  return signInThroughApi(context, origin, person, { language: locale })
}

/**
 * Signs `person` in through the API in `context`, signing them up first unless `existing`; with
 * `language`, their profile's language is set to it. For the tests that are not about signing up
 * or in: those walk the card (signUpThroughCard, signInThroughCard).
 */
export async function signInThroughApi(
  context: BrowserContext,
  origin: string,
  person: NewUser,
  options: { existing?: boolean; language?: string } = {},
) {
  const headers = { origin }
  const { email, password, fullName } = person
  const signedIn = options.existing
    ? await context.request.post('/api/auth/login', { headers, data: { email, password } })
    : await context.request.post('/api/auth/signup', { headers, data: { email, password, fullName } })
  // A refusal here (a rate limit, say) would otherwise surface later as a page that never signs in.
  if (!signedIn.ok()) throw new Error(`signing ${email} in: ${signedIn.status()} ${await signedIn.text()}`)
  if (!options.language) return
  const spoken = await context.request.patch('/api/profile', {
    headers,
    data: { preferred_language: options.language },
  })
  if (!spoken.ok()) throw new Error(`setting ${email}'s language: ${spoken.status()} ${await spoken.text()}`)
}
