/**
 * bun run bench:tool-loop — issue 30's goals for the tool loop: a ten-step loop (nine steps that
 * each call file search, then the answer) holds no more than one database connection at a time,
 * and streams every step's events within 20 ms of the provider.
 *
 * The fake provider stamps each chunk of text with its send time (`stampChunks`); a real socket.io
 * client in this process reads each `message:delta` and `message:tool` as the browser would. Per
 * step: the text's delay (stamp → delta on the socket) and the tool call's start (the step's last
 * chunk → the call's `running` event; the tool-call deltas and the finish follow that chunk at
 * once). On the Postgres server a second connection samples `pg_stat_activity` every 2 ms for the
 * app's database: how many of its connections were busy (running a statement, or inside a
 * transaction) at once, from the first tool call to the end (the loop) and over the whole reply
 * (its start overlaps the send's own writes). A sample every few ms can miss a short overlap: the
 * figure is a lower bound. The embedded database (PGlite in its own process, as shipped) has one connection by
 * construction, so it gives the delays only.
 *
 * The app, the fake provider and the socket client share this process's event loop, so a stall in
 * any of them counts: the delays are upper bounds on the server's own.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_LOOPS (5),
 * BENCH_SHOW_BUSY=1 prints the statements whenever more than one connection was busy.
 * Prints figures beside the goals; no pass/fail.
 */
import postgres from 'postgres'
import { io, type Socket } from 'socket.io-client'
import { indexEntry } from '../src/knowledge/indexing'
import { epochMs, startFakeOpenAi } from '../src/test/fakes/openai-server'
import { type ListeningApp, startApp } from '../src/test/harness'
import { fmt, loadAverage, percentile } from './lib/processes'

const LOOPS = Number(process.env.BENCH_LOOPS ?? 5)
const STEPS = 10
const GOAL_MS = 20
const STAMP = /⟦([\d.]+)⟧/g
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

interface Figures {
  deltaMs: number[]
  toolStartMs: number[]
  /** The most connections busy at once over the whole reply, and from its first tool call on. */
  busyMax: number
  busyMaxInLoop: number
  inTransactionMax: number
  samples: number
  loopMs: number[]
}

