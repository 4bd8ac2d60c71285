/**
 * `bun run bench:platform`: cold start to the first /api/health answer (empty and populated embedded
 * database), idle memory, and login throughput, each beside the figure it is bounded by, measured
 * in the same run on this machine.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openPglite } from '../db/client'
import { migrate } from '../db/migrate'

const root = join(import.meta.dir, '..')
const LOGIN_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONCURRENCY = 16

type Running = { proc: Bun.Subprocess; url: string; startMs: number }

async function start(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  const t0 = performance.now()
  const proc = Bun.spawn(['bun', 'src/index.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return { proc, url, startMs: performance.now() - t0 }
    } catch {}
    if (proc.exitCode !== null) throw new Error('server exited during start-up')
    await Bun.sleep(20)
  }
}

async function stop(running: Running) {
  running.proc.kill('SIGTERM')
  await running.proc.exited
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
}

async function populate(
  dataDir: string,
  counts: { users: number; chatsPerUser: number; messagesPerChat: number },
) {
  const database = await openPglite(join(dataDir, 'pg'))
  await migrate(database)
  const hash = await Bun.password.hash('bench-password', { algorithm: 'argon2id' })
  await database.db.execute(sql`
    insert into users (email, password_hash, full_name)
    select 'user' || g || '@bench.local', ${hash}, 'Bench User ' || g from generate_series(1, ${counts.users}) g`)
  await database.db.execute(sql`
    insert into chats (user_id, title)
    select u.id, 'Chat ' || g from users u, generate_series(1, ${counts.chatsPerUser}) g`)
  await database.db.execute(sql`
    insert into messages (chat_id, user_id, content, is_user)
    select c.id, c.user_id, repeat('Lorem ipsum dolor sit amet. ', 10), (g % 2 = 0)
    from chats c, generate_series(1, ${counts.messagesPerChat}) g`)
  await database.close()
}

/** Requests per second over a fixed time with a fixed number of concurrent clients. */
async function throughput(run: () => Promise<boolean>, seconds: number) {
  let ok = 0
  let failed = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) (await run()) ? ok++ : failed++
    }),
  )
  return { rps: ok / seconds, failed }
}

const rows: [string, string, string][] = []
const fmt = (n: number, unit: string) => `${n.toFixed(n < 10 ? 2 : 0)} ${unit}`

const emptyDir = await mkdtemp(join(tmpdir(), 'parley-bench-'))
const populatedDir = await mkdtemp(join(tmpdir(), 'parley-bench-'))
try {
  // Cold start, empty database (includes initdb and migrations on the very first start).
  const first = await start(emptyDir, 3901)
  rows.push(['cold start, new empty DATA_DIR (initdb + migrations)', fmt(first.startMs, 'ms'), '—'])
  await stop(first)
  const again = await start(emptyDir, 3901)
  rows.push(['cold start, existing empty database', fmt(again.startMs, 'ms'), '—'])
  await Bun.sleep(3000)
  rows.push(['idle RSS after start', fmt(rssMb(again.proc.pid), 'MiB'), '—'])
  await stop(again)

  const counts = { users: 200, chatsPerUser: 50, messagesPerChat: 20 }
  await populate(populatedDir, counts)
  const populated = await start(populatedDir, 3902, {
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000000',
  })
  rows.push([
    `cold start, populated (${counts.users} users, ${counts.users * counts.chatsPerUser} chats, ${counts.users * counts.chatsPerUser * counts.messagesPerChat} messages)`,
    fmt(populated.startMs, 'ms'),
    '—',
  ])

  // Login is bounded by argon2id verification: measure that alone, then through HTTP.
  const hash = await Bun.password.hash('bench-password', { algorithm: 'argon2id' })
  const verify = await throughput(() => Bun.password.verify('bench-password', hash), 3)
  const login = await throughput(async () => {
    const n = 1 + Math.floor(Math.random() * counts.users)
    const res = await fetch(`${populated.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `user${n}@bench.local`, password: 'bench-password' }),
    })
    await res.arrayBuffer()
    return res.ok
  }, LOGIN_SECONDS)
  const health = await throughput(async () => {
    const res = await fetch(`${populated.url}/api/health`)
    await res.arrayBuffer()
    return res.ok
  }, 3)
  rows.push([
    `POST /api/auth/login (${CONCURRENCY} concurrent clients)`,
    `${login.rps.toFixed(0)} req/s${login.failed ? ` (${login.failed} failed)` : ''}`,
    `${verify.rps.toFixed(0)} argon2id verifications/s in-process`,
  ])
  rows.push(['GET /api/health', `${health.rps.toFixed(0)} req/s`, 'framework + socket ceiling'])
  rows.push(['RSS after the load', fmt(rssMb(populated.proc.pid), 'MiB'), '—'])
  await stop(populated)
} finally {
  await rm(emptyDir, { recursive: true, force: true })
  await rm(populatedDir, { recursive: true, force: true })
}

const width = Math.max(...rows.map((r) => r[0].length))
console.log(`\nParley platform bench (${navigator.hardwareConcurrency} cores, Bun ${Bun.version})\n`)
console.log(`${'measure'.padEnd(width)}  ${'Parley'.padEnd(22)}  limit`)
for (const [name, value, limit] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(22)}  ${limit}`)
