import { expect, test } from 'bun:test'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './fixtures'

// The browser suites' Chromium switches (decision 181): they must keep what playwright-core turns
// off, and must keep the unused omnibox popup from being built for every context.

test("our --disable-features repeats playwright-core's own list, which it would otherwise replace", async () => {
  const bundle = await Bun.file('node_modules/playwright-core/lib/coreBundle.js').text()
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]/)?.[1]
  expect(list).toBeDefined()
  const theirs = [...(list ?? '').matchAll(/^\s*"([A-Za-z]+)",?\s*$/gm)].map((match) => match[1] ?? '')
  expect(theirs.length).toBeGreaterThan(5)
  expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...theirs].sort())
  const ours = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='))
  expect(ours.length).toBe(1)
  for (const feature of theirs) expect(ours[0]?.split('=')[1]?.split(',')).toContain(feature)
})

test('a new browser context builds no omnibox popup page', async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext()
    await (await context.newPage()).setContent('<p>Hello</p>')
    const session = await browser.newBrowserCDPSession()
    const { targetInfos } = await session.send('Target.getTargets')
    expect(targetInfos.filter((target) => target.url.includes('omnibox-popup'))).toEqual([])
    expect(targetInfos.filter((target) => target.type === 'page').length).toBe(1)
  } finally {
    await browser.close()
  }
}, 60_000)
