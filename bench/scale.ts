/**
 * `bun run bench:scale`: issue 19's table. Two Parley instances on one Postgres (then again with
 * REDIS_URL), 500 users with one socket on each instance (1,000 sockets), waves of 100 and 500
 * concurrent replies of 200 tokens at 10 ms from a fake provider that stamps each token with its
 * write time. Every reply is streamed by instance A; its user's socket on A is "streaming", the one
 * on B "other". Printed side by side per mode and wave: the added latency (token written by the
 * provider → delta received by the socket) p50/p95 on each side, cross-user deliveries, missing
 * tokens, and each instance's memory before (idle after warm-up replies), at peak, and after (the
 * sockets closed, read 10 s later: BENCH_AFTER_MS). Goals at the 500 wave beside the figures.
 *
 * Processes: the provider, instances A and B (`startServer`, as `bun run start` runs it), and two
 * socket processes (one per instance), so that reading 60,000 events a second does not sit in one
 * thread with the rest. Memory is read after a full GC and JavaScriptCore's footprint shrink in each
 * instance (SIGUSR2: what an instance does by itself after a quiet 10 s following a burst), before and
 * after; BENCH_SHRINK=0 reads after the GC only.
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379; the Redis mode is skipped when it does not answer), BENCH_MODES
 * (postgres,redis), BENCH_USERS (500), BENCH_WAVES (100,500), BENCH_HEAP=1 (object types that grew,
 * per instance), BENCH_PROFILE_DIR (CPU profiles). Bounded: at most 6 minutes.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { epochMs, startFakeOpenAi } from '../src/test/fakes/openai-server'
import {
  type Child,
  cpuSeconds,
  fmt,
  loadAverage,
  microsecondsPer,
  percentile,
  rssMb,
  spawnRole,
} from './lib/processes'

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const MODES = (process.env.BENCH_MODES ?? 'postgres,redis').split(',') as ('postgres' | 'redis')[]
const USERS = Number(process.env.BENCH_USERS ?? 500)
const WAVES = (process.env.BENCH_WAVES ?? '100,500').split(',').map(Number)
const TOKENS = 200
/** Issue 35: the streaming instance's CPU per token at the 500 wave, half of the ~85 µs measured. */
const GOAL_MICROSECONDS_PER_TOKEN = 40
const CHUNK_DELAY_MS = 10
const CHUNKS = Array.from({ length: TOKENS }, (_, i) => `t${i} `)
const REPLY = CHUNKS.join('')
const STAMPS = /⟦([\d.]+)⟧/g
const SECRET = 'bench-secret-bench-secret-bench-secret-00'
/** How long after the sockets close the memory is read again. */
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 10_000)

// ─── roles ────────────────────────────────────────────────────────────────────────────────────

async function runProvider() {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  fake.setScript({ reply: REPLY, chunks: CHUNKS, chunkDelayMs: CHUNK_DELAY_MS, stampChunks: true })
  console.log(`READY ${JSON.stringify({ url: fake.url })}`)
  await new Promise(() => {})
}

