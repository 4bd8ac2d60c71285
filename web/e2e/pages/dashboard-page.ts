import type { Page } from 'playwright-core'

/** The signed-in shell: header, sidebar, user menu. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('dashboard')
  userMenu = () => this.page.getByTestId('user-menu')
  menu = () => this.page.getByRole('menu')
  sidebar = () => this.page.getByTestId('sidebar')

  /** The shell is shown and the person's profile has loaded (the user menu stops being busy). */
  async waitUntilShown() {
    await this.root().waitFor()
    await this.page.locator('[data-testid="user-menu"]:not([aria-busy="true"])').waitFor()
  }

  async openUserMenu() {
    await this.userMenu().click()
    await this.menu().waitFor()
  }

  async menuItems(): Promise<string[]> {
    await this.openUserMenu()
    const items = (await this.menu().getByRole('menuitem').allInnerTexts()).map((text) => text.trim())
    await this.page.keyboard.press('Escape')
    return items
  }

  async choose(item: 'Profile' | 'Settings' | 'Admin Panel' | 'Sign Out') {
    await this.openUserMenu()
    await this.menu().getByRole('menuitem', { name: item }).click()
  }

  async setTheme(theme: 'Light' | 'Dark' | 'System') {
    await this.page.getByTestId('theme-toggle').click()
    await this.page.getByRole('menuitemradio', { name: theme }).click()
  }
}
