import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startShippedServer } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * The embedded database's own process (the default start) is SIGKILLed in the middle of a streamed
 * reply: the app restarts it, and nothing stored is lost — the user's message is there and the reply
 * ends (stored whole, or failed with its text kept), never left 'streaming'.
 */
let fake: FakeOpenAi
let server: Awaited<ReturnType<typeof startShippedServer>>

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  server = await startShippedServer({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODELS: 'fake-model',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

const json = (cookie: string, body?: unknown, method = 'POST') => ({
  method,
  headers: { cookie, 'content-type': 'application/json', origin: server.url },
  body: body === undefined ? undefined : JSON.stringify(body),
})

type StoredMessage = { id: string; content: string; status: string }

/** A new person with a new chat; `messages()` reads it back (undefined while the database restarts: 503). */
async function personWithChat(email: string) {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'secret123', fullName: 'Db Crash' }),
  })
  const session = signup.headers.get('set-cookie')!.split(';')[0]!
  const created = await fetch(`${server.url}/api/chats`, json(session, {}))
  expect(created.status).toBe(201)
  const chat = (await created.json()).data as { id: string }
  const messages = async () => {
    const res = await fetch(`${server.url}/api/chats/${chat.id}/messages`, json(session, undefined, 'GET'))
    if (res.status !== 200) return undefined
    return (await res.json()).data.messages as StoredMessage[]
  }
  return { session, chat, messages }
}

test('the database process killed mid-reply: the user message stays and the reply ends with its text', async () => {
  const { session, chat, messages } = await personWithChat('db-crash@example.com')
  const words = Array.from({ length: 80 }, (_, i) => `word${i} `)
  fake.setScript({ chunks: words, chunkDelayMs: 40 })
  const sent = await fetch(
    `${server.url}/api/chats/${chat.id}/messages`,
    json(session, { content: 'Tell me a story' }),
  )
  expect(sent.status).toBe(202)
  const { assistantMessageId } = (await sent.json()).data

  await waitFor(async () => {
    const reply = (await messages())?.find((m) => m.id === assistantMessageId)
    return (reply?.content ?? '').includes('word5 ')
  }, 30_000)

  const database = server.ctx.database as { pid?: number }
  const killed = database.pid
  expect(killed).toBeGreaterThan(0)
  process.kill(killed!, 'SIGKILL')

  // Restarted, and the reply has ended.
  let reply: { id: string; content: string; status: string } | undefined
  let user: { content: string } | undefined
  await waitFor(async () => {
    const all = await messages()
    reply = all?.find((m) => m.id === assistantMessageId)
    user = all?.find((m) => m.id !== assistantMessageId)
    return reply !== undefined && reply.status !== 'streaming'
  }, 60_000)
  expect(database.pid).not.toBe(killed)
  expect(user?.content).toBe('Tell me a story')
  if (reply!.status === 'complete') expect(reply!.content).toBe(words.join(''))
  else {
    expect(reply!.status).toBe('failed')
    expect(reply!.content).toStartWith('word0 word1 word2 word3 word4 word5 ')
  }
}, 120_000)

test('a reply that ends while the database restarts is stored when it is back, not left streaming', async () => {
  const { session, chat, messages } = await personWithChat('db-crash-end@example.com')
  let end!: () => void
  const words = Array.from({ length: 10 }, (_, i) => `part${i} `)
  fake.setScript({ chunks: words, chunkDelayMs: 10, beforeFinish: new Promise<void>((r) => (end = r)) })
  const sent = await fetch(
    `${server.url}/api/chats/${chat.id}/messages`,
    json(session, { content: 'Short one' }),
  )
  expect(sent.status).toBe(202)
  const { assistantMessageId } = (await sent.json()).data
  // Every word is out and saved as it streams; the model has not said it is done.
  await waitFor(async () => {
    const reply = (await messages())?.find((m) => m.id === assistantMessageId)
    return reply?.content === words.join('')
  }, 30_000)

  // The database goes down, and the model ends the reply at that moment: the outcome is written
  // while the database process is being replaced.
  const database = server.ctx.database as { pid?: number }
  process.kill(database.pid!, 'SIGKILL')
  end()

  let reply: { content: string; status: string } | undefined
  // As long as the first test allows: the database's restart took over 20 s once in CI. What was
  // last seen is in the failure's text.
  let seen = 'nothing yet'
  await waitFor(
    async () => {
      const all = await messages()
      reply = all?.find((m) => m.id === assistantMessageId)
      seen = all ? `the reply ${reply?.status}` : `no list (the database restarting), pid ${database.pid}`
      return reply !== undefined && reply.status !== 'streaming'
    },
    60_000,
    () => `the reply to end; last seen: ${seen}`,
  )
  expect(reply).toEqual(expect.objectContaining({ status: 'complete', content: words.join('') }))
}, 120_000)