/** One instance; the first also creates the users, their sessions and one chat each. */
async function runServer(providerUrl: string, databaseUrl: string, redisUrl: string, users: number) {
  const { loadConfig } = await import('../src/config')
  const { startServer } = await import('../src/server')
  const { createSession } = await import('../src/auth/session')
  const { users: usersTable, chats } = await import('../db/schema')
  const dataDir = join(tmpdir(), `parley-bench-scale-${process.pid}`)
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      OPENAI_BASE_URL: providerUrl,
      OPENAI_API_KEY: 'bench-key',
      OPENAI_MODELS: 'fake-model',
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      ...(redisUrl !== '-' ? { REDIS_URL: redisUrl } : {}),
    }),
    appSecret: SECRET,
  }
  const server = await startServer(config)
  const people: { token: string; chatId: string }[] = []
  if (users) {
    const hash = await Bun.password.hash('bench-password', { algorithm: 'argon2id' })
    for (let index = 0; index < users; index += 1) {
      const [user] = await server.ctx.db
        .insert(usersTable)
        .values({ email: `scale${index}@example.com`, passwordHash: hash, emailConfirmedAt: new Date() })
        .returning()
      const [chat] = await server.ctx.db
        .insert(chats)
        .values({ userId: user!.id, title: 'Bench' })
        .returning()
      people.push({
        token: (await createSession(server.ctx.db, user!.id, new Date())).token,
        chatId: chat!.id,
      })
    }
  }
  // A full collection before memory is read, so that garbage waiting for the collector is not counted.
  // BENCH_HEAP=1: each instance prints the object types that grew since the last reading (stderr).
  let counts: Record<string, number> = {}
  process.on('SIGUSR2', async () => {
    // What an instance does by itself 10 s after a burst of replies (src/realtime/quiet-memory.ts),
    // done for both readings so that they compare alike; BENCH_SHRINK=0: a full collection only.
    Bun.gc(true)
    if (process.env.BENCH_SHRINK !== '0') (Bun as unknown as { shrink(): void }).shrink()
    if (!process.env.BENCH_HEAP) return
    const { heapStats } = await import('bun:jsc')
    const now = heapStats().objectTypeCounts as Record<string, number>
    const grown = Object.entries(now)
      .map(([type, count]) => [type, count - (counts[type] ?? 0)] as const)
      .filter(([, delta]) => delta > 50)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 12)
    const stats = heapStats()
    const mb = (bytes: number) => Math.round(bytes / 1048576)
    const memory = process.memoryUsage()
    // Objects (the JS heap, and memory they hold outside it) against what the process keeps.
    console.error(
      `heap ${process.pid} ${mb(memory.rss)} MB rss, JS heap ${mb(stats.heapSize)} / ${mb(stats.heapCapacity)} MB ` +
        `(size / capacity), extra ${mb(stats.extraMemorySize)} MB, external ${mb(memory.external)} MB, ` +
        `array buffers ${mb(memory.arrayBuffers)} MB`,
      JSON.stringify(grown),
    )
    counts = now
  })
  process.on('SIGTERM', async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
  console.log(`READY ${JSON.stringify({ url: server.url, people })}`)
  await new Promise(() => {})
}

type Delta = { chatId: string; messageId: string; delta: string; seq: number }

/**
 * The sockets of one instance: one per user, each joined to its user's chat. Commands on stdin:
 * `wave <file>` (the chat ids of a wave: collect until each has its outcome, then print RESULT),
 * `close` (disconnect everything, print CLOSED).
 */
async function runClients(serverUrl: string, peopleFile: string) {
  const people = JSON.parse(readFileSync(peopleFile, 'utf8')) as { token: string; chatId: string }[]
  const sockets: Socket[] = []
  let wave: {
    chats: Set<string>
    texts: Map<string, string>
    seqs: Map<string, number>
    latencies: number[]
    crossUser: number
    seqErrors: number
    outcomes: Set<string>
    failed: number
    done: () => void
  } | null = null
  for (let start = 0; start < people.length; start += 50) {
    await Promise.all(
      people.slice(start, start + 50).map(async ({ token, chatId }) => {
        const socket = io(serverUrl, {
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
        socket.on('message:delta', (payload: Delta) => {
          const now = epochMs()
          if (!wave) return
          if (payload.chatId !== chatId) {
            wave.crossUser += 1
            return
          }
          const last = wave.seqs.get(chatId) ?? 0
          if (payload.seq !== last + 1) wave.seqErrors += 1
          wave.seqs.set(chatId, payload.seq)
          for (const match of payload.delta.matchAll(STAMPS)) wave.latencies.push(now - Number(match[1]))
          wave.texts.set(chatId, (wave.texts.get(chatId) ?? '') + payload.delta.replace(STAMPS, ''))
        })
        const outcome = (event: { chatId: string }, failed: boolean) => {
          if (!wave) return
          if (event.chatId !== chatId) {
            wave.crossUser += 1
            return
          }
          if (failed) wave.failed += 1
          wave.outcomes.add(chatId)
          if (wave.outcomes.size === wave.chats.size) wave.done()
        }
        socket.on('message:completed', (event: { chatId: string }) => outcome(event, false))
        socket.on('message:failed', (event: { chatId: string }) => outcome(event, true))
        sockets.push(socket)
      }),
    )
  }
  console.log('READY {}')
  const lines = console as unknown as AsyncIterable<string>
  for await (const line of lines) {
    const [command, file] = line.trim().split(' ')
    if (command === 'wave') {
      const chats = new Set(JSON.parse(readFileSync(file!, 'utf8')) as string[])
      const finished = new Promise<void>((resolve) => {
        wave = {
          chats,
          texts: new Map(),
          seqs: new Map(),
          latencies: [],
          crossUser: 0,
          seqErrors: 0,
          outcomes: new Set(),
          failed: 0,
          done: resolve,
        }
      })
      console.log('ARMED')
      const timedOut = await Promise.race([finished.then(() => false), Bun.sleep(90_000).then(() => true)])
      const current = wave!
      wave = null
      let missing = 0
      for (const chatId of chats) {
        const received = (current.texts.get(chatId) ?? '').split(' ').filter(Boolean).length
        missing += Math.max(0, TOKENS - received)
      }
      const out = join(tmpdir(), `parley-bench-scale-result-${process.pid}.json`)
      writeFileSync(
        out,
        JSON.stringify({
          latencies: current.latencies,
          crossUser: current.crossUser,
          seqErrors: current.seqErrors,
          missing,
          failed: current.failed,
          timedOut,
        }),
      )
      console.log(`RESULT ${out}`)
    } else if (command === 'close') {
      for (const socket of sockets) socket.disconnect()
      console.log('CLOSED')
      await Bun.sleep(100)
      process.exit(0)
    }
  }
}

// ─── orchestration ────────────────────────────────────────────────────────────────────────────

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const probe = connectTcp({ host: hostname, port: Number(port || 6379) })
    probe.setTimeout(500)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
    probe.once('timeout', () => {
      probe.destroy()
      resolve(false)
    })
  })
}

