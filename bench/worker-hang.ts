/**
 * `bun run bench:worker-hang`: does a Bun worker's reply get lost (decision 097's hang)?
 * docs/decisions/136-worker-hang-reproduced.md has the runs and the reading.
 *
 * Load variants (each in a process of its own, the same `bun` as this one, killed if it outlives
 * its bound): an in-memory PGlite in a worker (bench/worker-hang-worker.ts) answers requests while
 * this thread keeps 50–200 in flight (the number swings every 5 s): small selects, inserts, a
 * 50-row list, replies of 64 KB–1 MB, requests carrying 100 KB–1 MB, errors, and 097's
 * transactions (begin → insert → count → commit or rollback, the worker holding PGlite's
 * transaction open in between). Meanwhile the event loop is kept busy as a streaming server's is:
 * a 1 ms interval (its lag is reported), 1–6 ms of CPU work every 10 ms, and 16 clients reading
 * streamed HTTP responses from a local `Bun.serve`. A request without a reply after
 * WORKER_HANG_TIMEOUT_MS (10 s) is lost; the worker records every request it receives and every
 * reply it posts in a SharedArrayBuffer, so a loss is classed as "request never reached the
 * worker", "worker received it, posted nothing" or "worker posted the reply, this thread never
 * got it". After a loss a ping is posted, to see whether a second message unsticks the reply.
 *
 * - `worker`: a Web Worker, replies on the worker's global `postMessage` (097's first shape);
 * - `worker-quiet`: the same without the timers, CPU work and streams;
 * - `worker-wasm`: PGlite's compiled `WebAssembly.Module`s posted to the worker (as 097 did);
 * - `channel`: requests and replies on a `MessageChannel` port given to the worker (097's second);
 * - `node`: a `node:worker_threads` Worker, replies on `parentPort`.
 *
 * Test variants (`bun test` of a generated file, killed after 40 s): back-to-back worker calls
 * under `await expect(call()).rejects` / `.resolves`, the shape of the suites that hung under 097
 * (oven-sh/bun#37189: a nested event-loop wait inside a message dispatch strands later replies);
 * with `await Bun.sleep(0)` before the matcher, and with try/catch instead, as controls.
 *
 * Env: WORKER_HANG_VARIANTS (all), WORKER_HANG_SECONDS (35 of load per variant),
 * WORKER_HANG_INFLIGHT (50-200), WORKER_HANG_TIMEOUT_MS (10000), WORKER_HANG_BIG (1048576, the
 * largest reply and request payload in bytes), WORKER_HANG_BURN (0: CPU-burning processes to run
 * alongside, to load the machine), WORKER_HANG_JSON (a file to append each result to).
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker as NodeWorker } from 'node:worker_threads'
import { pgliteAssets } from '../db/pglite-assets'
import { COUNTER_BYTES, type Init, type Reply, type Request } from './worker-hang-worker'

export type Transport = 'worker' | 'worker-wasm' | 'channel' | 'node'
const LOAD_VARIANTS = ['worker', 'worker-quiet', 'worker-wasm', 'channel', 'node'] as const
type LoadVariant = (typeof LOAD_VARIANTS)[number]
const TEST_VARIANTS: Record<string, { transport: Transport; body: string; deadline?: false }> = {
  'test-expect-rejects': { transport: 'worker', body: 'rejects' },
  'test-expect-rejects-channel': { transport: 'channel', body: 'rejects' },
  'test-expect-rejects-node': { transport: 'node', body: 'rejects' },
  'test-expect-resolves': { transport: 'worker', body: 'resolves' },
  'test-expect-rejects-no-deadline': { transport: 'worker', body: 'rejects', deadline: false },
  'test-expect-rejects-ping': { transport: 'worker', body: 'ping' },
  'test-expect-rejects-sleep0': { transport: 'worker', body: 'sleep0' },
  'test-try-catch': { transport: 'worker', body: 'trycatch' },
}
type TestVariant = keyof typeof TEST_VARIANTS

const env = process.env
const SECONDS = Number(env.WORKER_HANG_SECONDS ?? 35)
const [MIN_INFLIGHT, MAX_INFLIGHT] = (env.WORKER_HANG_INFLIGHT ?? '50-200').split('-').map(Number) as [
  number,
  number,
]
const TIMEOUT_MS = Number(env.WORKER_HANG_TIMEOUT_MS ?? 10_000)
const BIG = Number(env.WORKER_HANG_BIG ?? 1 << 20)
const MAX_IDS = 4_000_000
const TEST_ITERATIONS = 150

class LostReply extends Error {
  override name = 'LostReply'
}

interface Pending {
  id: number
  kind: string
  sentAt: number
  resolve: (rows: unknown[]) => void
  reject: (error: Error) => void
}
interface Lost {
  id: number
  kind: string
  sentAt: number
  statusAtTimeout: number
  repliedAfterMs?: number
}

/** A request/reply client over one of the transports, with a deadline on every request. */
export class Client {
  readonly counters: Int32Array
  readonly status: Uint8Array
  private readonly pending = new Map<number, Pending>()
  readonly lost = new Map<number, Lost>()
  private nextId = 1
  private sweeper: ReturnType<typeof setInterval>
  latencies: number[] = []
  replies = 0
  late = 0
  pings = 0
  pongs = 0
  /** performance.now() of each pong: when a ping posted after a loss came back. */
  pongTimes: number[] = []
  repliesAfterFirstLoss = 0
  firstLossAt = 0
  send: (request: Request) => void = () => {}
  close: () => Promise<void> = async () => {}

