import type { Page } from 'playwright-core'
import type { NewUser } from '../new-user'

/** The sign-in card and its three modes. */
export class LoginPage {
  constructor(readonly page: Page) {}

  card = () => this.page.getByTestId('login-card')
  title = () => this.page.getByRole('heading', { level: 1 })
  alert = () => this.card().getByRole('alert')
  status = () => this.card().getByRole('status')
  email = () => this.page.getByLabel('Email', { exact: true })
  password = () => this.page.getByLabel('Password', { exact: true })

  async goto() {
    await this.page.goto('/')
    await this.card().waitFor()
  }

  async signUp(user: NewUser) {
    await this.page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await this.page.getByLabel('Full Name').fill(user.fullName)
    await this.email().fill(user.email)
    await this.password().fill(user.password)
    await this.page.getByRole('button', { name: 'Sign Up' }).click()
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email)
    await this.password().fill(password)
    await this.page.getByRole('button', { name: 'Sign In' }).click()
  }

  async requestReset(email: string) {
    await this.page.getByRole('button', { name: 'Forgot your password?' }).click()
    await this.email().fill(email)
    await this.page.getByRole('button', { name: 'Send Reset Link' }).click()
  }
}
