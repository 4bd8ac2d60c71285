import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import type { FakeOpenAi } from '../../src/test/fakes/openai-server'
import {
  type E2E,
  expectAxeClean,
  inEveryLook,
  openAdminSection,
  SETUP_TIMEOUT,
  screenshotTo,
  withSignedInPage,
} from './fixtures'
import { newUser } from './new-user'
import { ChatPage } from './pages/chat-page'
import { expectToast } from './pages/toasts'

/*
 * Issue 29, point 5: Admin › Groups. The administrator makes a group that allows one model and
 * gives a $0.01 daily limit, and adds Mia by hand; Mia's composer then lists only that model, a
 * model she picked before is refused in her language, her budget is the group's, and a prompt shared
 * with the group reaches her but not Otto, who is in no group.
 */

setDefaultTimeout(90_000)

const SHOTS = '/tmp/shots/groups'
const admin = newUser('Ada Admin')
const member = newUser('Mia Member')
const outsider = newUser('Otto Outsider')

let e2e: E2E
let fake: FakeOpenAi
let page: Page
let mia: Page
let otto: Page

beforeAll(async () => {
  ;({ e2e, fake, page } = await withSignedInPage({
    fakeModels: ['fake-model', 'fake-model-large'],
    user: admin,
  }))
  // Mia reads German: the refusal she meets is the catalogue's, by its code, not the server's English.
  mia = await e2e.signedInPage({ user: member, language: 'de' })
  otto = await e2e.signedInPage({ user: outsider })
  // Before any group: Mia picks the larger model, which her group will not allow.
  const chat = new ChatPage(mia)
  await chat.newChat()
  await chat.modelDropdown().click()
  await mia.getByTestId('model-option').filter({ hasText: 'fake-model-large' }).click()
  await mia.waitForFunction(() =>
    document.querySelector('[data-testid="model-dropdown"]')?.textContent?.includes('fake-model-large'),
  )
  await mkdir(SHOTS, { recursive: true })
}, SETUP_TIMEOUT)
afterAll(async () => {
  await e2e?.close()
  await fake?.close()
}, SETUP_TIMEOUT)

const section = (on = page) => on.getByTestId('groups-section')
const dialog = (on = page) => on.getByTestId('group-dialog')
const visibleRows = (on = page) => section(on).locator('[data-testid="group-row"]:visible')