  constructor(
    readonly sab: SharedArrayBuffer,
    readonly timeoutMs = TIMEOUT_MS,
  ) {
    this.counters = new Int32Array(sab, 0, 4)
    this.status = new Uint8Array(sab, COUNTER_BYTES)
    this.sweeper = setInterval(() => this.sweep(), 250)
    this.sweeper.unref()
  }

  get inFlight() {
    return this.pending.size
  }

  request(request: Omit<Request, 'id'>, kind = 'query'): Promise<unknown[]> {
    return this.post(request, kind).reply
  }

  /** `request`, with the id (a transaction's id is its begin's). */
  post(request: Omit<Request, 'id'>, kind = 'query'): { id: number; reply: Promise<unknown[]> } {
    const id = this.nextId++
    if (id >= MAX_IDS) return { id, reply: Promise.reject(new Error('out of request ids')) }
    const reply = new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { id, kind, sentAt: performance.now(), resolve, reject })
    })
    this.send({ ...request, id })
    return { id, reply }
  }

  get requests() {
    return this.nextId - 1
  }

  ping() {
    this.pings++
    this.send({ id: 0, type: 'ping' })
  }

  onReply(message: Reply) {
    if ('type' in message) {
      if (message.type === 'pong') {
        this.pongs++
        this.pongTimes.push(performance.now())
      }
      return
    }
    const now = performance.now()
    if (this.firstLossAt) this.repliesAfterFirstLoss++
    const pending = this.pending.get(message.id)
    if (pending) {
      this.pending.delete(message.id)
      this.replies++
      this.latencies.push(now - pending.sentAt)
      if ('error' in message) {
        const error = new Error(message.error.message)
        Object.assign(error, { code: message.error.code })
        pending.reject(error)
      } else pending.resolve(message.rows)
      return
    }
    const lost = this.lost.get(message.id)
    if (lost && lost.repliedAfterMs === undefined) {
      this.late++
      lost.repliedAfterMs = now - lost.sentAt
    }
  }

  private sweep() {
    const now = performance.now()
    let newLoss = false
    for (const pending of this.pending.values()) {
      if (now - pending.sentAt < this.timeoutMs) break
      this.pending.delete(pending.id)
      this.lost.set(pending.id, {
        id: pending.id,
        kind: pending.kind,
        sentAt: pending.sentAt,
        statusAtTimeout: Atomics.load(this.status, pending.id),
      })
      if (!this.firstLossAt) this.firstLossAt = now
      newLoss = true
      pending.reject(new LostReply(`no reply to ${pending.kind} #${pending.id} in ${this.timeoutMs} ms`))
    }
    if (newLoss) this.ping()
  }

  async drain(maxMs: number) {
    const until = performance.now() + maxMs
    while (this.pending.size > 0 && performance.now() < until) await Bun.sleep(50)
  }

  stop() {
    clearInterval(this.sweeper)
  }
}

