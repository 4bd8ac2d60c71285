import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/*
 * Answers with sources (spec section 9 "RAG context"): the RAG agent (the default) gives the model
 * the top 3 entries at or above the minimum similarity; the reply stores which. Vectors need
 * pgvector, so this suite runs on PGlite only.
 */
const vectors = process.env.TEST_DATABASE_URL === undefined

let t: TestApp
let fake: FakeOpenAi
let alice: TestUser
let admin: TestUser
const ids: Record<string, string> = {}

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  t = await startApp(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODELS: 'fake-model',
      RAG_MIN_SIMILARITY: '0.3',
    },
    { jobs: true },
  )
  admin = await t.createUser({ email: 'admin@example.com', role: 'admin' })
  alice = await t.createUser({ email: 'alice@example.com' })
  const add = async (user: TestUser, title: string, content: string, isShared = false) => {
    const res = await t.request('/api/knowledge', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title, content, is_shared: isShared }),
    })
    const id = ((await res.json()) as { data: { id: string } }).data.id
    await waitFor(
      async () => {
        const got = await t.request(`/api/knowledge/${id}`, { headers: user.headers })
        return ((await got.json()) as { data: { index_status: string } }).data.index_status === 'ready'
      },
      30_000,
      'indexing',
    )
    return id
  }
  ids.car = await add(
    admin,
    'Pool car booking',
    'Book the pool car at the fleet desk, car keys at reception.',
    true,
  )
  ids.kumquat = await add(
    alice,
    'Kumquat harvest',
    'Kumquat harvest starts in late winter on the south terraces.',
  )
}, 90_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

function systemTurn(): string {
  const body = fake.completions().at(-1)!.body as { messages: { role: string; content: string }[] }
  return body.messages.find((message) => message.role === 'system')?.content ?? ''
}

let lastChatId = ''
async function ask(question: string, agentId?: string) {
  const chat = chatActions(t, alice)
  const chatId = await chat.createChat()
  lastChatId = chatId
  const id = await chat.sendOk(chatId, question, agentId ? { agentId } : {})
  const outcome = await waitForOutcome(t, id)
  return outcome.payload as { message: { status: string; sources?: { id: string; title: string }[] } }
}

describe.if(vectors)('answers with sources', () => {
  test("the default agent gives the model '[Source N: title]' entries and stores them on the reply", async () => {
    const { message } = await ask('How do I book the pool car?')
    expect(message.status).toBe('complete')
    expect(message.sources).toEqual([{ id: ids.car!, title: 'Pool car booking' }])
    const system = systemTurn()
    expect(system).toContain('[Source 1: Pool car booking]\nBook the pool car at the fleet desk')
    expect(system).not.toContain('Kumquat')
    // Kept on the stored message too.
    const page = await t.request(`/api/chats/${lastChatId}/messages`, { headers: alice.headers })
    const stored = ((await page.json()) as { data: { messages: { is_user: boolean; sources?: unknown }[] } })
      .data
    expect(stored.messages.find((m) => !m.is_user)?.sources).toEqual([
      { id: ids.car!, title: 'Pool car booking' },
    ])
  })

  test("agentId 'rag' does the same; another agent gets no knowledge", async () => {
    expect((await ask('Where are the car keys?', 'rag')).message.sources).toEqual([
      { id: ids.car!, title: 'Pool car booking' },
    ])
    // The jokes agent is off by default (decision 124): Alice turns it on first.
    const enabled = await t.request('/api/agents/jokes/settings', {
      method: 'PUT',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    })
    expect(enabled.status).toBe(200)
    const other = await ask('Where are the car keys?', 'jokes')
    expect(other.message.sources).toBeUndefined()
    expect(systemTurn()).not.toContain('[Source')
  })

  test('an embeddings failure gives an empty context and the answer still comes', async () => {
    fake.setEmbeddings({ fail: { status: 500, message: 'down' } })
    const { message } = await ask('How do I book the pool car?')
    fake.setEmbeddings({})
    expect(message.status).toBe('complete')
    expect(message.sources).toBeUndefined()
    expect(systemTurn()).not.toContain('[Source')
  })

  test('the administrator’s minimum similarity applies (audited), and null returns to RAG_MIN_SIMILARITY', async () => {
    const put = (value: number | null) =>
      t.request('/api/admin/knowledge', {
        method: 'PUT',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ragMinSimilarity: value }),
      })
    const strict = await put(0.99)
    expect(((await strict.json()) as { data: unknown }).data).toMatchObject({
      ragMinSimilarity: 0.99,
      source: 'setting',
      environmentValue: 0.3,
      vector: true,
    })
    expect((await ask('How do I book the pool car?')).message.sources).toBeUndefined()
    const reset = await put(null)
    expect(((await reset.json()) as { data: unknown }).data).toMatchObject({
      ragMinSimilarity: 0.3,
      source: 'environment',
    })
    expect((await put(2)).status).toBe(400)
    const refused = await t.request('/api/admin/knowledge', { headers: alice.headers })
    expect(refused.status).toBe(403)
  })
})
