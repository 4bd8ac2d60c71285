import { join } from 'node:path'
import type { Browser } from 'playwright-core'

const ROOT = 'public/build'

/** Issue 35's goals for the JavaScript a first visit fetches (gzip, KB). */
export const GOAL_KB = { signIn: 110, chat: 200 }
/**
 * The size budget the test command holds (web/e2e/web-size.test.ts): today's figures and a little
 * room, lowered as the pages get lighter, until they are the goals. A change that makes a first
 * visit heavier than this fails the tests (decision 177).
 */
export const BUDGET_KB = { signIn: 110, chat: 236 }

export interface Fetched {
  path: string
  raw: number
  gzip: number
}

/** A built file's size, raw and gzipped at level 9 (as the server's compression of it is at most). */
export async function measureBuilt(path: string): Promise<Fetched> {
  const bytes = new Uint8Array(await Bun.file(join(ROOT, path)).arrayBuffer())
  return { path, raw: bytes.length, gzip: Bun.gzipSync(bytes, { level: 9 }).length }
}

export const gzipOf = (files: Fetched[], extension: '.js' | '.css') =>
  files.filter((file) => file.path.endsWith(extension)).reduce((total, file) => total + file.gzip, 0)

/**
 * What the two screens people land on really fetch in Chromium (every script and stylesheet
 * response): the sign-in page on a first visit, then the signed-in chat page with one chat and one
 * answer (counting what the sign-in visit fetched too). For bench:web-size and the size budget
 * (web/e2e/web-size.test.ts); `url` is a started server's.
 */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
): Promise<{ signIn: Fetched[]; chat: Fetched[] }> {
  const context = await browser.newContext({ baseURL: url })
  try {
    const page = await context.newPage()
    const fetched = new Set<string>()
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (/\.(js|css)$/.test(path)) fetched.add(path.slice(1))
    })
    const total = () => Promise.all([...fetched].map(measureBuilt))
    await page.goto('/')
    await page.locator('form').first().waitFor()
    await page.waitForLoadState('networkidle')
    const signIn = await total()
    const headers = { origin: url }
    const email = `size${Date.now().toString(36)}@example.com`
    await context.request.post('/api/auth/signup', {
      headers,
      data: { email, password: 'correct-horse-42', fullName: 'Size Check' },
    })
    const chat = await context.request.post('/api/chats', { headers, data: {} })
    const chatId = ((await chat.json()) as { data: { id: string } }).data.id
    await context.request.post(`/api/chats/${chatId}/messages`, { headers, data: { content: 'Hello' } })
    await page.goto(`/c/${chatId}`)
    await page.locator('[data-testid="message"][data-role="assistant"]').first().waitFor()
    await page.waitForLoadState('networkidle')
    return { signIn, chat: await total() }
  } finally {
    await context.close()
  }
}
