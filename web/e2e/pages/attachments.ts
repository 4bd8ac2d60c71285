import type { Page } from 'playwright-core'
import type { TestFile } from '../test-files'

/** The composer's attachments (previews, picker, paste, drop) and a sent message's files. */
export class AttachmentsPanel {
  constructor(readonly page: Page) {}

  composer = () => this.page.getByTestId('composer')
  textarea = () => this.composer().getByRole('textbox', { name: 'Message' })
  sendButton = () => this.page.getByTestId('send')
  previews = () => this.page.getByTestId('composer-attachment')
  preview = (name: string) => this.previews().filter({ hasText: name })
  dropZone = () => this.page.getByTestId('attachment-drop-zone')
  previewDialog = () => this.page.getByTestId('file-preview')

  /** Through the '+' menu's 'Add photos & files', as a person would. */
  async pick(files: TestFile[]) {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByRole('button', { name: 'More actions' }).click()
    await this.page.getByRole('menuitem', { name: 'Add photos & files' }).click()
    await (await chooser).setFiles(files)
  }

  /** A paste into the textarea whose clipboard holds files (as copying an image in a file manager does). */
  async paste(files: TestFile[]) {
    await this.textarea().evaluate((textarea, list) => {
      const data = new DataTransfer()
      for (const file of list)
        data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
      textarea.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, files.map(serialise))
  }

  /** Drags files over the composer (the hint shows), then drops them. */
  async dragOver(files: TestFile[]) {
    await this.dropZone().evaluate((zone, list) => {
      const data = new DataTransfer()
      for (const file of list)
        data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
      ;(window as unknown as { __dropData: DataTransfer }).__dropData = data
      zone.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }))
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
    }, files.map(serialise))
  }

  async drop() {
    await this.dropZone().evaluate((zone) => {
      const data = (window as unknown as { __dropData: DataTransfer }).__dropData
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    })
  }

  async dragLeave() {
    await this.dropZone().evaluate((zone) => {
      const data = (window as unknown as { __dropData: DataTransfer }).__dropData
      zone.dispatchEvent(new DragEvent('dragleave', { dataTransfer: data, bubbles: true, cancelable: true }))
    })
  }

  /** Waits until every preview has finished uploading (ready or failed). */
  async waitForUploads() {
    await this.page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="composer-attachment"][data-status="uploading"]').length ===
        0,
    )
  }

  async statuses(): Promise<Record<string, string>> {
    return this.previews().evaluateAll((items) =>
      Object.fromEntries(
        items.map((item) => [
          item.querySelector('[title]')?.getAttribute('title') ?? '',
          item.getAttribute('data-status') ?? '',
        ]),
      ),
    )
  }

  lastUserMessage = () => this.page.locator('[data-testid="message"][data-role="user"]').last()
}

function serialise(file: TestFile) {
  return { name: file.name, type: file.mimeType, bytes: [...file.buffer] }
}
