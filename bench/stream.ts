/**
 * `bun run bench:stream`: 100 and 1,000 concurrent streamed answers from the fake OpenAI provider
 * through Parley to socket.io clients, side by side with the same clients reading the fake
 * provider directly (the floor). Three processes, so that each one's CPU and memory can be read:
 *
 *   provider  the fake OpenAI server; stamps every chunk with its emit time
 *   server    Parley (`startServer`, embedded PGlite in a temp DATA_DIR) with users and sessions
 *   clients   this process: socket.io clients (Parley) or SSE readers (direct)
 *
 * Per token: latency from the provider writing a chunk to the client receiving it (p50/p95/p99).
 * Per answer: time to first token from the client's request. The difference between the two modes
 * is what Parley adds. Bounded: two rounds of a few seconds each, well under three minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { SseParser } from '../src/ai/sse'
import { epochMs, startFakeOpenAi } from '../src/test/fakes/openai-server'
import {
  childPids,
  cpuSeconds,
  fmt,
  microsecondsPer,
  namedCpuSeconds,
  percentile,
  rssMb,
  spawnRole,
} from './lib/processes'

const ROUNDS = (process.env.BENCH_ROUNDS ?? '100,1000').split(',').map(Number)
/**
 * BENCH_INDEXING_CHUNKS (bench:knowledge-stall): instead of the rounds above, waves of
 * BENCH_INDEXING_STREAMS replies run before and while that many knowledge chunks are saved and
 * indexed in the background (entries posted through the API, embedded by the fake provider, written
 * with their HNSW index). Issue 12's goal: indexing adds at most 20 ms per token (p95).
 */
const INDEXING_CHUNKS = Number(process.env.BENCH_INDEXING_CHUNKS ?? 0)
const INDEXING_STREAMS = Number(process.env.BENCH_INDEXING_STREAMS ?? 10)
const INDEXING_LIMIT_MS = 240_000
/** About ten chunks of CHUNK_CHARS (1,000, overlapping by 200) per entry. */
const ENTRY_WORDS = 1150
const TOKENS = Number(process.env.BENCH_TOKENS ?? 30)
const CHUNK_DELAY_MS = 20
const REPLY = Array.from({ length: TOKENS }, (_, i) => `tok${i}`).join(' ')
const STAMP = /^⟦([\d.]+)⟧/
/** Issue 35: a single instance's CPU per streamed token, half of the 46 µs it was measured at. */
const GOAL_MICROSECONDS_PER_TOKEN = 23
/** A delta to a socket may carry several stamped tokens (Parley coalesces a reply's text per frame). */
const STAMPS = /⟦([\d.]+)⟧/g

async function runProvider() {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  fake.setScript({ reply: REPLY, chunkDelayMs: CHUNK_DELAY_MS, stampChunks: true })
  console.log(`READY ${JSON.stringify({ url: fake.url })}`)
  await new Promise(() => {})
}

async function runServer(providerUrl: string, users: number) {
  const { loadConfig } = await import('../src/config')
  const { startServer } = await import('../src/server')
  const { createSession } = await import('../src/auth/session')
  const { users: usersTable } = await import('../db/schema')
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'))
  const databaseUrl = await createBenchDatabase()
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      OPENAI_BASE_URL: providerUrl,
      OPENAI_MODELS: 'fake-model',
      LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // inline | process (docs/decisions/116-embedded-database-process.md)
      ...(process.env.EMBEDDED_DATABASE ? { EMBEDDED_DATABASE: process.env.EMBEDDED_DATABASE } : {}),
    }),
    appSecret: 'bench-secret-bench-secret-bench-secret-00',
  }
  const server = await startServer(config)
  const hash = await Bun.password.hash('bench-password', { algorithm: 'argon2id' })
  const tokens: string[] = []
  for (let index = 0; index < users; index += 1) {
    const [user] = await server.ctx.db
      .insert(usersTable)
      .values({ email: `bench${index}@example.com`, passwordHash: hash, emailConfirmedAt: new Date() })
      .returning()
    tokens.push((await createSession(server.ctx.db, user!.id, new Date())).token)
  }
  console.log(`READY ${JSON.stringify({ url: server.url, tokens })}`)
  process.on('SIGTERM', async () => {
    await server.stop()
    await dropBenchDatabase(databaseUrl)
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
  await new Promise(() => {})
}

/** A Postgres server on this machine, whose processes' CPU can be read from /proc. */
const LOCAL_POSTGRES = /^postgres(ql)?:\/\/([^@/]*@)?(127\.0\.0\.1|localhost)[:/]/.test(
  process.env.BENCH_DATABASE_URL ?? '',
)

/** With BENCH_DATABASE_URL (a Postgres server), the server runs on a throwaway database there. */
async function createBenchDatabase(): Promise<string | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (!serverUrl) return undefined
  const { openPostgres } = await import('../db/client')
  const { migrate } = await import('../db/migrate')
  const name = `parley_bench_${process.pid}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`drop database if exists ${name}`)
  await admin.exec(`create database ${name}`)
  await admin.close()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const migrator = openPostgres(url.toString(), { max: 1 })
  await migrate(migrator)
  await migrator.close()
  return url.toString()
}

async function dropBenchDatabase(url: string | undefined) {
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (!url || !serverUrl) return
  const { openPostgres } = await import('../db/client')
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`)
  await admin.close()
}

