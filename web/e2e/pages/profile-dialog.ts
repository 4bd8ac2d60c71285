import type { Page } from 'playwright-core'

export class ProfileDialog {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('profile-dialog')
  name = () => this.root().getByTestId('profile-name')
  avatarImage = () => this.root().locator('img')

  async waitUntilShown() {
    await this.root().getByText('Usage Statistics').waitFor()
  }

  async edit(fields: { fullName?: string; bio?: string; language?: string; notifications?: boolean }) {
    await this.root().getByRole('button', { name: 'Edit Profile' }).click()
    if (fields.fullName !== undefined) await this.root().getByLabel('Full Name').fill(fields.fullName)
    if (fields.bio !== undefined) await this.root().getByLabel('Bio').fill(fields.bio)
    if (fields.language) {
      await this.root().getByLabel('Language').selectOption({ label: fields.language })
    }
    if (fields.notifications !== undefined) {
      const toggle = this.root().getByRole('switch', { name: /Notifications/ })
      if ((await toggle.getAttribute('aria-checked')) !== String(fields.notifications)) await toggle.click()
    }
  }

  save = () => this.root().getByRole('button', { name: 'Save Changes' }).click()
  cancel = () => this.root().getByRole('button', { name: 'Cancel' }).click()

  async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.root().getByTestId('avatar-input').setInputFiles(file)
  }

  async removeAvatar() {
    await this.root().getByRole('button', { name: 'Remove avatar' }).click()
    await this.page
      .getByRole('alertdialog')
      .getByText('This will permanently remove your current profile picture.')
      .waitFor()
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  }

  stat = (term: string) => this.root().locator(`[data-stat="${term}"] dd`)

  close = () => this.page.keyboard.press('Escape')
}