async function createDatabase(): Promise<string> {
  const { openPostgres } = await import('../db/client')
  const { migrate } = await import('../db/migrate')
  const name = `parley_bench_scale_${process.pid}`
  const admin = openPostgres(POSTGRES_URL, { max: 1 })
  await admin.exec(`drop database if exists ${name} with (force)`)
  await admin.exec(`create database ${name}`)
  await admin.close()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  const migrator = openPostgres(url.toString(), { max: 1 })
  await migrate(migrator)
  await migrator.close()
  return url.toString()
}

async function dropDatabase(url: string) {
  const { openPostgres } = await import('../db/client')
  const admin = openPostgres(POSTGRES_URL, { max: 1 })
  await admin.exec(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`)
  await admin.close()
}

interface WaveResult {
  mode: string
  replies: number
  streaming: number[]
  other: number[]
  crossUser: number
  missing: number
  seqErrors: number
  failed: number
  timedOut: boolean
  load: string
  /** How long the wave's sends took to be accepted (202), ms. */
  sendsMs: number
  /** CPU seconds of instance A and B during the wave. */
  cpu: [number, number]
}

interface Memory {
  before: [number, number]
  peak: [number, number]
  after: [number, number]
}

async function send(url: string, person: { token: string; chatId: string }) {
  const res = await fetch(`${url}/api/chats/${person.chatId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'go' }),
  })
  if (res.status !== 202) throw new Error(`send answered ${res.status}: ${await res.text()}`)
}

/** A few replies with a socket on each instance, so that code loaded on first use counts as idle. */
async function warmUp(a: string, b: string, people: { token: string; chatId: string }[]) {
  const sockets: Socket[] = []
  const done: Promise<void>[] = []
  for (const person of people) {
    for (const url of [a, b]) {
      const socket = io(url, {
        transports: ['websocket'],
        auth: { token: person.token },
        reconnection: false,
      })
      sockets.push(socket)
      await new Promise((resolve) => socket.once('connect', () => resolve(null)))
      await socket.timeout(30_000).emitWithAck('chat:join', { chatId: person.chatId })
      done.push(new Promise((resolve) => socket.once('message:completed', () => resolve())))
    }
  }
  await Promise.all(people.map((person) => send(a, person)))
  await Promise.race([Promise.all(done), Bun.sleep(30_000)])
  for (const socket of sockets) socket.disconnect()
}

/** RSS of each instance after a full collection, `settleMs` after the load stopped. */
async function settledMemory(servers: Child[], settleMs: number): Promise<[number, number]> {
  await Bun.sleep(settleMs)
  for (const server of servers) server.kill('SIGUSR2')
  await Bun.sleep(2_000)
  return [rssMb(servers[0]!.pid), rssMb(servers[1]!.pid)]
}