interface RoundResult {
  mode: 'direct' | 'parley' | 'parley+tools'
  streams: number
  tokenLatencies: number[]
  ttfts: number[]
  wallMs: number
  errors: number
  cpu: Record<string, number>
  rssPeak: Record<string, number>
}

/** Samples CPU and peak RSS of the given processes over a round. */
function startMeter(pids: Record<string, number>) {
  const cpuStart = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]))
  // A Postgres server on this machine (BENCH_DATABASE_URL): what its backends spent on the round.
  const postgresStart = LOCAL_POSTGRES ? namedCpuSeconds('postgres') : 0
  const selfStart = process.cpuUsage()
  const peak: Record<string, number> = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]))
  peak.clients = 0
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name]!, rssMb(pid))
    peak.clients = Math.max(peak.clients!, process.memoryUsage().rss / 1024 / 1024)
  }
  sample()
  const timer = setInterval(sample, 100)
  return () => {
    clearInterval(timer)
    sample()
    const cpu: Record<string, number> = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - cpuStart[name]!]),
    )
    if (LOCAL_POSTGRES) cpu.postgres = namedCpuSeconds('postgres') - postgresStart
    const self = process.cpuUsage(selfStart)
    cpu.clients = (self.user + self.system) / 1e6
    return { cpu, rssPeak: peak }
  }
}

