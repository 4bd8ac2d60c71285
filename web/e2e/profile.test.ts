import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { type E2E, SETUP_TIMEOUT, withSignedInPage } from './fixtures'
import { newUser } from './new-user'
import { ProfileDialog } from './pages/profile-dialog'
import { expectToast } from './pages/toasts'

// A real 1×1 PNG: the server may check the bytes, not only the declared type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

// A browser walk through several screens takes seconds; `bun test web/e2e` needs no --timeout flag.
setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const user = newUser('Marie Curie')

beforeAll(async () => {
  ;({ e2e, page } = await withSignedInPage({ user }))
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

async function openProfile() {
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  const dialog = new ProfileDialog(page)
  await dialog.waitUntilShown()
  return dialog
}

describe('user profile dialog', () => {
  test('shows the name, e-mail, join date, empty bio and usage statistics', async () => {
    const dialog = await openProfile()
    expect(await dialog.name().textContent()).toBe(user.fullName)
    await dialog.root().getByText(user.email).first().waitFor()
    await dialog
      .root()
      .getByText(/^Joined /)
      .waitFor()
    await dialog.root().getByText('No bio added yet').waitFor()
    await dialog.root().getByText('Enabled').waitFor()
    await dialog.root().getByText('0 days').waitFor()
    expect(await dialog.stat('Total Chats').textContent()).toBe('0')
    expect(await dialog.stat('Messages Sent').textContent()).toBe('0')
    await dialog.close()
    await dialog.root().waitFor({ state: 'detached' })
  })

  test('Cancel resets the fields; Save Changes stores them and leaves edit mode', async () => {
    const dialog = await openProfile()
    await dialog.edit({ fullName: 'Someone Else', bio: 'not kept' })
    await dialog.cancel()
    expect(await dialog.name().textContent()).toBe(user.fullName)
    await dialog.root().getByText('No bio added yet').waitFor()

    await dialog.edit({
      fullName: 'Marie Skłodowska-Curie',
      bio: 'Physicist and chemist.',
      notifications: false,
    })
    await dialog.save()
    await expectToast(page, 'Profile updated successfully!')
    await dialog.root().getByRole('button', { name: 'Edit Profile' }).waitFor()
    expect(await dialog.name().textContent()).toBe('Marie Skłodowska-Curie')
    await dialog.root().getByText('Physicist and chemist.').waitFor()
    await dialog.root().getByText('Disabled').waitFor()

    // The header's user menu follows the new name.
    await dialog.close()
    expect(await page.getByTestId('user-menu').textContent()).toContain('Marie Skłodowska-Curie')
  })

  test('avatar: refuses non-images and files over 5 MB, uploads an image, removes it after confirmation', async () => {
    const dialog = await openProfile()
    await dialog.uploadAvatar({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expectToast(page, 'Please select an image file')
    await dialog.uploadAvatar({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5242881) })
    await expectToast(page, 'Image must be smaller than 5MB')
    expect(await dialog.avatarImage().count()).toBe(0)

    await dialog.uploadAvatar({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expectToast(page, 'Avatar updated successfully!')
    await dialog.avatarImage().waitFor()
    const src = await dialog.avatarImage().getAttribute('src')
    expect(src).toBeTruthy()
    expect((await page.request.get(src!)).status()).toBe(200)

    await dialog.removeAvatar()
    await expectToast(page, 'Avatar removed successfully!')
    await dialog.avatarImage().waitFor({ state: 'detached' })
    await dialog.close()
  })

  test('a change made in one tab shows live in another tab of the same person', async () => {
    const other = await page.context().newPage()
    const socketOpened = other.waitForEvent('websocket')
    await other.goto('/')
    await other.getByTestId('dashboard').waitFor()
    // Give the second tab's socket a moment to connect before the change is made.
    await socketOpened
    await other.waitForTimeout(500)

    const dialog = await openProfile()
    await dialog.edit({ fullName: 'Pierre Curie' })
    await dialog.save()
    await expectToast(page, 'Profile updated successfully!')

    await other.waitForFunction(
      () => document.querySelector('[data-testid="user-menu"]')?.textContent?.includes('Pierre Curie'),
      undefined,
      { timeout: 10_000 },
    )
    await dialog.close()
    await other.close()
  })

  test('a second device signed in separately sees the saved profile', async () => {
    const device = await e2e.signedInPage({ user, existing: true })
    // The menu shows a placeholder until the profile arrives, so wait for the name rather than read it once.
    await device.waitForFunction(
      () => document.querySelector('[data-testid="user-menu"]')?.textContent?.includes('Pierre Curie'),
      undefined,
      { timeout: 10_000 },
    )
    expect(await device.getByTestId('user-menu').textContent()).toContain('Pierre Curie')
  })

  // Last: the app speaks Spanish for this person afterwards.
  test('choosing Español switches this tab and another open tab of the same person live', async () => {
    const other = await page.context().newPage()
    const socketOpened = other.waitForEvent('websocket')
    await other.goto('/')
    await other.getByTestId('dashboard').waitFor()
    await socketOpened
    // The other tab shows the profile dialog too, so its texts can be seen switching.
    await other.getByTestId('user-menu').click()
    await other.getByRole('menuitem', { name: 'Profile' }).click()
    await new ProfileDialog(other).waitUntilShown()
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('en')

    const dialog = await openProfile()
    await dialog.root().getByRole('button', { name: 'Edit Profile' }).click()
    const language = dialog.root().getByLabel('Language')
    // Each language is listed in its own words, tagged with its language.
    expect(
      await language
        .locator('option')
        .evaluateAll((options) =>
          options.map((option) => `${option.getAttribute('lang')}:${option.textContent}`),
        ),
    ).toEqual(['en:English', 'es:Español', 'fr:Français', 'de:Deutsch', 'it:Italiano', 'pt:Português'])
    await language.selectOption({ label: 'Español' })
    await dialog.save()
    // The saving tab confirms in the new language.
    await expectToast(page, '¡Perfil actualizado!')

    for (const tab of [page, other]) {
      const root = tab.getByTestId('profile-dialog')
      await root.getByRole('heading', { name: 'Perfil de usuario' }).waitFor({ timeout: 10_000 })
      await root.getByText('Estadísticas de uso').waitFor()
      await root.getByRole('button', { name: 'Editar perfil' }).waitFor()
      await root.getByText('Español', { exact: true }).waitFor()
      await root.getByText('Notificaciones').first().waitFor()
      await tab.waitForFunction(() => document.documentElement.lang === 'es')
    }
    expect(await page.getByTestId('profile-dialog').getByText('Usage Statistics').count()).toBe(0)
    expect(await other.getByTestId('profile-dialog').getByText('Usage Statistics').count()).toBe(0)
    await other.close()
    await dialog.close()
  })
})
