/**
 * `bun run bench:api`: the chat list (`GET /api/chats?limit=50`) under 16 concurrent connections,
 * for each database mode side by side: embedded PGlite in the serving process (inline), embedded
 * PGlite in a child process (process; docs/decisions/116-embedded-database-process.md), and a
 * Postgres server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a
 * throwaway database there). Also the start time on a new data folder and the idle memory (RSS of
 * the server and of its database process).
 *
 * Two processes per mode: the server (`startServer`, as `bun run start` runs it) and this one, the
 * load. Env: BENCH_MODES (inline,process,postgres), BENCH_SECONDS (5), BENCH_CONNECTIONS (16).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Mode = 'inline' | 'process' | 'postgres'
const MODES = (process.env.BENCH_MODES ?? 'inline,process,postgres').split(',') as Mode[]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CHATS = 60

interface Ready {
  url: string
  token: string
  startMs: number
  serverPid: number
  databasePid?: number
}

async function runServer(mode: Mode) {
  const { loadConfig } = await import('../src/config')
  const { startServer } = await import('../src/server')
  const { createSession } = await import('../src/auth/session')
  const { users, chats } = await import('../db/schema')
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-api-'))
  const databaseUrl = mode === 'postgres' ? await createPostgresDatabase() : undefined
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
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
  await server.ctx.db
    .insert(chats)
    .values(Array.from({ length: CHATS }, (_, index) => ({ userId: user!.id, title: `Chat ${index}` })))
  const { token } = await createSession(server.ctx.db, user!.id, new Date())
  const databasePid = (server.ctx.database as { pid?: number }).pid
  const ready: Ready = { url: server.url, token, startMs, serverPid: process.pid, databasePid }
  console.log(`READY ${JSON.stringify(ready)}`)
  const stop = async () => {
    await server.stop()
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

async function load(ready: Ready) {
  const url = `${ready.url}/api/chats?limit=50`
  const headers = { authorization: `Bearer ${ready.token}` }
  // Warm-up: prepared statements, JIT.
  for (let index = 0; index < 50; index += 1) await (await fetch(url, { headers })).arrayBuffer()
  const latencies: number[] = []
  let failures = 0
  const deadline = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now()
        const res = await fetch(url, { headers })
        await res.arrayBuffer()
        if (res.status !== 200) failures += 1
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
  const result = await load(ready)
  server.kill('SIGTERM')
  await Promise.race([server.exited, Bun.sleep(10_000)])
  return { mode, startMs: ready.startMs, idle, ...result }
}

if (process.argv[2] === 'server') {
  await runServer(process.argv[3] as Mode)
} else {
  console.log(
    `chat list, GET /api/chats?limit=50 (${CHATS} chats), ${CONNECTIONS} connections, ${SECONDS} s per mode`,
  )
  const rows: string[] = []
  for (const mode of MODES) {
    const r = await runMode(mode)
    const memory =
      r.idle.database === undefined ? `${r.idle.server} MiB` : `${r.idle.server} + ${r.idle.database} MiB`
    rows.push(
      `| ${r.mode.padEnd(8)} | ${String(r.reqPerSec).padStart(6)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p99
        .toFixed(1)
        .padStart(
          6,
        )} | ${String(r.failures).padStart(4)} | ${String(r.startMs).padStart(6)} | ${memory.padEnd(16)} |`,
    )
  }
  console.log('| mode     |  req/s | p50 ms | p99 ms | fail | start ms | idle RSS (server + db) |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}