async function runDirect(
  providerUrl: string,
  streams: number,
  pids: Record<string, number>,
): Promise<RoundResult> {
  const tokenLatencies: number[] = []
  const ttfts: number[] = []
  let errors = 0
  const stop = startMeter(pids)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const sentAt = epochMs()
      const res = await fetch(`${providerUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'fake-model',
          stream: true,
          messages: [{ role: 'user', content: 'go' }],
        }),
      })
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      const sse = new SseParser()
      let text = ''
      const onEvent = (data: string) => {
        if (data === '[DONE]') return
        const content = JSON.parse(data).choices?.[0]?.delta?.content as string | undefined
        if (!content) return
        const now = epochMs()
        const stamp = STAMP.exec(content)
        if (stamp) {
          if (!text) ttfts.push(now - sentAt)
          tokenLatencies.push(now - Number(stamp[1]))
          text += content.replace(STAMP, '')
        }
      }
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        sse.push(decoder.decode(value, { stream: true }), onEvent)
      }
      if (text !== REPLY) errors += 1
    }),
  )
  const wallMs = performance.now() - started
  return { mode: 'direct', streams, tokenLatencies, ttfts, wallMs, errors, ...stop() }
}

/**
 * `tools`: each chat enables the built-in tools every server has (file search and the code
 * interpreter, issue 30) before the round; the model calls none, so what this adds to the first
 * token is the cost of offering tools (goal: ≤ 5 ms at p95, beside the same round without).
 */
async function runParley(
  serverUrl: string,
  tokens: string[],
  streams: number,
  pids: Record<string, number>,
  tools = false,
): Promise<RoundResult> {
  // Setup (not measured): a chat and a joined socket per stream.
  const clients = await Promise.all(
    Array.from({ length: streams }, async (_, index) => {
      const token = tokens[index % tokens.length]!
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const created = await fetch(`${serverUrl}/api/chats`, { method: 'POST', headers, body: '{}' })
      const chatId = ((await created.json()) as { data: { id: string } }).data.id
      if (tools) {
        const body = JSON.stringify({ tools: ['file-search', 'code-interpreter'] })
        const res = await fetch(`${serverUrl}/api/chats/${chatId}/config`, { method: 'PATCH', headers, body })
        if (res.status !== 200) throw new Error(`enabling tools answered ${res.status}`)
      }
      const socket: Socket = io(serverUrl, {
        path: '/socket.io/',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        forceNew: true,
      })
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      const ack = (await socket.timeout(30_000).emitWithAck('chat:join', { chatId })) as { ok: boolean }
      if (!ack.ok) throw new Error('join refused')
      return { chatId, socket, headers }
    }),
  )

  const tokenLatencies: number[] = []
  const ttfts: number[] = []
  let errors = 0
  const stop = startMeter(pids)
  const started = performance.now()
  await Promise.all(
    clients.map(
      ({ chatId, socket, headers }) =>
        new Promise<void>((resolve) => {
          let text = ''
          let sentAt = 0
          const timer = setTimeout(() => {
            errors += 1
            resolve()
          }, 60_000)
          socket.on('message:delta', (payload: { chatId: string; delta: string }) => {
            if (payload.chatId !== chatId) return
            const now = epochMs()
            const stamps = [...payload.delta.matchAll(STAMPS)]
            if (!stamps.length) return
            if (!text) ttfts.push(now - sentAt)
            for (const stamp of stamps) tokenLatencies.push(now - Number(stamp[1]))
            text += payload.delta.replace(STAMPS, '')
          })
          const finish = (ok: boolean) => {
            clearTimeout(timer)
            if (!ok || text !== REPLY) errors += 1
            resolve()
          }
          socket.on('message:completed', (payload: { chatId: string }) => {
            if (payload.chatId === chatId) finish(true)
          })
          socket.on('message:failed', (payload: { chatId: string }) => {
            if (payload.chatId === chatId) finish(false)
          })
          sentAt = epochMs()
          fetch(`${serverUrl}/api/chats/${chatId}/messages`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ content: 'go' }),
          }).then(
            (res) => {
              if (res.status !== 202) finish(false)
            },
            () => finish(false),
          )
        }),
    ),
  )
  const wallMs = performance.now() - started
  const measured = stop()
  for (const { socket } of clients) socket.disconnect()
  return {
    mode: tools ? 'parley+tools' : 'parley',
    streams,
    tokenLatencies,
    ttfts,
    wallMs,
    errors,
    ...measured,
  }
}

function report(results: RoundResult[]) {
  const header = [
    'mode',
    'streams',
    'tokens',
    'token p50',
    'p95',
    'p99 ms',
    'TTFT p50',
    'p95 ms',
    'wall s',
    'errors',
    'CPU s srv/prov/cli',
    'RSS MB srv/prov/cli',
  ]
  const rows = results.map((r) => [
    r.mode,
    String(r.streams),
    String(r.tokenLatencies.length),
    fmt(percentile(r.tokenLatencies, 50)),
    fmt(percentile(r.tokenLatencies, 95)),
    fmt(percentile(r.tokenLatencies, 99)),
    fmt(percentile(r.ttfts, 50)),
    fmt(percentile(r.ttfts, 95)),
    fmt(r.wallMs / 1000, 2),
    String(r.errors),
    `${fmt(r.cpu.server ?? 0, 2)}/${fmt(r.cpu.provider ?? 0, 2)}/${fmt(r.cpu.clients ?? 0, 2)}`,
    `${fmt(r.rssPeak.server ?? 0, 0)}/${fmt(r.rssPeak.provider ?? 0, 0)}/${fmt(r.rssPeak.clients ?? 0, 0)}`,
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log('')
  // Each round's own figures: a later round of the same size runs on a warm server (its code
  // compiled, its statements prepared), as a server that has been up a while does.
  for (const [round, streams] of ROUNDS.entries()) {
    const nth = ROUNDS.slice(0, round).filter((size) => size === streams).length
    const of = (mode: RoundResult['mode']) =>
      results.filter((r) => r.mode === mode && r.streams === streams)[nth]
    const [direct, parley, withTools] = [of('direct'), of('parley'), of('parley+tools')]
    if (!direct || !parley) continue
    const label =
      ROUNDS.filter((size) => size === streams).length > 1
        ? `${streams} streams, round ${nth + 1}`
        : `${streams} streams`
    const added = (p: number) => percentile(parley.tokenLatencies, p) - percentile(direct.tokenLatencies, p)
    const ttft = (p: number) => percentile(parley.ttfts, p) - percentile(direct.ttfts, p)
    console.log(
      `${label}: Parley adds ${fmt(added(50))} / ${fmt(added(95))} / ${fmt(added(99))} ms per token ` +
        `(p50/p95/p99) and ${fmt(ttft(50))} / ${fmt(ttft(95))} ms to the first token (p50/p95).`,
    )
    // Issue 35: the server's CPU per token it delivers (its embedded database process's included;
    // a Postgres server's not). Each reply's own work (the send, its saves, its usage) is spread
    // over its tokens: with few tokens a reply (BENCH_TOKENS, 30 by default) that is most of it.
    const serverCpu = (parley.cpu.server ?? 0) + (parley.cpu.database ?? 0)
    console.log(
      `${label}: the server spends ${fmt(microsecondsPer(serverCpu, parley.tokenLatencies.length))} µs of CPU ` +
        `per token delivered, each reply's own work included (server ${fmt(parley.cpu.server ?? 0, 2)} s + ` +
        `embedded database ${fmt(parley.cpu.database ?? 0, 2)} s for ${parley.tokenLatencies.length} tokens; issue 35's ` +
        `goal for one instance, 200 replies of 200 tokens: ≤ ${GOAL_MICROSECONDS_PER_TOKEN} µs).`,
    )
    if (parley.cpu.postgres !== undefined) {
      console.log(
        `${label}: the Postgres server's processes spent ${fmt(parley.cpu.postgres, 2)} s beside it ` +
          `(${fmt(microsecondsPer(parley.cpu.postgres, parley.tokenLatencies.length))} µs per token; not in the figure above).`,
      )
    }
    if (withTools) {
      const toolsTtft = (p: number) => percentile(withTools.ttfts, p) - percentile(parley.ttfts, p)
      console.log(
        `${label}: enabling tools (none called) adds ${fmt(toolsTtft(50))} / ${fmt(toolsTtft(95))} ms ` +
          `to the first token (p50/p95; goal ≤ 5 ms at p95).`,
      )
    }
  }
}

