/**
 * bun run bench:render-cpu — what the client's looks cost Chromium's CPU where it has no GPU to
 * composite with (virtual desktops, thin clients and the test browsers: `--disable-gpu`, as
 * web/e2e/fixtures.ts launches it). Two phases, each measured as shipped and with the backdrop
 * blur that dialogs' dim had before decision 182 put back, side by side in the same run:
 *   - a dialog with a focused text box, left at rest for 10 s (the caret blinks);
 *   - the settings dialog opened and closed 10 times.
 * Prints the CPU seconds of every Chromium process; no pass/fail thresholds.
 */

import { chromium, type Page } from 'playwright-core'
import { startShippedServer } from '../src/test/harness'
import { CHROMIUM_ARGS, ensureClientBuilt } from '../web/e2e/fixtures'
import { newUser } from '../web/e2e/new-user'
import { signUpThroughCard } from '../web/e2e/session'
import { chromiumCpuSeconds, fmt, loadAverage } from './lib/processes'

/** The dim behind dialogs as it was before decision 182. */
const FORMER_BLUR = '.fixed.inset-0[data-state] { backdrop-filter: blur(2px) }'
const REST_MS = 10_000

await ensureClientBuilt()
console.log(`load average at start (1/5/15 min): ${loadAverage()}`)
const server = await startShippedServer({})
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
})

async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = chromiumCpuSeconds()
  await work()
  return chromiumCpuSeconds() - before
}

async function freshPage(former: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  if (former)
    await context.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style')
        style.textContent = css
        document.head.append(style)
      })
    }, FORMER_BLUR)
  await signUpThroughCard(page, newUser('Bench Mark'))
  return page
}

async function dialogAtRest(page: Page) {
  await page.getByTestId('composer-more').click()
  await page.getByTestId('open-deep-research').click()
  await page.getByTestId('research-dialog').locator('textarea').focus()
  await page.waitForTimeout(500)
  const seconds = await cpuOf(() => page.waitForTimeout(REST_MS))
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  return seconds
}

async function settingsTenTimes(page: Page) {
  return cpuOf(async () => {
    for (let i = 0; i < 10; i++) {
      await page.getByTestId('user-menu').click()
      await page.getByRole('menu').getByRole('menuitem').nth(1).click()
      await page.getByRole('dialog').waitFor()
      await page.waitForTimeout(300)
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await page.waitForTimeout(100)
    }
  })
}

try {
  const rows: [string, number, number][] = []
  const shipped = await freshPage(false)
  const former = await freshPage(true)
  // Each measured twice, alternating, so a change in the machine's load shows as a spread.
  for (let round = 0; round < 2; round++) {
    rows.push(['a research dialog at rest, 10 s', await dialogAtRest(shipped), await dialogAtRest(former)])
    rows.push([
      'settings opened and closed 10 times',
      await settingsTenTimes(shipped),
      await settingsTenTimes(former),
    ])
  }
  console.log('\nChromium CPU seconds (all its processes), no GPU')
  console.log('phase'.padEnd(40), 'as shipped'.padStart(11), 'former blur'.padStart(12))
  for (const [phase, now, before] of rows)
    console.log(phase.padEnd(40), fmt(now, 2).padStart(11), fmt(before, 2).padStart(12))
} finally {
  await browser.close()
  await server.stop()
}
