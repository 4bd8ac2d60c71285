import type { Page } from 'playwright-core'
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