/** An entry of ~8,000 characters of varied words (about ten chunks), different for every index. */
function entryText(index: number): string {
  return Array.from(
    { length: ENTRY_WORDS },
    (_, k) => `w${((index * 7919 + k * 104_729) % 50_000).toString(36)}`,
  ).join(' ')
}

/**
 * Waves of replies while `entries` are saved through the API and indexed in the background; the
 * owner's socket counts `knowledge:indexed`. Returns the latencies of the replies that ran while
 * indexing was going on, and how long the indexing took.
 */
async function runWhileIndexing(
  serverUrl: string,
  tokens: string[],
  pids: Record<string, number>,
  entries: number,
) {
  const owner = tokens[tokens.length - 1]!
  const headers = { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }
  const socket: Socket = io(serverUrl, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: { token: owner },
  })
  let indexed = 0
  let failed = 0
  socket.on('knowledge:indexed', (payload: { entry: { index_status: string } }) => {
    if (payload.entry.index_status === 'ready') indexed += 1
    else failed += 1
  })
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const started = performance.now()
  let posted = 0
  const posting = (async () => {
    // Four at a time, as a person importing a folder of documents would.
    for (let next = 0; next < entries; next += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, entries - next) }, async (_, k) => {
          const res = await fetch(`${serverUrl}/api/knowledge`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              title: `Bench entry ${next + k}`,
              content: entryText(next + k),
              source_type: 'manual',
            }),
          })
          if (res.status === 201 || res.status === 200) posted += 1
        }),
      )
    }
  })()
  const waves: RoundResult[] = []
  while (indexed + failed < entries && performance.now() - started < INDEXING_LIMIT_MS) {
    waves.push(await runParley(serverUrl, tokens.slice(0, -1), INDEXING_STREAMS, pids))
  }
  await posting
  const indexingMs = performance.now() - started
  socket.disconnect()
  return { waves, indexingMs, posted, indexed, failed }
}

