import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { countQueries, type QueryCost } from '../../db/query-counter'
import { resolveActor } from '../auth/actor'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../test/messages'

/*
 * What the hot paths cost the database, in statements (BEGIN and COMMIT included), pinned so that a
 * change adding a query to one of them fails here and has to update the count on purpose
 * (docs/decisions/122-hot-path-queries.md). In-process PGlite only: the counter sits on PGlite.
 * Set QUERY_COUNT_LOG=1 to print each path's statements and time.
 */
const fake: FakeOpenAi = startFakeOpenAi()
let t: TestApp
let user: TestUser
let chat: ReturnType<typeof chatActions>
let counter: ReturnType<typeof countQueries>
const pglite = !process.env.TEST_DATABASE_URL && process.env.TEST_EMBEDDED_DATABASE !== 'process'

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' })
  user = await t.createUser()
  chat = chatActions(t, user)
  if (pglite) counter = countQueries(t.database.pglite!)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function cost(label: string, work: () => Promise<unknown>): Promise<QueryCost> {
  counter.take()
  await work()
  const taken = counter.take()
  if (process.env.QUERY_COUNT_LOG)
    console.log(
      `${label}: ${taken.queries} statements, ${taken.ms.toFixed(2)} ms\n  ${taken.statements.join('\n  ')}`,
    )
  return taken
}

describe.if(pglite)('queries per hot path', () => {
  test('the hot paths cost what they are pinned to', async () => {
    const chatIds: string[] = []
    for (let index = 0; index < 3; index += 1) chatIds.push(await chat.createChat(`Chat ${index}`))
    const chatId = chatIds[0]!
    const first = await chat.sendOk(chatId, 'hello there')
    await waitForOutcome(t, first)

    // Twice each: the second is the steady state (caches warm, activity already noted).
    const credential = { token: user.token, via: 'bearer' as const }
    await resolveActor(t.ctx, credential)
    const session = await cost('session check', () => resolveActor(t.ctx, credential))

    await chat.messages(chatId)
    await t.as(user).api.chats.get({ query: { limit: 50 } })
    const list = await cost('chat list', () => t.as(user).api.chats.get({ query: { limit: 50 } }))
    const page = await cost('message page', () => chat.messages(chatId))

    fake.setScript({ reply: 'One two three four five six seven eight.' })
    let assistantId = ''
    const send = await cost('send (202)', async () => {
      assistantId = await chat.sendOk(chatId, 'and again')
    })
    const reply = await cost('reply (stream to completion)', () => waitForOutcome(t, assistantId))

    // With an agent chosen (the composer always sends one): the user's agent settings are cached
    // (src/agents/user-agents.ts), so the steady state costs what a send without one does.
    await waitForOutcome(t, await chat.sendOk(chatIds[1]!, 'warm the agent cache', { agentId: 'rag' }))
    let agentReplyId = ''
    await resolveActor(t.ctx, credential) // the session cache lasts 2.5 s: warm it as the sends above found it
    const agentSend = await cost('send with agentId (202)', async () => {
      agentReplyId = await chat.sendOk(chatIds[1]!, 'with the RAG agent', { agentId: 'rag' })
    })
    await waitForOutcome(t, agentReplyId)

    expect({
      session: session.queries,
      list: list.queries,
      page: page.queries,
      send: send.queries,
      agentSend: agentSend.queries,
      reply: reply.queries,
      // reply: the knowledge base's "is there anything to search?" check (one indexed LIMIT 1) spares
      // an embeddings call for the many users with no entries; then the answer with its usage (one
      // statement) and the budget pushed to the user (its override and spend in one).
    }).toEqual({ session: 0, list: 1, page: 2, send: 5, agentSend: 5, reply: 3 })
  })
})

describe('the session cache ends with the session, on this instance at once', () => {
  const list = (as: TestUser) => t.request('/api/chats?limit=5', { headers: as.headers })

  test('a signed-out session is refused by the next request', async () => {
    const person = await t.createUser()
    expect((await list(person)).status).toBe(200)
    expect((await list(person)).status).toBe(200)
    const out = await t.request('/api/auth/logout', { method: 'POST', headers: person.headers })
    expect(out.status).toBe(200)
    expect((await list(person)).status).toBe(401)
  })

  test('a banned account is refused by the next request', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const person = await t.createUser()
    expect((await list(person)).status).toBe(200)
    const ban = await t.as(admin).api.admin.users({ id: person.id }).patch({ isBanned: true })
    expect(ban.status).toBe(200)
    expect((await list(person)).status).toBe(401)
  })

  test('a demoted admin is refused the admin area by the next request', async () => {
    const first = await t.createUser({ role: 'admin' })
    const second = await t.createUser({ role: 'admin' })
    const users = () => t.request('/api/admin/users', { headers: second.headers })
    expect((await users()).status).toBe(200)
    expect((await t.as(first).api.admin.users({ id: second.id }).patch({ role: 'user' })).status).toBe(200)
    expect((await users()).status).toBe(403)
  })
})