async function run(database: 'embedded' | 'Postgres'): Promise<Figures> {
  // The embedded database as the shipped server runs it: PGlite in its own process.
  if (database === 'Postgres') process.env.TEST_DATABASE_URL = serverUrl
  else {
    delete process.env.TEST_DATABASE_URL
    process.env.TEST_EMBEDDED_DATABASE = 'process'
  }
  const fake = startFakeOpenAi()
  const t: ListeningApp = await startApp(
    { OPENAI_BASE_URL: fake.url, OPENAI_MODELS: 'fake-model', TOOL_MAX_STEPS: String(STEPS) },
    { listen: true },
  )
  const figures: Figures = {
    deltaMs: [],
    toolStartMs: [],
    busyMax: 0,
    busyMaxInLoop: 0,
    inTransactionMax: 0,
    samples: 0,
    loopMs: [],
  }
  try {
    const user = await t.createUser()
    const headers = { ...user.headers, 'content-type': 'application/json', origin: t.url }
    for (const [title, content] of [
      ['Lisbon trams', 'Tram 28 climbs from Baixa to Alfama.'],
      ['Porto cellars', 'The port wine cellars are across the river in Gaia.'],
    ]) {
      const res = await fetch(`${t.url}/api/knowledge`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title, content }),
      })
      await indexEntry(t.ctx, ((await res.json()) as { data: { id: string } }).data.id)
    }
    const socket: Socket = io(t.url, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: user.token },
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })

    // The sampler: the app's connections busy at once, from outside the app.
    const [current] = await t.ctx.database.query<{ name: string }>('select current_database() as name')
    const databaseName = current!.name
    const watcher = database === 'Postgres' ? postgres(serverUrl, { max: 1, onnotice: () => {} }) : undefined
    let sampling = false
    let inLoop = false
    const sampler = async () => {
      while (sampling && watcher) {
        const [row] = await watcher<{ busy: number; in_transaction: number; queries: string[] }[]>`
          select count(*) filter (where state <> 'idle')::int as busy,
                 count(*) filter (where state like 'idle in transaction%')::int as in_transaction,
                 array_agg(state || ': ' || left(query, 200)) filter (where state <> 'idle') as queries
          from pg_stat_activity where datname = ${databaseName} and pid <> pg_backend_pid()`
        if (row!.busy > 1 && process.env.BENCH_SHOW_BUSY)
          console.log(`busy at once:\n  ${row!.queries.join('\n  ')}`)
        figures.busyMax = Math.max(figures.busyMax, row!.busy)
        if (inLoop) figures.busyMaxInLoop = Math.max(figures.busyMaxInLoop, row!.busy)
        figures.inTransactionMax = Math.max(figures.inTransactionMax, row!.in_transaction)
        figures.samples += 1
        await Bun.sleep(2)
      }
    }

    for (let loop = 0; loop < LOOPS; loop++) {
      const chatRes = await fetch(`${t.url}/api/chats`, { method: 'POST', headers, body: '{}' })
      const chatId = ((await chatRes.json()) as { data: { id: string } }).data.id
      await fetch(`${t.url}/api/chats/${chatId}/config`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ tools: ['file-search'] }),
      })
      const joined = (await socket.timeout(10_000).emitWithAck('chat:join', { chatId })) as { ok: boolean }
      if (!joined.ok) throw new Error('join refused')
      for (let step = 1; step < STEPS; step++) {
        fake.queueScript({
          reply: `Step ${step}: looking it up.`,
          chunkDelayMs: 5,
          stampChunks: true,
          toolCalls: [{ id: `s${step}`, name: 'file_search', arguments: '{"query":"tram Alfama"}' }],
        })
      }
      fake.queueScript({ reply: 'Tram 28 climbs to Alfama [Source 1].', chunkDelayMs: 5, stampChunks: true })

      let lastStamp = 0
      const started = performance.now()
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the loop did not end in 60 s')), 60_000)
        socket.on('message:delta', (payload: { chatId: string; delta: string }) => {
          if (payload.chatId !== chatId) return
          const now = epochMs()
          for (const stamp of payload.delta.matchAll(STAMP)) {
            lastStamp = Number(stamp[1])
            figures.deltaMs.push(now - lastStamp)
          }
        })
        socket.on('message:tool', (payload: { chatId: string; call: { status: string } }) => {
          if (payload.chatId !== chatId || payload.call.status !== 'running') return
          inLoop = true
          figures.toolStartMs.push(epochMs() - lastStamp)
        })
        const end = (ok: boolean) => {
          clearTimeout(timer)
          socket.off('message:delta')
          socket.off('message:tool')
          socket.off('message:completed')
          socket.off('message:failed')
          ok ? resolve() : reject(new Error('the reply failed'))
        }
        socket.on(
          'message:completed',
          (payload: { chatId: string }) => payload.chatId === chatId && end(true),
        )
        socket.on('message:failed', (payload: { chatId: string }) => payload.chatId === chatId && end(false))
      })
      sampling = true
      const sampled = sampler()
      const sent = await fetch(`${t.url}/api/chats/${chatId}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'Which tram goes to Alfama?' }),
      })
      if (sent.status !== 202) throw new Error(`the send answered ${sent.status}`)
      await done
      figures.loopMs.push(performance.now() - started)
      sampling = false
      inLoop = false
      await sampled
    }
    socket.close()
    await watcher?.end({ timeout: 5 })
  } finally {
    await t.close()
    await fake.close()
  }
  return figures
}

console.log(`load average at start (1/5/15 min): ${loadAverage()}`)
console.log(`${LOOPS} loops of ${STEPS} steps (9 file-search calls, then the answer), chunks every 5 ms\n`)
const row = (label: string, values: number[]) =>
  `${label.padEnd(34)} ${fmt(percentile(values, 50)).padStart(6)} ${fmt(percentile(values, 95)).padStart(6)} ${fmt(percentile(values, 99)).padStart(6)} ${fmt(Math.max(...values)).padStart(6)}   ≤ ${GOAL_MS} ms`
for (const database of ['embedded', 'Postgres'] as const) {
  const figures = await run(database)
  console.log(`${database} (load ${loadAverage()})`)
  console.log(
    `${'ms after the provider'.padEnd(34)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}   goal`,
  )
  console.log(row(`  a step's text on the socket (${figures.deltaMs.length})`, figures.deltaMs))
  console.log(row(`  a tool call's start (${figures.toolStartMs.length})`, figures.toolStartMs))
  console.log(`  a whole loop: p50 ${fmt(percentile(figures.loopMs, 50), 0)} ms`)
  if (database === 'Postgres')
    console.log(
      `  the app's connections busy at once, from the first tool call to the end: at most ${figures.busyMaxInLoop} (goal ≤ 1); over the whole reply, its start included: ${figures.busyMax} (inside a transaction: ${figures.inTransactionMax}); ${figures.samples} samples`,
    )
  console.log()
}
process.exit(0)
