import type { BrowserContext, Page } from 'playwright-core'
import type { NewUser } from './fixtures'
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
export async function signUpSpeaking(
  context: BrowserContext,
  origin: string,
  person: NewUser,
  locale: string,
) {
  const headers = { origin }
  await context.request.post('/api/auth/signup', {
    headers,
    data: { email: person.email, password: person.password, fullName: person.fullName },
  })
  await context.request.patch('/api/profile', { headers, data: { preferred_language: locale } })
}
