/**
 * `bun run bench:embedded-soak`: the shipped server with the embedded database in its own process
 * (docs/decisions/116-embedded-database-process.md), 8 connections reading the chat list, 2 creating
 * chats and SOAK_STREAMS (10) people each sending one message after another and waiting for its
 * streamed reply (30 words at 20 ms from the fake provider), while the database process is
 * SIGKILLed every SOAK_KILL_SECONDS (15; 0: never) for SOAK_SECONDS (120).
 *
 * Prints the statuses seen (only 200/201/202/503 are right), the chats created (201) and how many
 * of them are missing afterwards (must be 0), the replies by how they ended (complete, or failed
 * with the text streamed so far kept; none may stay 'streaming' and no accepted message may be
 * missing), and the slowest request (no request may hang).
 */
import { startFakeOpenAi } from '../src/test/fakes/openai-server'
import { startShippedServer } from '../src/test/harness'

const seconds = Number(process.env.SOAK_SECONDS ?? 120)
const streams = Number(process.env.SOAK_STREAMS ?? 10)
const killEverySeconds = Number(process.env.SOAK_KILL_SECONDS ?? 15)
const words = Array.from({ length: 30 }, (_, i) => `word${i} `)
const fake = startFakeOpenAi({ models: ['fake-model'] })
fake.setScript({ chunks: words, chunkDelayMs: 20 })
const server = await startShippedServer({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'soak-key',
  OPENAI_MODELS: 'fake-model',
  RATE_LIMIT_SIGNUP_PER_IP: '0',
  // The production argon2 cost (the test servers' is cheap): sign-ups are part of the soak.
  PASSWORD_HASH_MEMORY_KIB: '65536',
  PASSWORD_HASH_ITERATIONS: '2',
})
const headers = { 'content-type': 'application/json', origin: server.url }

async function signUp(email: string): Promise<string> {
  for (;;) {
    const res = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'password123', fullName: 'Soak' }),
    })
    if (res.ok) return res.headers.get('set-cookie')!.split(';')[0]!
    await Bun.sleep(200)
  }
}

const cookie = await signUp('soak@example.com')
const statuses: Record<string, number> = {}
const created: string[] = []
/** Every send the server accepted (202): its chat, user message and reply ids. */
const accepted: { chatId: string; replyId: string }[] = []
const endings: Record<string, number> = {}
const deadline = performance.now() + seconds * 1000
let kills = 0
const killer =
  killEverySeconds > 0
    ? setInterval(() => {
        const pid = (server.ctx.database as { pid?: number }).pid
        if (pid) {
          process.kill(pid, 'SIGKILL')
          kills++
        }
      }, killEverySeconds * 1000)
    : undefined
let maxMs = 0

async function timed(path: string, init: RequestInit & { cookie: string }): Promise<Response> {
  const t = performance.now()
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { ...headers, cookie: init.cookie } })
  maxMs = Math.max(maxMs, performance.now() - t)
  statuses[res.status] = (statuses[res.status] ?? 0) + 1
  return res
}

async function messagesOf(chatId: string, as: string) {
  const res = await timed(`/api/chats/${chatId}/messages`, { cookie: as })
  if (res.status !== 200) {
    await res.arrayBuffer()
    return undefined
  }
  return ((await res.json()) as { data: { messages: { id: string; status: string; content: string }[] } })
    .data.messages
}

const apiWorker = async (write: boolean) => {
  while (performance.now() < deadline) {
    const res = write
      ? await timed('/api/chats', { method: 'POST', cookie, body: JSON.stringify({ title: 'soak' }) })
      : await timed('/api/chats?limit=50', { cookie })
    if (write && res.status === 201) created.push(((await res.json()) as { data: { id: string } }).data.id)
    else await res.arrayBuffer()
    if (res.status === 503) await Bun.sleep(100)
  }
}

/** One person: a chat of their own, then one message after another, each waited for to its end. */
const streamWorker = async (n: number) => {
  const as = await signUp(`soak-stream-${n}@example.com`)
  let chatId: string | undefined
  while (performance.now() < deadline) {
    if (!chatId) {
      const res = await timed('/api/chats', { method: 'POST', cookie: as, body: '{}' })
      if (res.status === 201) chatId = ((await res.json()) as { data: { id: string } }).data.id
      else await Bun.sleep(100)
      continue
    }
    const sent = await timed(`/api/chats/${chatId}/messages`, {
      method: 'POST',
      cookie: as,
      body: JSON.stringify({ content: `Question at ${Date.now()}` }),
    })
    if (sent.status !== 202) {
      await sent.arrayBuffer()
      await Bun.sleep(100)
      continue
    }
    const replyId = ((await sent.json()) as { data: { assistantMessageId: string } }).data.assistantMessageId
    accepted.push({ chatId, replyId })
    // Until it ends; a reply still streaming after 60 s counts as stuck below.
    const until = performance.now() + 60_000
    while (performance.now() < until) {
      const reply = (await messagesOf(chatId, as))?.find((m) => m.id === replyId)
      if (reply && reply.status !== 'streaming') break
      await Bun.sleep(100)
    }
  }
}

await Promise.all([
  ...Array.from({ length: 8 }, () => apiWorker(false)),
  apiWorker(true),
  apiWorker(true),
  ...Array.from({ length: streams }, (_, n) => streamWorker(n)),
])
if (killer) clearInterval(killer)
await Bun.sleep(2000)

const rows = await server.ctx.database.query<{ id: string }>('select id from chats')
const stored = new Set(rows.map((r) => r.id))
const lost = created.filter((id) => !stored.has(id)).length

// How every accepted reply ended, read back from the stored messages.
let missingUserMessages = 0
const byChat = new Map<string, string[]>()
for (const a of accepted) byChat.set(a.chatId, [...(byChat.get(a.chatId) ?? []), a.replyId])
for (const [chatId, replyIds] of byChat) {
  const rows = await server.ctx.database.query<{
    id: string
    is_user: boolean
    status: string
    content: string
  }>('select id, is_user, status, content from messages where chat_id = $1', [chatId])
  const byId = new Map(rows.map((r) => [r.id, r]))
  missingUserMessages += replyIds.length - rows.filter((r) => r.is_user).length
  for (const id of replyIds) {
    const reply = byId.get(id)
    const ending = !reply
      ? 'missing'
      : reply.status === 'complete'
        ? reply.content === words.join('')
          ? 'complete'
          : 'complete-but-different'
        : reply.status === 'failed'
          ? reply.content.length > 0
            ? 'failed-with-text-kept'
            : 'failed-before-any-text'
          : reply.status
    endings[ending] = (endings[ending] ?? 0) + 1
  }
}

console.log(
  JSON.stringify(
    {
      seconds,
      kills,
      streams,
      statuses,
      created: created.length,
      lost,
      replies: accepted.length,
      endings,
      missingUserMessages,
      maxRequestMs: Math.round(maxMs),
      loadavg: (await Bun.file('/proc/loadavg').text()).trim(),
    },
    null,
    2,
  ),
)
await server.stop()
await fake.close()
