/**
 * `bun run bench:api`: issue 17's table, every database mode side by side in one run, goals beside:
 * the chat list (`GET /api/chats?limit=50`), a message page (`GET /api/chats/:id/messages`) and a
 * send (`POST /api/chats/:id/messages` to its 202, each in a new chat, the reply streamed by a fake
 * provider in the server's process) under 16 concurrent connections; the start time on a new data
 * folder; the idle memory (RSS of the server and of its database process) 2 s after start, and again
 * 5 s after the load (every path used once: the modules imported on first use are loaded by then;
 * docs/decisions/137-idle-memory.md).
 *
 * Modes: embedded PGlite in the serving process (inline), embedded PGlite in a child process
 * (process; docs/decisions/116-embedded-database-process.md), and a Postgres server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database
 * there). Two processes per mode: the server (`startServer`, as `bun run start` runs it, with the
 * build's database template when `bun run build:db-template` made one) and this one, the load:
 * both share the machine's cores, so the figures are what is left after the load generator.
 * Env: BENCH_MODES (inline,process,postgres), BENCH_SECONDS (5 per measure), BENCH_CONNECTIONS (16),
 * BENCH_NO_UPKEEP=1 (measure the embedded database before its first upkeep pass, decision 169).
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asPath } from '../src/test/linear-chat'

type Mode = 'inline' | 'process' | 'postgres'
const MODES = (process.env.BENCH_MODES ?? 'inline,process,postgres').split(',') as Mode[]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CHATS = 60
/** Chats with one earlier exchange each, for the sends (every send goes to a chat of its own). */
const SEND_CHATS = 4000
const PAGE_MESSAGES = 40

interface Ready {
  url: string
  token: string
  pageChatId: string
  sendChatIds: string[]
  startMs: number
  serverPid: number
  databasePid?: number
}

async function runServer(mode: Mode) {
  const { loadConfig } = await import('../src/config')
  const { startServer } = await import('../src/server')
  const { createSession } = await import('../src/auth/session')
  const { users, chats, messages } = await import('../db/schema')
  const { startFakeOpenAi } = await import('../src/test/fakes/openai-server')
  const { embeddedUpkeep } = await import('../db/upkeep')
  const fake = startFakeOpenAi()
  fake.setScript({ reply: 'A short answer from the fake model, streamed in words.' })
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-api-'))
  const databaseUrl = mode === 'postgres' ? await createPostgresDatabase() : undefined
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'bench-key',
      EMBEDDED_DATABASE: mode === 'process' ? 'process' : 'inline',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    appSecret: 'bench-secret-bench-secret-bench-secret-00',
  }
  const started = performance.now()
  const server = await startServer(config)
  const startMs = Math.round(performance.now() - started)
  const [user] = await server.ctx.db
    .insert(users)
    .values({ email: 'bench@example.com', passwordHash: 'x', emailConfirmedAt: new Date() })
    .returning()
  const userId = user!.id
  const listed = await server.ctx.db
    .insert(chats)
    .values(Array.from({ length: CHATS }, (_, index) => ({ userId, title: `Chat ${index}` })))
    .returning({ id: chats.id })
  const pageChatId = listed[0]!.id
  await server.ctx.db.insert(messages).values(
    asPath(
      Array.from({ length: PAGE_MESSAGES }, (_, index) => ({
        chatId: pageChatId,
        userId,
        content: `Message ${index} `.repeat(20),
        isUser: index % 2 === 0,
        status: 'complete' as const,
      })),
    ),
  )
  const sendChatIds: string[] = []
  for (let index = 0; index < SEND_CHATS; index += 500) {
    const rows = await server.ctx.db
      .insert(chats)
      .values(Array.from({ length: 500 }, () => ({ userId, title: 'Send' })))
      .returning({ id: chats.id })
    sendChatIds.push(...rows.map((row) => row.id))
  }
  // The seeded rows as the embedded database's first upkeep pass leaves them, 30 s after a start
  // (decision 169): a server that has run for a while, not one whose statistics predate its rows.
  if (server.ctx.database.kind === 'pglite' && !process.env.BENCH_NO_UPKEEP)
    await embeddedUpkeep(server.ctx.database)
  const { token } = await createSession(server.ctx.db, userId, new Date())
  const databasePid = (server.ctx.database as { pid?: number }).pid
  const ready: Ready = {
    url: server.url,
    token,
    pageChatId,
    sendChatIds,
    startMs,
    serverPid: process.pid,
    databasePid,
  }
  console.log(`READY ${JSON.stringify(ready)}`)
  const stop = async () => {
    await server.stop()
    await fake.close()
    rmSync(dataDir, { recursive: true, force: true })
    if (databaseUrl) await dropPostgresDatabase(databaseUrl)
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  await new Promise(() => {})
}

