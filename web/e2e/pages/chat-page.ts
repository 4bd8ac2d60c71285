import type { Page } from 'playwright-core'

/** The conversation screen: sidebar chat list, message area, composer. */
export class ChatPage {
  constructor(readonly page: Page) {}

  newChatButton = () => this.page.getByTestId('new-chat')
  chatRows = () => this.page.getByTestId('chat-row')
  chatRow = (title: string) => this.chatRows().filter({ hasText: title })
  currentRow = () => this.page.locator('[data-testid="chat-row"]:has([aria-current="page"])')
  search = () => this.page.getByRole('searchbox', { name: 'Search chats' })
  input = () => this.page.getByRole('textbox', { name: 'Message' })
  sendButton = () => this.page.getByTestId('send')
  stopButton = () => this.page.getByTestId('stop')
  messages = () => this.page.getByTestId('message')
  assistantMessages = () => this.page.locator('[data-testid="message"][data-role="assistant"]')
  lastAnswer = () => this.assistantMessages().last()
  thinking = () => this.page.getByTestId('thinking')
  modelDropdown = () => this.page.getByTestId('model-dropdown')

  /**
   * Clicks 'New Chat' and waits until the new chat is open (its URL, not the old chat's) and listed
   * in the sidebar. Not by counting rows: the list is windowed, so a long one mounts no more
   * rows for one more chat, and a count taken while the list loads says nothing.
   */
  async newChat() {
    const from = this.page.url()
    await this.newChatButton().click()
    await this.page.waitForURL((url) => url.pathname.startsWith('/c/') && url.href !== from)
    const id = new URL(this.page.url()).pathname.split('/').at(-1)!
    // Listed, wherever the list is shown (a phone's drawer closes as the chat opens).
    await this.page.waitForFunction(
      (chatId) =>
        !document.querySelector('[data-testid="new-chat"]') ||
        document.querySelector(`[data-testid="chat-row"][data-chat-id="${chatId}"]`) !== null,
      id,
    )
  }

  async send(text: string) {
    await this.input().fill(text)
    await this.input().press('Enter')
  }

  async waitForAnswer(text: string) {
    await this.lastAnswer()
      .filter({ hasText: text })
      .waitFor()
      .catch(async (error) => {
        throw new Error(`${error.message}\n${await this.whatShows()}`)
      })
    await this.page.locator('[data-testid="message"][data-status="streaming"]').waitFor({ state: 'detached' })
    // The finished answer's last block is parsed again in a later task (markdown.tsx) and is
    // invisible until then: wait until the text shows, not only until it is in the DOM.
    await this.page.waitForFunction((expected) => {
      const answers = document.querySelectorAll<HTMLElement>('[data-testid="message"][data-role="assistant"]')
      return answers[answers.length - 1]?.innerText.includes(expected) ?? false
    }, text)
  }

  /**
   * What the conversation shows, for a failed wait: each message's role, status and first words,
   * the composer's state and any toast. A flake then says where it stopped.
   */
  async whatShows(): Promise<string> {
    return this.page
      .evaluate(() => {
        const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')].map(
          (el) =>
            `${el.dataset.role}/${el.dataset.status ?? '-'}: ${el.innerText.slice(0, 60).replace(/\s+/g, ' ')}`,
        )
        const composer = document.querySelector<HTMLElement>('[data-testid="composer"]')?.dataset.state
        const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map(
          (el) => el.innerText,
        )
        return [
          `url ${location.pathname}, composer ${composer ?? 'absent'}, online ${navigator.onLine}`,
          `messages (${rows.length}): ${rows.join(' | ') || 'none'}`,
          `toasts: ${toasts.join(' | ') || 'none'}`,
        ].join('\n')
      })
      .catch((error) => `(could not read the page: ${error})`)
  }

  async rename(from: string, to: string) {
    await this.chatRow(from).hover()
    await this.page.getByRole('button', { name: `Rename ${from}` }).click()
    const input = this.page.getByRole('textbox', { name: 'Chat title' })
    await input.fill(to)
    await input.press('Enter')
  }

  async deleteChat(title: string) {
    await this.chatRow(title).hover()
    await this.page.getByRole('button', { name: `Delete ${title}` }).click()
    const dialog = this.page.getByTestId('delete-chat-dialog')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await dialog.waitFor({ state: 'detached' })
    // The dialog closes at once; the row goes when the server has answered.
    await this.chatRow(title).waitFor({ state: 'detached' })
  }

  async openPlusMenu() {
    await this.page.getByRole('button', { name: 'More actions' }).click()
    await this.page.getByRole('menu').waitFor()
  }
}