async function runMode(mode: 'postgres' | 'redis', providerUrl: string) {
  const databaseUrl = await createDatabase()
  const redis = mode === 'redis' ? REDIS_URL : '-'
  const a = await spawnRole(import.meta.path, ['server', providerUrl, databaseUrl, redis, String(USERS + 5)])
  const b = await spawnRole(import.meta.path, ['server', providerUrl, databaseUrl, redis, '0'])
  const servers = [a, b]
  const everyone = a.ready.people as { token: string; chatId: string }[]
  const [warm, people] = [everyone.slice(USERS), everyone.slice(0, USERS)]
  const aUrl = a.ready.url as string
  const bUrl = b.ready.url as string
  const results: WaveResult[] = []
  let clients: Child[] = []
  try {
    await warmUp(aUrl, bUrl, warm)
    const before = await settledMemory(servers, 1_000)
    const peopleFile = join(tmpdir(), `parley-bench-scale-people-${process.pid}.json`)
    writeFileSync(peopleFile, JSON.stringify(people))
    clients = await Promise.all([
      spawnRole(import.meta.path, ['clients', aUrl, peopleFile]),
      spawnRole(import.meta.path, ['clients', bUrl, peopleFile]),
    ])
    const peak: [number, number] = [0, 0]
    const sampler = setInterval(() => {
      for (const [index, server] of servers.entries()) peak[index] = Math.max(peak[index]!, rssMb(server.pid))
    }, 100)
    for (const size of WAVES) {
      const wave = people.slice(0, size)
      const waveFile = join(tmpdir(), `parley-bench-scale-wave-${process.pid}.json`)
      writeFileSync(waveFile, JSON.stringify(wave.map((person) => person.chatId)))
      for (const client of clients) client.send(`wave ${waveFile}`)
      await Promise.all(clients.map((client) => client.next('ARMED')))
      const load = loadAverage()
      const cpuBefore = servers.map((server) => cpuSeconds(server.pid))
      const sendsFrom = performance.now()
      await Promise.all(wave.map((person) => send(aUrl, person)))
      // How long the wave's sends took to be accepted: the faster they are, the more of its replies
      // stream at the same moment (the latency figures depend on it).
      const sendsMs = performance.now() - sendsFrom
      const [streaming, other] = await Promise.all(
        clients.map(async (client) => {
          const line = await client.next('RESULT ')
          return JSON.parse(readFileSync(line.slice(7), 'utf8')) as {
            latencies: number[]
            crossUser: number
            seqErrors: number
            missing: number
            failed: number
            timedOut: boolean
          }
        }),
      )
      results.push({
        mode,
        replies: size,
        streaming: streaming!.latencies,
        other: other!.latencies,
        crossUser: streaming!.crossUser + other!.crossUser,
        missing: streaming!.missing + other!.missing,
        seqErrors: streaming!.seqErrors + other!.seqErrors,
        failed: streaming!.failed + other!.failed,
        timedOut: streaming!.timedOut || other!.timedOut,
        load,
        sendsMs,
        cpu: [cpuSeconds(a.pid) - cpuBefore[0]!, cpuSeconds(b.pid) - cpuBefore[1]!],
      })
      // The replies are stored and the chats free before the next wave.
      await Bun.sleep(1_500)
    }
    clearInterval(sampler)
    for (const client of clients) client.send('close')
    await Promise.all(clients.map((client) => client.next('CLOSED')))
    clients = []
    // Keep-alive connections to the provider close and the allocator gives pages back meanwhile.
    const after = await settledMemory(servers, AFTER_MS)
    rmSync(peopleFile, { force: true })
    return { results, memory: { before, peak, after } as Memory }
  } finally {
    for (const client of clients) client.kill()
    a.kill()
    b.kill()
    await Bun.sleep(1_500)
    await dropDatabase(databaseUrl).catch(() => {})
  }
}