/** Starts the worker for `transport` and waits for its PGlite. */
export async function openClient(transport: Transport, timeoutMs = TIMEOUT_MS): Promise<Client> {
  const sab = new SharedArrayBuffer(COUNTER_BYTES + MAX_IDS)
  const client = new Client(sab, timeoutMs)
  const url = new URL('./worker-hang-worker.ts', import.meta.url)
  const ready = Promise.withResolvers<void>()
  const onReply = (message: Reply) => {
    if ('type' in message && message.type === 'ready') ready.resolve()
    else if ('type' in message && message.type === 'fatal') ready.reject(new Error(message.message))
    else client.onReply(message)
  }
  if (transport === 'node') {
    const worker = new NodeWorker(url, { workerData: { api: 'node', sab } })
    worker.on('message', onReply)
    worker.on('error', (error) => ready.reject(error))
    client.send = (request) => worker.postMessage(request)
    client.close = async () => {
      await worker.terminate()
    }
  } else {
    const worker = new Worker(url)
    worker.onerror = (event) => ready.reject(new Error(String(event.message)))
    const init: Init = { type: 'init', sab }
    const transfer: Transferable[] = []
    if (transport === 'worker-wasm') {
      const assets = await pgliteAssets({ initdb: true })
      init.wasm = { pglite: assets.pgliteWasmModule, initdb: assets.initdbWasmModule! }
    }
    if (transport === 'channel') {
      const channel = new MessageChannel()
      channel.port1.onmessage = (event) => onReply(event.data as Reply)
      init.port = channel.port2
      transfer.push(channel.port2)
      client.send = (request) => channel.port1.postMessage(request)
      worker.onmessage = (event) => onReply(event.data as Reply)
    } else {
      worker.onmessage = (event) => onReply(event.data as Reply)
      client.send = (request) => worker.postMessage(request)
    }
    worker.postMessage(init, transfer)
    client.close = async () => worker.terminate()
  }
  const startTimeout = setTimeout(() => ready.reject(new Error('worker not ready in 90 s')), 90_000)
  await ready.promise
  clearTimeout(startTimeout)
  return client
}

// ---------------------------------------------------------------- one load variant (a child) ----

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0
}

/** Timers, CPU work and streamed HTTP responses on this thread, like a server streaming replies. */
function startBackground() {
  let last = performance.now()
  let maxLagMs = 0
  let ticks = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    maxLagMs = Math.max(maxLagMs, now - last - 1)
    last = now
    ticks++
  }, 1)
  const cpu = setInterval(() => {
    const until = performance.now() + 1 + Math.random() * 5
    let sink = 0
    while (performance.now() < until)
      sink += JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, s: 'token' }))).length
    if (sink < 0) console.log(sink)
  }, 10)
  const server = Bun.serve({
    port: 0,
    fetch: () =>
      new Response(
        new ReadableStream({
          async start(controller) {
            for (let i = 0; i < 30; i++) {
              controller.enqueue(new TextEncoder().encode(`data: token ${i}\n\n`))
              await Bun.sleep(5)
            }
            controller.close()
          },
        }),
      ),
  })
  let streams = 0
  let running = true
  const readers = Array.from({ length: 16 }, async () => {
    while (running) {
      try {
        const res = await fetch(server.url)
        await res.arrayBuffer()
        streams++
      } catch {
        await Bun.sleep(10)
      }
    }
  })
  return async () => {
    running = false
    clearInterval(ticker)
    clearInterval(cpu)
    await Promise.allSettled(readers)
    server.stop(true)
    return { maxLagMs: Math.round(maxLagMs), ticks, streams }
  }
}

