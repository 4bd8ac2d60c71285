import { afterAll, beforeAll, expect, test } from 'bun:test'
import { BUDGET_KB, type Fetched, gzipOf, measureFirstVisit } from './first-visit'
import { type E2E, SETUP_TIMEOUT, startE2E } from './fixtures'

// A size budget, not a timed test (issue 35): what Chromium fetches on a first visit, in bytes.
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const heaviest = (files: Fetched[]) =>
  [...files]
    .filter((file) => file.path.endsWith('.js'))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((file) => `${file.path} ${(file.gzip / 1024).toFixed(1)} KB`)

test('the sign-in page and the signed-in chat page stay within their JavaScript budgets (gzip)', async () => {
  const pages = await measureFirstVisit(e2e.browser, e2e.url)
  for (const name of ['signIn', 'chat'] as const) {
    const kb = gzipOf(pages[name], '.js') / 1024
    // Where a change landed: the page's heaviest files, printed when it is over.
    if (kb > BUDGET_KB[name]) console.error(`${name}: ${kb.toFixed(1)} KB`, heaviest(pages[name]))
    expect(kb).toBeLessThanOrEqual(BUDGET_KB[name])
  }
})
