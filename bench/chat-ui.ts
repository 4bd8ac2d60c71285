/**
 * bun run bench:chat-ui — the chat screen in Chromium: opening and scrolling a 1,000-message chat,
 * and streaming a 20,000-character answer. Prints long tasks (> 50 ms, PerformanceObserver
 * 'longtask'), DOM node counts and the machine's load average (the machine is shared, so compare
 * runs made under a similar load); no pass/fail thresholds. With BENCH_TRACE=<dir> each phase
 * also writes a Chromium performance trace (open it in DevTools' Performance panel) to that dir;
 * `bun bench/trace-long-tasks.ts <dir>/*.json` lists what the long tasks ran. BENCH_CPU_SLOWDOWN=<n>
 * has Chromium run its page n times slower (CDP CPU throttling), to see the margin left.
 */

import { loadavg } from 'node:os'
import { chromium, type Page } from 'playwright-core'
import { messages } from '../db/schema'
import { startFakeOpenAi } from '../src/test/fakes/openai-server'
import { startShippedServer } from '../src/test/harness'
import { asPath } from '../src/test/linear-chat'
import { ensureClientBuilt } from '../web/e2e/fixtures'
import { newUser } from '../web/e2e/new-user'
import { ChatPage } from '../web/e2e/pages/chat-page'
import { signUpThroughCard } from '../web/e2e/session'

/** An answer with every kind of block; `n` makes each answer's text its own, as in a real chat. */
const sample = (n: number) =>
  `Here is a **summary** of point ${n}, with \`inline code ${n}\` and a list:\n\n- one ${n}\n- two ${n}\n\n\`\`\`ts\nconst x = ${n}\n\`\`\``
/** Time given to work a phase leaves behind (deferred rendering, idle highlighting) before its figures are read. */
const SETTLE_MS = 1000

const traceDir = process.env.BENCH_TRACE
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1)
await ensureClientBuilt()
if (cpuSlowdown > 1) console.log(`CPU slowed down ${cpuSlowdown}x`)
console.log(
  `load average at start (1/5/15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
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
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })
  // Every document observes long tasks from its start, so the open phase counts the app's start too.
  await context.addInitScript(() => {
    const w = window as unknown as { __long: number[] }
    w.__long = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push(entry.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
  const page = await context.newPage()
  if (cpuSlowdown > 1) {
    // Chromium's own CPU throttling: a slower machine, to see how much room is left under 50 ms.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  }
  await signUpThroughCard(page, newUser('Bench Mark'))
  const chat = new ChatPage(page)
  await chat.newChat()
  const chatId = page.url().split('/c/')[1]!
  const userId = (await server.ctx.db.query.chats.findFirst())!.userId
  // 1,000 messages straight into the database (500 questions, 500 markdown answers).
  const start = Date.now() - 1_000_000
  await server.ctx.db.insert(messages).values(
    asPath(
      Array.from({ length: 1000 }, (_, i) => ({
        chatId,
        userId,
        isUser: i % 2 === 0,
        content: i % 2 === 0 ? `Question number ${i / 2}?` : `${sample(i)}\n\nAnswer ${i}.`,
        status: 'complete' as const,
        createdAt: new Date(start + i * 1000),
      })),
    ),
  )

  await startTrace(page)
  const opened = performance.now()
  await page.reload()
  await chat.lastAnswer().filter({ hasText: 'Answer 999.' }).waitFor()
  const openMs = performance.now() - opened
  await page.waitForTimeout(SETTLE_MS)
  await stopTrace('open')
  report('open 1,000-message chat', page, { 'time to last message (ms)': Math.round(openMs) })
  console.log(await summary(page))

  // Scroll to the top repeatedly until every page of older messages is loaded. The list is
  // windowed, so it reports how many messages it holds in `data-loaded`.
  await resetLongTasks(page)
  await startTrace(page)
  const scrolled = performance.now()
  for (let i = 0; i < 80; i++) {
    const done = await page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!
      list.scrollTop = 0
      const loaded = Number(
        list.dataset.loaded ?? document.querySelectorAll('[data-testid="message"]').length,
      )
      return loaded >= 1000 && list.textContent!.includes('Question number 0?')
    })
    if (done) break
    await page.waitForTimeout(250)
  }
  await page.waitForTimeout(SETTLE_MS)
  await stopTrace('scroll')
  report('scroll to the first message', page, {
    'time (ms)': Math.round(performance.now() - scrolled - SETTLE_MS),
  })
  console.log(await summary(page))

  // A 20,000-character answer in 1,000 chunks of 20 characters.
  await chat.newChat()
  await resetLongTasks(page)
  const paragraph = 'Streaming **text** with `code` and words. '.repeat(4)
  const answer = Array.from({ length: 120 }, (_, i) =>
    i % 10 === 5 ? `\`\`\`js\nconsole.log("block ${i}")\n\`\`\`\n\n` : `${paragraph}(${i})\n\n`,
  )
    .join('')
    .slice(0, 20_000)
  fake.queueScript({ chunks: answer.match(/[\s\S]{1,20}/g) ?? [], chunkDelayMs: 5 })
  await startTrace(page)
  const streamed = performance.now()
  await chat.send('Write a lot')
  await chat.waitForAnswer('Streaming')
  const streamMs = performance.now() - streamed
  await page.waitForTimeout(SETTLE_MS)
  await stopTrace('stream')
  report('stream a 20,000-character answer', page, { 'time (ms)': Math.round(streamMs) })
  console.log(await summary(page))
} finally {
  await browser.close()
  await server.stop()
  await fake.close()
}

async function startTrace(page: Page) {
  if (!traceDir) return
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      // JS samples, so bench/trace-long-tasks.ts can name the functions inside a long task.
      'disabled-by-default-v8.cpu_profiler',
    ],
  })
}

async function stopTrace(phase: string) {
  if (!traceDir) return
  await Bun.write(`${traceDir}/chat-ui-${phase}.json`, await browser.stopTracing())
}

async function resetLongTasks(page: Page) {
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []))
}

async function summary(page: Page) {
  return page.evaluate(() => {
    const long = (window as unknown as { __long: number[] }).__long
    return {
      'long tasks > 50 ms': long.length,
      'longest (ms)': Math.round(Math.max(0, ...long)),
      'total long-task time (ms)': Math.round(long.reduce((a, b) => a + b, 0)),
      'DOM nodes': document.getElementsByTagName('*').length,
      'messages loaded': Number(
        document.querySelector<HTMLElement>('[data-testid="message-list"]')?.dataset.loaded ?? 0,
      ),
      'messages mounted': document.querySelectorAll('[data-testid="message"]').length,
    }
  })
}

function report(label: string, _page: Page, figures: Record<string, number>) {
  const load = loadavg().map((value) => value.toFixed(2))
  console.log(`\n${label}:`, { ...figures, 'load average (1/5/15 min)': load.join(' ') })
}