async function runLoadVariant(variant: LoadVariant) {
  const started = performance.now()
  const client = await openClient(variant === 'worker-quiet' ? 'worker' : variant)
  const startMs = Math.round(performance.now() - started)
  const stopBackground = variant === 'worker-quiet' ? async () => undefined : startBackground()
  const loadStart = performance.now()
  const deadline = loadStart + SECONDS * 1000
  let uniqueN = 1
  const kinds: Record<string, number> = {}
  const errors: Record<string, number> = {}
  const count = (kind: string) => {
    kinds[kind] = (kinds[kind] ?? 0) + 1
  }
  const target = () =>
    MIN_INFLIGHT +
    (MAX_INFLIGHT - MIN_INFLIGHT) *
      (0.5 + 0.5 * Math.sin(((performance.now() - loadStart) / 5000) * 2 * Math.PI))

  const transaction = async () => {
    const begin = client.post({ tx: 'begin' }, 'tx-begin')
    const txId = begin.id
    await begin.reply
    try {
      await client.request(
        { txId, sql: 'insert into items (n, body) values ($1, $2)', params: [uniqueN++, 'tx'] },
        'tx-insert',
      )
      await client.request({ txId, sql: 'select count(*)::int as c from items' }, 'tx-count')
      await client.request({ txId, tx: Math.random() < 0.2 ? 'rollback' : 'commit' }, 'tx-end')
    } catch (error) {
      if (!(error instanceof LostReply)) throw error
      // the end message may still reach the worker: close the transaction there, as 097 would have
      client.send({ id: 0, txId, tx: 'rollback' })
      throw error
    }
  }

  const oneOp = async () => {
    const r = Math.random()
    if (r < 0.45) {
      count('small')
      return client.request({ sql: 'select $1::int as n', params: [uniqueN] }, 'small')
    }
    if (r < 0.6) {
      count('insert')
      return client.request(
        {
          sql: 'insert into items (n, body) values ($1, $2) returning id',
          params: [uniqueN++, 'x'.repeat(10 + Math.floor(Math.random() * 2000))],
        },
        'insert',
      )
    }
    if (r < 0.7) {
      count('list')
      return client.request({ sql: 'select id, n, body from items order by id desc limit 50' }, 'list')
    }
    if (r < 0.75) {
      count('big-reply')
      const bytes = 65_536 + Math.floor(Math.random() * (BIG - 65_536))
      return client.request({ sql: 'select repeat($1, $2::int) as big', params: ['x', bytes] }, 'big-reply')
    }
    if (r < 0.8) {
      count('big-request')
      const bytes = 102_400 + Math.floor(Math.random() * (BIG - 102_400))
      return client.request(
        { sql: 'select length($1::text) as len', params: ['y'.repeat(bytes)] },
        'big-request',
      )
    }
    if (r < 0.85) {
      count('error')
      return client.request(
        Math.random() < 0.5
          ? { sql: 'select * from missing_table' }
          : { sql: 'insert into items (n, body) values (-1, $1)', params: ['dup'] },
        'error',
      )
    }
    count('transaction')
    return transaction()
  }

  const lanes = Array.from({ length: MAX_INFLIGHT }, async (_, lane) => {
    while (performance.now() < deadline) {
      if (lane >= target()) {
        await Bun.sleep(20)
        continue
      }
      try {
        await oneOp()
      } catch (error) {
        const name = error instanceof LostReply ? 'lost' : ((error as { code?: string }).code ?? 'other')
        errors[name] = (errors[name] ?? 0) + 1
        if (name === 'other') console.error(error)
      }
    }
  })
  await Promise.all(lanes)
  await client.drain(TIMEOUT_MS + 1000)
  const unrepliedBefore = [...client.lost.values()].filter((l) => l.repliedAfterMs === undefined).length
  if (unrepliedBefore > 0) {
    client.ping()
    await Bun.sleep(2000)
  }
  const background = await stopBackground()
  client.stop()
  const sorted = client.latencies.toSorted((a, b) => a - b)
  const lost = [...client.lost.values()]
  const unreplied = lost.filter((l) => l.repliedAfterMs === undefined)
  const finalStatus = (l: Lost) => Atomics.load(client.status, l.id)
  const result = {
    variant,
    bun: Bun.version,
    revision: Bun.revision.slice(0, 9),
    seconds: SECONDS,
    startMs,
    requests: client.requests,
    replies: client.replies,
    lostAtTimeout: lost.length,
    lateReplies: client.late,
    lostForGood: unreplied.length,
    lostForGoodByStage: {
      requestNeverReachedWorker: unreplied.filter((l) => finalStatus(l) === 0).length,
      workerReceivedNoReplyPosted: unreplied.filter((l) => finalStatus(l) === 1).length,
      workerPostedReplyNeverArrived: unreplied.filter((l) => finalStatus(l) === 2).length,
    },
    lostByKind: lost.reduce<Record<string, number>>((acc, l) => {
      acc[l.kind] = (acc[l.kind] ?? 0) + 1
      return acc
    }, {}),
    maxLateMs: Math.round(Math.max(0, ...lost.map((l) => l.repliedAfterMs ?? 0))),
    repliesAfterFirstLoss: client.firstLossAt ? client.repliesAfterFirstLoss : null,
    pings: client.pings,
    pongs: client.pongs,
    workerReceived: Atomics.load(client.counters, 0),
    workerPosted: Atomics.load(client.counters, 1),
    p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    ops: kinds,
    errors,
    background: background ?? null,
  }
  console.log(`RESULT ${JSON.stringify(result)}`)
  await Promise.race([client.close(), Bun.sleep(2000)])
  process.exit(0)
}

