import type { Page } from 'playwright-core'

export class SettingsDialog {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('settings-dialog')
  updatePasswordButton = () => this.root().getByRole('button', { name: 'Update Password' })
  /** Both Security forms ask for the current password: each is reached through its own form. */
  passwordForm = () => this.root().getByRole('form', { name: 'Change Password' })
  emailForm = () => this.root().getByRole('form', { name: 'Change Email' })

  async waitUntilShown() {
    await this.root().getByRole('tab', { name: 'Security' }).waitFor()
  }

  async fillPasswords(current: string, next: string, confirm: string) {
    await this.passwordForm().getByLabel('Current Password').fill(current)
    await this.root().getByLabel('New Password', { exact: true }).fill(next)
    await this.root().getByLabel('Confirm New Password').fill(confirm)
  }

  async requestEmailChange(email: string, currentPassword: string) {
    await this.emailForm().getByLabel('New Email Address').fill(email)
    await this.emailForm().getByLabel('Current Password').fill(currentPassword)
    await this.root().getByRole('button', { name: 'Update Email' }).click()
  }

  async openDangerZone() {
    await this.root().getByRole('tab', { name: 'Danger Zone' }).click()
  }

  async deleteAccount(confirmation: string) {
    await this.root()
      .getByLabel(/to confirm/)
      .fill(confirmation)
    await this.root().getByRole('button', { name: 'Delete Account' }).click()
  }
}
