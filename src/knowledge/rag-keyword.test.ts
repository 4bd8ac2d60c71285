import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/*
 * Answers with sources in keyword-only mode (decision 130): a Postgres without pgvector. The
 * extension is removed before anything is indexed, so the suite runs the same on PGlite (which has
 * it) and on the test Postgres server (which has not). No similarity exists, so the RAG agent takes
 * the best 3 keyword matches; a question with no matching word gets no context.
 */

let t: TestApp
let fake: FakeOpenAi
let alice: TestUser
let bob: TestUser
const ids: Record<string, string> = {}

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  t = await startApp(
    { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'fake-model' },
    { jobs: true },
  )
  await t.database.exec('drop extension if exists vector cascade')
  t.ctx.vectorCheck.forget()
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
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
  // Four entries about parking: the question's words match all four, one best.
  ids.parking = await add(
    alice,
    'Parking permits',
    'Parking permits for the staff garage: request a parking permit at the front desk. Parking is free.',
  )
  ids.garage = await add(alice, 'Garage hours', 'The staff garage opens at seven; parking ends at ten.')
  ids.visitors = await add(bob, 'Visitor parking', 'Visitors park on level two of the garage.', true)
  ids.bikes = await add(alice, 'Bike racks', 'Bike racks are beside the garage entrance.')
  ids.bobPrivate = await add(bob, 'Bob parking notes', 'Parking permit garage parking permit desk.')
}, 90_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

function systemTurn(): string {
  const body = fake.completions().at(-1)!.body as { messages: { role: string; content: string }[] }
  return body.messages.find((message) => message.role === 'system')?.content ?? ''
}

async function ask(question: string) {
  const chat = chatActions(t, alice)
  const chatId = await chat.createChat()
  const id = await chat.sendOk(chatId, question, {})
  const outcome = await waitForOutcome(t, id)
  return outcome.payload as { message: { status: string; sources?: { id: string; title: string }[] } }
}

describe('keyword-only mode', () => {
  test('the search says full text only, and nothing was embedded', async () => {
    const status = await t.request('/api/knowledge/status', { headers: alice.headers })
    expect(((await status.json()) as { data: unknown }).data).toMatchObject({
      vector: false,
      mode: 'full_text',
    })
    expect(fake.embeddingRequests()).toHaveLength(0)
  })

  test('the RAG agent gives the model the best 3 keyword matches, in rank order', async () => {
    const { message } = await ask('Where do I get a parking permit for the garage?')
    expect(message.status).toBe('complete')
    // Three of the four visible matches; never Bob's private entry, whose words match best.
    expect(message.sources).toHaveLength(3)
    expect(message.sources?.[0]).toEqual({ id: ids.parking!, title: 'Parking permits' })
    const sourceIds = message.sources!.map((source) => source.id)
    expect(sourceIds).not.toContain(ids.bobPrivate)
    for (const id of sourceIds) expect([ids.parking, ids.garage, ids.visitors, ids.bikes]).toContain(id)
    const system = systemTurn()
    expect(system).toContain(
      '[Source 1: Parking permits]\nParking permits for the staff garage: request a parking permit',
    )
    expect(system).toContain('[Source 3: ')
    expect(system).not.toContain('[Source 4: ')
    expect(system).not.toContain('Bob parking notes')
    expect(system.split('\n\n---\n\n')).toHaveLength(3)
  })

  test('a question that matches no entry’s words gives no context', async () => {
    const { message } = await ask('What is the capital of Mongolia?')
    expect(message.status).toBe('complete')
    expect(message.sources).toBeUndefined()
    expect(systemTurn()).not.toContain('[Source')
  })
})