// -------------------------------------------------------------------- the test variants ----

function testFile(variant: TestVariant) {
  const { transport, body, deadline } = TEST_VARIANTS[variant]!
  const missing = `client.request({ sql: 'select * from missing_table' })`
  const step = {
    rejects: `await expect(${missing}).rejects.toThrow(/does not exist/)`,
    resolves: `await expect(client.request({ sql: 'select 2 as n' })).resolves.toEqual([{ n: 2 }])`,
    ping: `const ping = setTimeout(() => {\n      pingAt = performance.now()\n      client.ping()\n      void other?.request({ sql: 'select 1' }).then(() => {\n        otherReplyMs = performance.now() - pingAt\n      })\n    }, 1000)\n    try {\n      await expect(${missing}).rejects.toThrow(/does not exist/)\n    } finally {\n      clearTimeout(ping)\n    }`,
    sleep0: `await Bun.sleep(0)\n    await expect(${missing}).rejects.toThrow(/does not exist/)`,
    trycatch: `try {\n      await ${missing}\n      throw new Error('no rejection')\n    } catch (error) {\n      if (!/does not exist/.test(String(error))) throw error\n    }`,
  }[body]
  return `import { afterAll, expect, test } from 'bun:test'
import { openClient } from ${JSON.stringify(import.meta.path)}

const client = await openClient(${JSON.stringify(transport)}, ${deadline === false ? 'Number.POSITIVE_INFINITY' : 5000})
// the ping variant: a ping on the same channel and a request to another worker, 1 s into the wait
const other = ${body === 'ping' ? `await openClient('worker', 5000)` : 'undefined'}
let pingAt = 0
let otherReplyMs = -1
afterAll(async () => {
  await Bun.sleep(1000)
  if (pingAt) console.log('PING', JSON.stringify({ pongAfterMs: client.pongTimes.map((t) => Math.round(t - pingAt)), otherWorkerReplyAfterMs: Math.round(otherReplyMs) }))
  await other?.close()
  const lost = [...client.lost.values()].map((l) => ({ ...l, finalStatus: Atomics.load(client.status, l.id) }))
  console.log('LOST', JSON.stringify(lost))
  console.log('STATS', JSON.stringify({ requests: client.requests, replies: client.replies, late: client.late, pings: client.pings, pongs: client.pongs, workerReceived: Atomics.load(client.counters, 0), workerPosted: Atomics.load(client.counters, 1) }))
  await client.close()
})

test(${JSON.stringify(variant)}, async () => {
  for (let i = 0; i < ${TEST_ITERATIONS}; i++) {
    await client.request({ sql: 'select $1::int as n', params: [i] })
    ${step}
    console.log('PROGRESS', i)
  }
  console.log('DONE')
}, 30000)
`
}

