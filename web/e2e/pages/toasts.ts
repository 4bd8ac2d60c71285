import type { Page } from 'playwright-core'

/** Waits for a sonner toast with exactly this text (title) to appear. */
export async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()
}