function mergeRounds(rounds: RoundResult[]): RoundResult {
  return {
    mode: 'parley',
    streams: rounds.reduce((sum, r) => sum + r.streams, 0),
    tokenLatencies: rounds.flatMap((r) => r.tokenLatencies),
    ttfts: rounds.flatMap((r) => r.ttfts),
    wallMs: rounds.reduce((sum, r) => sum + r.wallMs, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpu: {},
    rssPeak: {},
  }
}

async function runIndexingMain(serverUrl: string, tokens: string[], pids: Record<string, number>) {
  const entries = Math.ceil(INDEXING_CHUNKS / 10)
  console.log(
    `bench:knowledge-stall — waves of ${INDEXING_STREAMS} replies before and while ${entries} entries (~${INDEXING_CHUNKS} chunks) are indexed\n`,
  )
  await runParley(serverUrl, tokens.slice(0, -1), 5, pids)
  const before: RoundResult[] = []
  for (let wave = 0; wave < 10; wave += 1)
    before.push(await runParley(serverUrl, tokens.slice(0, -1), INDEXING_STREAMS, pids))
  const during = await runWhileIndexing(serverUrl, tokens, pids, entries)
  const quiet = mergeRounds(before)
  const busy = mergeRounds(during.waves)
  const row = (name: string, r: RoundResult) =>
    `${name.padEnd(16)} ${String(r.streams).padStart(7)} ${fmt(percentile(r.tokenLatencies, 50)).padStart(9)} ${fmt(percentile(r.tokenLatencies, 95)).padStart(7)} ${fmt(percentile(r.tokenLatencies, 99)).padStart(7)} ${String(r.errors).padStart(7)}`
  console.log('phase            replies  token p50     p95     p99  errors')
  console.log(row('quiet', quiet))
  console.log(row('while indexing', busy))
  const added = percentile(busy.tokenLatencies, 95) - percentile(quiet.tokenLatencies, 95)
  const chunksPerSecond = (during.indexed * 10) / (during.indexingMs / 1000)
  console.log(
    `\nIndexing ${during.indexed} entries (~${during.indexed * 10} chunks; ${during.failed} failed, ${during.posted} saved) took ` +
      `${fmt(during.indexingMs / 1000)} s (~${fmt(chunksPerSecond, 0)} chunks/s).\n` +
      `Indexing adds ${fmt(added)} ms per token at p95 to ${INDEXING_STREAMS} concurrent replies (goal ≤ 20 ms).`,
  )
}

async function runMain() {
  const limitMs = INDEXING_CHUNKS ? INDEXING_LIMIT_MS + 120_000 : 180_000
  const deadline = setTimeout(() => {
    console.error(`bench:stream took longer than ${limitMs / 60_000} minutes; stopping`)
    process.exit(1)
  }, limitMs)
  const provider = await spawnRole(import.meta.path, ['provider'])
  const providerUrl = provider.ready.url as string
  const server = await spawnRole(import.meta.path, ['server', providerUrl, '100'])
  const serverUrl = server.ready.url as string
  const tokens = server.ready.tokens as string[]
  console.log(
    `bench:stream — ${TOKENS} tokens per answer, one chunk every ${CHUNK_DELAY_MS} ms; ` +
      `Parley at ${serverUrl} (${process.env.BENCH_DATABASE_URL ? 'Postgres' : `PGlite ${process.env.EMBEDDED_DATABASE ?? 'process'}`}), fake provider at ${providerUrl}\n`,
  )
  // The embedded database's own process (PGlite in a child, as shipped), when there is one: its CPU
  // is the server's too.
  const [database] = childPids(server.pid)
  const pids: Record<string, number> = { server: server.pid, provider: provider.pid }
  if (database) pids.database = database
  const results: RoundResult[] = []
  if (INDEXING_CHUNKS) {
    try {
      await runIndexingMain(serverUrl, tokens, pids)
    } finally {
      clearTimeout(deadline)
      server.kill()
      provider.kill()
    }
    await Bun.sleep(300)
    process.exit(0)
  }
  try {
    // Warm-up: first requests compile routes and fill caches.
    await runParley(serverUrl, tokens, 5, pids)
    for (const streams of ROUNDS) {
      results.push(await runDirect(providerUrl, streams, pids))
      results.push(await runParley(serverUrl, tokens, streams, pids))
      results.push(await runParley(serverUrl, tokens, streams, pids, true))
    }
    report(results)
  } finally {
    clearTimeout(deadline)
    server.kill()
    provider.kill()
  }
  await Bun.sleep(300)
  process.exit(0)
}

// Dispatched last: the helpers above must be initialised before a role runs.
const role = process.argv[2] ?? 'main'
if (role === 'provider') await runProvider()
else if (role === 'server') await runServer(process.argv[3]!, Number(process.argv[4]))
else await runMain()
