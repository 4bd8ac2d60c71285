import { chromium } from 'playwright-core'
import { startFakeOpenAi } from '../../src/test/fakes/openai-server'
import { startShippedServer } from '../../src/test/harness'
import { ensureClientBuilt } from '../../web/e2e/fixtures'

/**
 * The browser benchmarks' start: the built client on the shipped server (the embedded database in
 * its own process), the fake provider with one model, and Chromium with a 1280×800 context on it.
 */
export async function startBrowserBench() {
  await ensureClientBuilt()
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  const server = await startShippedServer({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'x',
    OPENAI_MODELS: 'fake-model',
  })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  })
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
  return {
    fake,
    server,
    browser,
    context,
    async close() {
      await browser.close()
      await server.stop()
      await fake.close()
    },
  }
}