async function runTestVariant(variant: TestVariant) {
  const dir = mkdtempSync(join(tmpdir(), 'worker-hang-'))
  const file = join(dir, `${variant}.test.ts`)
  writeFileSync(file, testFile(variant))
  const started = performance.now()
  const proc = Bun.spawn([process.execPath, 'test', file], { cwd: dir, stdout: 'pipe', stderr: 'pipe' })
  let killed = false
  const timer = setTimeout(() => {
    killed = true
    proc.kill('SIGKILL')
  }, 40_000)
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  await proc.exited
  clearTimeout(timer)
  rmSync(dir, { recursive: true, force: true })
  const text = `${out}\n${err}`
  const progress = [...text.matchAll(/PROGRESS (\d+)/g)].map((m) => Number(m[1]))
  const failure = text.match(/error: (.*)/)?.[1]
  const lost = JSON.parse(text.match(/LOST (.*)/)?.[1] ?? '[]') as (Lost & { finalStatus: number })[]
  const stats = JSON.parse(text.match(/STATS (.*)/)?.[1] ?? 'null') as Record<string, number> | null
  const ping = JSON.parse(text.match(/PING (.*)/)?.[1] ?? 'null') as Record<string, unknown> | null
  return {
    variant,
    bun: Bun.version,
    revision: Bun.revision.slice(0, 9),
    iterations: TEST_ITERATIONS,
    completed: progress.length ? Math.max(...progress) + 1 : 0,
    done: text.includes('DONE'),
    exitCode: proc.exitCode,
    killedAfter40s: killed,
    failure: failure ?? null,
    lostReplies: lost.length,
    lostByStage: lost.map(
      (l) =>
        `${l.kind}: ${['never reached the worker', 'worker received, no reply', 'worker posted, not delivered'][l.finalStatus]}${l.repliedAfterMs === undefined ? '' : `, delivered ${Math.round(l.repliedAfterMs)} ms after it was sent`}`,
    ),
    ...stats,
    ...(ping ? { ping } : {}),
    ms: Math.round(performance.now() - started),
  }
}

// ------------------------------------------------------------------------- orchestration ----

function loadavg() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
}

async function runChild(variant: LoadVariant) {
  const proc = Bun.spawn([process.execPath, import.meta.path, '--variant', variant], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  let killed = false
  const timer = setTimeout(
    () => {
      killed = true
      proc.kill('SIGKILL')
    },
    (SECONDS + 90) * 1000,
  )
  const out = await new Response(proc.stdout).text()
  await proc.exited
  clearTimeout(timer)
  const line = out.split('\n').find((l) => l.startsWith('RESULT '))
  return line
    ? (JSON.parse(line.slice(7)) as Record<string, unknown>)
    : { variant, bun: Bun.version, killed, exitCode: proc.exitCode, output: out.slice(-2000) }
}

async function main() {
  const variantArg = process.argv.indexOf('--variant')
  if (variantArg > 0) return runLoadVariant(process.argv[variantArg + 1] as LoadVariant)
  const all = [...LOAD_VARIANTS, ...(Object.keys(TEST_VARIANTS) as TestVariant[])]
  const variants = env.WORKER_HANG_VARIANTS ? env.WORKER_HANG_VARIANTS.split(',') : all
  const burn = Number(env.WORKER_HANG_BURN ?? 0)
  const burnSeconds = variants.length * (SECONDS + 100)
  const burners = Array.from({ length: burn }, () =>
    Bun.spawn(
      [process.execPath, '-e', `const end = Date.now() + ${burnSeconds * 1000}; while (Date.now() < end) {}`],
      { stdout: 'ignore', stderr: 'ignore' },
    ),
  )
  console.log(`bun ${Bun.version} (${Bun.revision.slice(0, 9)}), ${burn} burner process(es)`)
  try {
    for (const variant of variants) {
      const loadBefore = loadavg()
      const result = (LOAD_VARIANTS as readonly string[]).includes(variant)
        ? await runChild(variant as LoadVariant)
        : await runTestVariant(variant as TestVariant)
      const line = { ...result, burners: burn, loadavgBefore: loadBefore, loadavgAfter: loadavg() }
      console.log(JSON.stringify(line))
      if (env.WORKER_HANG_JSON) appendFileSync(env.WORKER_HANG_JSON, `${JSON.stringify(line)}\n`)
    }
  } finally {
    for (const burner of burners) burner.kill()
  }
}

if (import.meta.main) await main()