function report(runs: { mode: string; results: WaveResult[]; memory: Memory }[]) {
  const header = [
    'mode',
    'replies',
    'streaming p50/p95 ms',
    'other p50/p95 ms',
    'cross-user',
    'missing',
    'seq errors',
    'failed',
    'memory A MB before/peak/after',
    'memory B MB before/peak/after',
    'CPU s A/B',
    'A µs/token',
    'sends accepted in',
    'load (1/5/15 min)',
  ]
  const rows = runs.flatMap(({ mode, results, memory }) =>
    results.map((r) => [
      mode,
      String(r.replies),
      `${fmt(percentile(r.streaming, 50))} / ${fmt(percentile(r.streaming, 95))}`,
      `${fmt(percentile(r.other, 50))} / ${fmt(percentile(r.other, 95))}`,
      String(r.crossUser),
      String(r.missing) + (r.timedOut ? ' (timed out)' : ''),
      String(r.seqErrors),
      String(r.failed),
      memory.before.length
        ? `${fmt(memory.before[0], 0)} / ${fmt(memory.peak[0], 0)} / ${fmt(memory.after[0], 0)}`
        : '',
      `${fmt(memory.before[1], 0)} / ${fmt(memory.peak[1], 0)} / ${fmt(memory.after[1], 0)}`,
      `${fmt(r.cpu[0], 2)} / ${fmt(r.cpu[1], 2)}`,
      fmt(microsecondsPer(r.cpu[0], r.replies * TOKENS)),
      `${fmt(r.sendsMs, 0)} ms`,
      r.load,
    ]),
  )
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log('')
  console.log(
    'Goals at the 500 wave: streaming p95 ≤ 30 ms; other p95 ≤ 60 ms (Postgres) / ≤ 30 ms (Redis); ' +
      `0 cross-user; 0 missing; memory after within 10% of before; instance A ≤ ${GOAL_MICROSECONDS_PER_TOKEN} µs of CPU per token (issue 35).`,
  )
  for (const { mode, results, memory } of runs) {
    const last = results.find((r) => r.replies === 500)
    if (!last) continue
    const otherGoal = mode === 'redis' ? 30 : 60
    const checks = [
      [`streaming p95 ≤ 30`, percentile(last.streaming, 95) <= 30],
      [`other p95 ≤ ${otherGoal}`, percentile(last.other, 95) <= otherGoal],
      ['0 cross-user', last.crossUser === 0],
      ['0 missing', last.missing === 0 && last.seqErrors === 0],
      ['memory back (A)', memory.after[0] <= memory.before[0] * 1.1],
      ['memory back (B)', memory.after[1] <= memory.before[1] * 1.1],
      [
        `A ≤ ${GOAL_MICROSECONDS_PER_TOKEN} µs/token`,
        microsecondsPer(last.cpu[0], last.replies * TOKENS) <= GOAL_MICROSECONDS_PER_TOKEN,
      ],
    ] as const
    console.log(`${mode}: ${checks.map(([name, ok]) => `${name} ${ok ? 'met' : 'MISSED'}`).join(', ')}`)
  }
}

async function runMain() {
  const deadline = setTimeout(() => {
    console.error('bench:scale took longer than 6 minutes; stopping')
    process.exit(1)
  }, 360_000)
  const provider = await spawnRole(import.meta.path, ['provider'])
  const providerUrl = provider.ready.url as string
  const modes: ('postgres' | 'redis')[] = []
  for (const mode of MODES) {
    if (mode === 'redis' && !(await reachable(REDIS_URL))) {
      console.log(`Redis at ${REDIS_URL} does not answer: the Redis mode is skipped.`)
      continue
    }
    modes.push(mode)
  }
  console.log(
    `bench:scale — 2 instances, ${USERS} users × 2 sockets, waves of ${WAVES.join(' and ')} replies of ` +
      `${TOKENS} tokens every ${CHUNK_DELAY_MS} ms, streamed by instance A; ${navigatorCores()} cores, ` +
      `load ${loadAverage()}\n`,
  )
  const runs = []
  try {
    for (const mode of modes) runs.push({ mode, ...(await runMode(mode, providerUrl)) })
    report(runs)
  } finally {
    clearTimeout(deadline)
    provider.kill()
  }
  await Bun.sleep(300)
  process.exit(0)
}

function navigatorCores(): number {
  return (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 0
}

// Dispatched last: the helpers above must be initialised before a role runs.
const role = process.argv[2] ?? 'main'
if (role === 'provider') await runProvider()
else if (role === 'server')
  await runServer(process.argv[3]!, process.argv[4]!, process.argv[5]!, Number(process.argv[6]))
else if (role === 'clients') await runClients(process.argv[3]!, process.argv[4]!)
else await runMain()