async function shot(on: Page, name: string) {
  await screenshotTo(on, { path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

/** Back to the usual look after `inEveryLook`. */
async function desktopLight(on: Page) {
  await on.setViewportSize({ width: 1280, height: 800 })
  await on.emulateMedia({ colorScheme: 'light' })
}

async function modelOptions(on: Page): Promise<string[]> {
  await new ChatPage(on).modelDropdown().click()
  const options = on.getByTestId('model-option')
  await options.first().waitFor()
  const texts = await options.allInnerTexts()
  await on.keyboard.press('Escape')
  return texts.map((text) => text.split('\n')[0]!.trim())
}

describe('Admin › Groups', () => {
  test('starts empty, with what a group is for', async () => {
    await openAdminSection(page, 'groups')
    await page.getByRole('heading', { name: 'Groups', exact: true }).waitFor()
    await section().getByText('No groups yet').waitFor()
    await expectAxeClean(page, 'groups, empty')
  })

  test('New group: a name is required; one model, a $0.01 daily limit, a provider group', async () => {
    await section().getByRole('button', { name: 'New group' }).click()
    await dialog().getByRole('heading', { name: 'New group' }).waitFor()
    await dialog().getByRole('button', { name: 'Create group' }).click()
    await dialog().getByText('Give the group a name').waitFor()

    await dialog().getByLabel('Name', { exact: true }).fill('Research')
    await dialog().getByLabel('Provider group name (optional)').fill('research-team')
    await dialog().getByText('Members of this provider group join automatically at sign-in').waitFor()
    await dialog().getByRole('combobox', { name: 'Allowed models' }).selectOption('chosen')
    await dialog().getByRole('button', { name: 'Create group' }).click()
    await dialog().getByText('Choose at least one model').waitFor()
    await dialog().getByRole('checkbox', { name: 'fake-model', exact: true }).check()
    await dialog().getByLabel('Daily limit').fill('0.01')
    expect(await dialog().getByLabel('Monthly limit').getAttribute('placeholder')).toBe(
      'Not set by this group',
    )
    await expectAxeClean(page, 'new group dialog')
    await inEveryLook(page, async (look) => shot(page, `dialog-new-en-${look}`))
    await desktopLight(page)

    await dialog().getByRole('button', { name: 'Create group' }).click()
    await expectToast(page, 'Group “Research” created. Add its members below.')
    // The new group stays open, on its members, to add them straight away.
    await dialog().getByRole('heading', { name: 'Edit group' }).waitFor()
    expect(await dialog().getByRole('tab', { name: 'Members (0)' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await dialog().getByText('No members yet').waitFor()
  })

  test('adds a member found by the users search; the badge says how they joined', async () => {
    await dialog().getByLabel('Add a member').fill('Mia')
    await dialog().getByRole('button', { name: 'Add Mia Member to the group' }).click()
    await expectToast(page, 'Mia Member added to the group')
    const row = dialog().getByTestId('group-member').filter({ hasText: member.email })
    await row.waitFor()
    expect(await row.getByText('Added by hand').count()).toBe(1)
    await dialog().getByLabel('Add a member').fill('Mia')
    await dialog().getByText('No one else matches').waitFor()
    await dialog().getByLabel('Add a member').fill('Otto')
    await dialog().getByRole('button', { name: 'Add Otto Outsider to the group' }).waitFor()
    await dialog().getByLabel('Add a member').fill('')
    await expectAxeClean(page, 'group dialog with a member')
    await inEveryLook(page, async (look) => shot(page, `dialog-members-en-${look}`))
    await desktopLight(page)
    // What was typed in Settings survives a look at Members.
    await dialog().getByRole('tab', { name: 'Settings' }).click()
    await dialog().getByLabel('Monthly limit').fill('5')
    await dialog().getByRole('tab', { name: 'Members (1)' }).click()
    await dialog().getByRole('tab', { name: 'Settings' }).click()
    expect(await dialog().getByLabel('Monthly limit').inputValue()).toBe('5')
    await dialog().getByLabel('Monthly limit').fill('')
    await inEveryLook(page, async (look) => shot(page, `dialog-settings-en-${look}`))
    await desktopLight(page)
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'detached' })
  })

  test('the list shows members, provider group, limits and how the group narrows', async () => {
    const row = visibleRows().filter({ hasText: 'Research' })
    await row.filter({ hasText: '1 member' }).waitFor()
    const text = await row.innerText()
    expect(text).toContain('research-team')
    expect(text).toContain('Daily $0.01')
    expect(text).toContain('1 model')
    expect(text).toContain('All agents')
    await expectAxeClean(page, 'groups list')
    await inEveryLook(page, async (look) => {
      await visibleRows().first().waitFor()
      await shot(page, `list-en-${look}`)
    })
    await desktopLight(page)
  })

  test('a second group with the same name in other letters is refused in words', async () => {
    await section().getByRole('button', { name: 'New group' }).click()
    await dialog().getByLabel('Name', { exact: true }).fill('RESEARCH')
    await dialog().getByRole('button', { name: 'Create group' }).click()
    await dialog().getByText('A group with this name already exists').waitFor()
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'detached' })
  })
})

describe('what the group gives its member', () => {
  test('a model picked before the group is refused in her language', async () => {
    // Mia's page still lists both models (read before the group existed).
    const input = mia.getByTestId('composer').getByRole('textbox')
    await input.fill('Which model are you?')
    await input.press('Enter')
    await mia.getByText('Deine Gruppen erlauben dieses Modell nicht').first().waitFor()
    expect(fake.completions().some((call) => call.body?.model === 'fake-model-large')).toBe(false)
  })

  test('the composer lists only the group’s model; Otto, in no group, sees both', async () => {
    await mia.reload()
    expect(await modelOptions(mia)).toEqual(['fake-model'])
    await otto.reload()
    expect(await modelOptions(otto)).toEqual(['fake-model', 'fake-model-large'])
  })

  test('her budget is the group’s: the API says so, and her budget in Admin › Users says “From a group”', async () => {
    const budget = await mia.request.get('/api/tokens/budget')
    expect(budget.ok()).toBe(true)
    expect((await budget.json()).data.dailyLimit).toBe(0.01)

    await openAdminSection(page, 'users')
    const user = page.getByTestId('users-section').locator('[data-testid="user-row"]:visible')
    await user.filter({ hasText: member.email }).getByRole('button', { name: 'Mia Member' }).click()
    const daily = page.getByTestId('user-budget').locator('[data-budget-field="dailyLimit"]')
    await daily.getByText('From a group').waitFor()
    expect(await daily.locator('[data-source="group"]').count()).toBe(1)
    await page.getByTestId('user-detail').getByRole('button', { name: 'Close' }).click()
  })

  test('a prompt shared with the group reaches its member, not an outsider', async () => {
    // Otto is in no group: nothing to share with, so the choice is not offered.
    await otto.getByTestId('composer-more').click()
    await otto.getByTestId('open-prompt-library').click()
    await otto.getByTestId('prompt-library').waitFor()

    await page.goto('/')
    await new ChatPage(page).newChat()
    await page.getByTestId('composer-more').click()
    await page.getByTestId('open-prompt-library').click()
    await page.getByTestId('prompt-library').getByTestId('prompt-create-new').click()
    const create = page.getByTestId('prompt-create-dialog')
    await create.getByTestId('prompt-title').fill('Research brief')
    await create.getByTestId('prompt-text').fill('Summarise the latest findings on {topic}.')
    await create.getByTestId('prompt-tab-advanced').click()
    const share = create.getByTestId('prompt-share-groups')
    await share.getByText('Share with groups').waitFor()
    await share.getByRole('checkbox', { name: 'Research' }).check()
    await create.getByTestId('prompt-submit').click()
    await expectToast(page, 'Prompt created')

    await mia.getByTestId('composer-more').click()
    await mia.getByTestId('open-prompt-library').click()
    await mia.locator('[data-testid="prompt-card"][data-title="Research brief"]').waitFor()

    await otto.reload()
    await otto.getByTestId('composer-more').click()
    await otto.getByTestId('open-prompt-library').click()
    await otto.getByTestId('prompt-library').waitFor()
    await otto
      .getByTestId('prompt-card')
      .first()
      .waitFor({ state: 'attached', timeout: 2_000 })
      .catch(() => {})
    expect(await otto.locator('[data-testid="prompt-card"][data-title="Research brief"]').count()).toBe(0)
    await otto.getByTestId('prompt-library').getByTestId('prompt-create-new').click()
    await otto.getByTestId('prompt-create-dialog').getByTestId('prompt-tab-advanced').click()
    await otto.getByTestId('prompt-public').waitFor()
    expect(await otto.getByTestId('prompt-share-groups').count()).toBe(0)
  })
})

describe('in French, and deleting', () => {
  test('Admin › Groups and its dialog read naturally in French', async () => {
    const french = await e2e.signedInPage({ user: admin, existing: true, language: 'fr' })
    try {
      await openAdminSection(french, 'groups')
      await french.getByRole('heading', { name: 'Groupes', exact: true }).waitFor()
      await visibleRows(french).filter({ hasText: '1 membre' }).waitFor()
      expect(await visibleRows(french).first().innerText()).toContain('Par jour 0,01')
      await inEveryLook(french, async (look) => shot(french, `list-fr-${look}`))
      await desktopLight(french)
      await visibleRows(french).first().getByRole('button', { name: 'Research' }).click()
      await dialog(french).getByRole('heading', { name: 'Modifier le groupe' }).waitFor()
      await dialog(french).getByRole('checkbox', { name: 'fake-model', exact: true, checked: true }).waitFor()
      await inEveryLook(french, async (look) => shot(french, `dialog-settings-fr-${look}`))
      await desktopLight(french)
      await dialog(french).getByRole('tab', { name: 'Membres (1)' }).click()
      await dialog(french).getByText('Ajouté à la main').waitFor()
      await expectAxeClean(french, 'group dialog, French')
      await inEveryLook(french, async (look) => shot(french, `dialog-members-fr-${look}`))
    } finally {
      // The language is the administrator's profile's: back to English for the other pages.
      await french.request.patch('/api/profile', {
        headers: { origin: e2e.url },
        data: { preferred_language: 'en' },
      })
      await french.context().close()
    }
  })

  test('Delete asks first; the member then sees every model again', async () => {
    await openAdminSection(page, 'groups')
    await visibleRows().first().getByRole('button', { name: 'Research' }).click()
    await dialog().getByRole('button', { name: 'Delete group' }).click()
    const confirm = page.getByTestId('group-delete-confirm')
    await confirm.getByText('Delete the group “Research”?').waitFor()
    await shot(page, 'delete-confirm-en-1280-light')
    await confirm.getByRole('button', { name: 'Delete group' }).click()
    await expectToast(page, 'Group “Research” deleted')
    await section().getByText('No groups yet').waitFor()
    await mia.reload()
    expect(await modelOptions(mia)).toEqual(['fake-model', 'fake-model-large'])
  })
})