async function createPostgresDatabase(): Promise<string> {
  const postgres = (await import('postgres')).default
  const name = `parley_bench_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return url.toString()
}

async function dropPostgresDatabase(databaseUrl: string) {
  const postgres = (await import('postgres')).default
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
  await admin.end()
}

function rssMiB(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    return match ? Math.round(Number(match[1]) / 1024) : undefined
  } catch {
    return undefined
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

interface Measured {
  reqPerSec: number
  p50: number
  p99: number
  failures: number
}

/** CONNECTIONS loops sending `next()`'s request for SECONDS (or until it answers undefined). */
async function load(next: () => { url: string; init?: RequestInit } | undefined): Promise<Measured> {
  const latencies: number[] = []
  let failures = 0
  const deadline = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const request = next()
        if (!request) return
        const begin = performance.now()
        const res = await fetch(request.url, request.init)
        await res.arrayBuffer()
        if (res.status >= 300) failures += 1
        latencies.push(performance.now() - begin)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    reqPerSec: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  }
}

async function measure(ready: Ready) {
  const headers = { authorization: `Bearer ${ready.token}` }
  const get = (url: string) => () => ({ url, init: { headers } })
  const list = get(`${ready.url}/api/chats?limit=50`)
  const page = get(`${ready.url}/api/chats/${ready.pageChatId}/messages`)
  // Warm-up: prepared statements, JIT.
  for (let index = 0; index < 50; index += 1) {
    await (await fetch(list().url, { headers })).arrayBuffer()
    await (await fetch(page().url, { headers })).arrayBuffer()
  }
  const chatList = await load(list)
  const messagePage = await load(page)
  let sent = 0
  const send = await load(() => {
    const chatId = ready.sendChatIds[sent++]
    if (!chatId) return undefined
    return {
      url: `${ready.url}/api/chats/${chatId}/messages`,
      init: {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'What is the answer?' }),
      },
    }
  })
  return { chatList, messagePage, send }
}

async function runMode(mode: Mode) {
  const server = Bun.spawn(['bun', import.meta.path, 'server', mode], { stdout: 'pipe', stderr: 'inherit' })
  const reader = server.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the ${mode} server exited before it was ready`)
    text += new TextDecoder().decode(value)
  }
  const line = text.split('\n').find((candidate) => candidate.startsWith('READY '))
  if (!line) throw new Error(`unexpected output from the ${mode} server: ${text}`)
  const ready = JSON.parse(line.slice('READY '.length)) as Ready
  await Bun.sleep(2000)
  const idle = { server: rssMiB(ready.serverPid), database: rssMiB(ready.databasePid) }
  const result = await measure(ready)
  await Bun.sleep(5000)
  const afterLoad = { server: rssMiB(ready.serverPid), database: rssMiB(ready.databasePid) }
  server.kill('SIGTERM')
  await Promise.race([server.exited, Bun.sleep(10_000)])
  return { mode, startMs: ready.startMs, idle, afterLoad, ...result }
}

const memory = (m: { server?: number; database?: number }) =>
  m.database === undefined ? `${m.server} MiB` : `${m.server} + ${m.database} MiB`
const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 })
const ms = (value: number) => value.toFixed(1)
const LABELS: Record<Mode, string> = {
  inline: 'embedded, inline',
  process: 'embedded, process',
  postgres: 'Postgres server',
}

if (process.argv[2] === 'server') {
  await runServer(process.argv[3] as Mode)
} else {
  console.log(
    `bench:api — ${CONNECTIONS} connections, ${SECONDS} s per measure; load generator on the same machine (${navigator.hardwareConcurrency} cores)`,
  )
  const results: Awaited<ReturnType<typeof runMode>>[] = []
  for (const mode of MODES) {
    console.log(`… ${LABELS[mode]}`)
    results.push(await runMode(mode))
  }
  const rows: [string, (r: (typeof results)[number]) => string, string][] = [
    ['chat list `GET /api/chats?limit=50`, req/s', (r) => fmt(r.chatList.reqPerSec), '≥ 3,000'],
    ['chat list p50 / p99 ms', (r) => `${ms(r.chatList.p50)} / ${ms(r.chatList.p99)}`, 'p99 ≤ 25'],
    ['message page (40 messages), req/s', (r) => fmt(r.messagePage.reqPerSec), '—'],
    ['message page p50 / p99 ms', (r) => `${ms(r.messagePage.p50)} / ${ms(r.messagePage.p99)}`, '—'],
    ['send (POST message to 202), req/s', (r) => fmt(r.send.reqPerSec), '—'],
    ['send p50 / p99 ms', (r) => `${ms(r.send.p50)} / ${ms(r.send.p99)}`, '—'],
    [
      'failed requests (list / page / send)',
      (r) => `${r.chatList.failures} / ${r.messagePage.failures} / ${r.send.failures}`,
      '0',
    ],
    ['start with a new data folder', (r) => `${fmt(r.startMs / 1000)} s`, '≤ 1.5 s (embedded)'],
    ['idle memory after start (server + database)', (r) => memory(r.idle), '≤ 120 MiB (embedded)'],
    ['memory 5 s after the load (server + database)', (r) => memory(r.afterLoad), '—'],
  ]
  console.log(`\n| measure | ${results.map((r) => LABELS[r.mode]).join(' | ')} | goal |`)
  console.log(`|---|${results.map(() => '---|').join('')}---|`)
  for (const [label, value, goal] of rows)
    console.log(`| ${label} | ${results.map((r) => value(r)).join(' | ')} | ${goal} |`)
  console.log('\nPer-token latency at 100 / 1,000 concurrent replies: `bun run bench:stream`.')
}
