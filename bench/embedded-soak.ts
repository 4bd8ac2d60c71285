/**
 * `bun run bench:embedded-soak`: the shipped server with the embedded database in its own process
 * (docs/decisions/116-embedded-database-process.md), 8 connections reading the chat list and 2
 * creating chats, while the database process is SIGKILLed every 15 s, for SOAK_SECONDS (120).
 * Prints the statuses seen (only 200/201/503 are right), the chats created (201) and how many of
 * them are missing afterwards (must be 0), and the slowest request (no request may hang).
 */
import { startShippedServer } from '../src/test/harness'

const seconds = Number(process.env.SOAK_SECONDS ?? 120)
const server = await startShippedServer({})
const headers = { 'content-type': 'application/json', origin: server.url }
const signup = await fetch(`${server.url}/api/auth/signup`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ email: 'soak@example.com', password: 'password123', fullName: 'Soak' }),
})
const cookie = signup.headers.get('set-cookie')!.split(';')[0]!
const statuses: Record<string, number> = {}
const created: string[] = []
const deadline = performance.now() + seconds * 1000
let kills = 0
const killer = setInterval(() => {
  const pid = (server.ctx.database as { pid?: number }).pid
  if (pid) {
    process.kill(pid, 'SIGKILL')
    kills++
  }
}, 15_000)
let maxMs = 0
const worker = async (write: boolean) => {
  while (performance.now() < deadline) {
    const t = performance.now()
    const res = write
      ? await fetch(`${server.url}/api/chats`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({ title: 'soak' }),
        })
      : await fetch(`${server.url}/api/chats?limit=50`, { headers: { cookie } })
    maxMs = Math.max(maxMs, performance.now() - t)
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
    if (write && res.status === 201) created.push(((await res.json()) as { data: { id: string } }).data.id)
    else await res.arrayBuffer()
    if (res.status === 503) await Bun.sleep(100)
  }
}
await Promise.all([...Array.from({ length: 8 }, () => worker(false)), worker(true), worker(true)])
clearInterval(killer)
await Bun.sleep(2000)
const rows = await server.ctx.database.query<{ id: string }>('select id from chats')
const stored = new Set(rows.map((r) => r.id))
const lost = created.filter((id) => !stored.has(id)).length
console.log(
  JSON.stringify({
    seconds,
    kills,
    statuses,
    created: created.length,
    lost,
    maxRequestMs: Math.round(maxMs),
  }),
)
await server.stop()
