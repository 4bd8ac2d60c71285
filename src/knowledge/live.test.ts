import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { io, type Socket } from 'socket.io-client'
import type { ServerEventPayload } from '../realtime/events'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type ListeningApp, startApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import type { KnowledgeEntryJson } from './model'

/*
 * Live updates (decision 130): `knowledge:changed {entryId, change}` reaches every signed-in user
 * for a shared entry (created, edited, queued again, indexed, deleted, un-shared), and only the
 * owner for a private one. Real sockets: another user must not hear a private entry's events.
 */

type Heard = ServerEventPayload<'knowledge:changed'>
/** Progress and cancel need embeddings requests to watch: pgvector, so PGlite only. */
const vectors = process.env.TEST_DATABASE_URL === undefined

let t: ListeningApp
let fake: FakeOpenAi
let alice: TestUser
let bob: TestUser
const sockets: Socket[] = []
const heard: Record<'alice' | 'bob', Heard[]> = { alice: [], bob: [] }

function listen(user: TestUser, into: Heard[]): Promise<void> {
  const socket = io(t.url, { transports: ['websocket'], reconnection: false, auth: { token: user.token } })
  sockets.push(socket)
  socket.on('knowledge:changed', (payload: Heard) => into.push(payload))
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve())
    socket.on('connect_error', reject)
  })
}

beforeAll(async () => {
  fake = startFakeOpenAi()
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' }, { jobs: true, listen: true })
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
  await listen(alice, heard.alice)
  await listen(bob, heard.bob)
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
  await fake.close()
})

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await t.request(path, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, data: ((await res.json()) as { data?: KnowledgeEntryJson }).data }
}

async function create(user: TestUser, title: string, isShared: boolean): Promise<string> {
  const answer = await call(user, 'POST', '/api/knowledge', {
    title,
    content: `${title} text`,
    is_shared: isShared,
  })
  expect(answer.status).toBe(201)
  return answer.data!.id
}

const changesOf = (list: Heard[], entryId: string) =>
  list.filter((event) => event.entryId === entryId).map((event) => event.change)

/** Waits until `list` holds `change` for `entryId` `times` times (socket.io keeps each socket's order). */
const hears = (list: Heard[], entryId: string, change: Heard['change'], times = 1) =>
  waitFor(
    () => changesOf(list, entryId).filter((heard) => heard === change).length >= times,
    15_000,
    `${change} of ${entryId}`,
  )

/** Waits until the entry's indexing job sent this count (`done` 0: the job has started). */
const progressSent = (entryId: string, done = 0) =>
  waitFor(
    () =>
      t.events.some((event) => {
        if (event.event !== 'knowledge:progress') return false
        const payload = event.payload as ServerEventPayload<'knowledge:progress'>
        return payload.entryId === entryId && payload.done === done
      }),
    // A job waits for the queue's next poll: on a busy machine (the test run's other worker) that
    // took over 15 s once, and the next test then counted this one's requests.
    30_000,
    `${done} chunks of ${entryId} counted`,
  )
const jobStarted = (entryId: string) => progressSent(entryId)

describe('who hears what', () => {
  test('a private entry’s events reach its owner only', async () => {
    const own = await create(alice, 'Private plans', false)
    await hears(heard.alice, own, 'indexed')
    await call(alice, 'PATCH', `/api/knowledge/${own}`, { title: 'Private plans, renamed' })
    await hears(heard.alice, own, 'indexed', 2)
    await call(alice, 'DELETE', `/api/knowledge/${own}`)
    await hears(heard.alice, own, 'deleted')
    expect(changesOf(heard.alice, own)).toEqual(['created', 'indexed', 'updated', 'indexed', 'deleted'])
    // A shared entry created afterwards is the barrier: Bob hears it, so anything sent to him
    // about the private one would have arrived before it.
    const barrier = await create(alice, 'Barrier', true)
    await hears(heard.bob, barrier, 'created')
    expect(changesOf(heard.bob, own)).toEqual([])
  })

  test('a shared entry’s events reach teammates: created, indexed, edited, un-shared, then no more', async () => {
    const shared = await create(alice, 'Team handbook', true)
    await hears(heard.bob, shared, 'indexed')
    await call(alice, 'PATCH', `/api/knowledge/${shared}`, { tags: ['team'] })
    await hears(heard.bob, shared, 'updated')
    // Un-sharing reaches Bob (the entry leaves his list); later changes do not.
    await call(alice, 'PATCH', `/api/knowledge/${shared}`, { is_shared: false })
    await hears(heard.bob, shared, 'updated', 2)
    await call(alice, 'PATCH', `/api/knowledge/${shared}`, { content: 'Now private text' })
    await hears(heard.alice, shared, 'indexed', 2)
    const barrier = await create(alice, 'Second barrier', true)
    await hears(heard.bob, barrier, 'created')
    expect(changesOf(heard.bob, shared)).toEqual(['created', 'indexed', 'updated', 'updated'])
  })

  test('deleting and re-indexing a shared entry reach teammates; a refused change announces nothing', async () => {
    const shared = await create(bob, 'Bob’s shared notes', true)
    await hears(heard.alice, shared, 'indexed')
    expect((await call(alice, 'DELETE', `/api/knowledge/${shared}`)).status).toBe(403)
    expect((await call(alice, 'POST', `/api/knowledge/${shared}/reindex`)).status).toBe(403)
    expect((await call(bob, 'POST', `/api/knowledge/${shared}/reindex`)).status).toBe(200)
    await hears(heard.alice, shared, 'indexed', 2)
    expect((await call(bob, 'DELETE', `/api/knowledge/${shared}`)).status).toBe(200)
    await hears(heard.alice, shared, 'deleted')
    expect(changesOf(heard.alice, shared)).toEqual(['created', 'indexed', 'updated', 'indexed', 'deleted'])
  })

  test('the owner alone still gets `knowledge:indexed` with the entry (is_owner true)', () => {
    const indexed = t.events.filter((event) => event.event === 'knowledge:indexed')
    expect(indexed.length).toBeGreaterThan(0)
    for (const event of indexed) {
      const entry = (event.payload as { entry: KnowledgeEntryJson }).entry
      expect(event.room).toBe(`user:${entry.user_id}`)
      expect(entry.is_owner).toBe(true)
    }
  })
})

describe.if(vectors)('indexing progress', () => {
  test('a long shared entry’s chunks are counted to teammates as each embeddings request ends', async () => {
    const progress: ServerEventPayload<'knowledge:progress'>[] = []
    const socket = sockets[1]! // Bob's
    socket.on('knowledge:progress', (payload) => progress.push(payload))
    const sentence = 'The quarterly report lists revenue, costs and the outlook for every region. '
    const content = sentence.repeat(1000) // ~76,000 characters: about 100 chunks, two requests
    const answer = await call(alice, 'POST', '/api/knowledge', {
      title: 'Long report',
      content,
      is_shared: true,
    })
    const id = answer.data!.id
    await hears(heard.bob, id, 'indexed')
    const total = progress[0]?.total ?? 0
    expect(total).toBeGreaterThan(64)
    expect(total).toBeLessThanOrEqual(128)
    expect(progress).toEqual([
      { entryId: id, done: 0, total },
      { entryId: id, done: 64, total },
      { entryId: id, done: total, total },
    ])
    // A private entry's progress goes to its owner alone; a short entry's is not sent at all.
    const before = progress.length
    const own = await create(alice, 'Short private', false)
    const longOwn = (await call(alice, 'POST', '/api/knowledge', { title: 'Long private', content })).data!.id
    await hears(heard.alice, own, 'indexed')
    await hears(heard.alice, longOwn, 'indexed')
    const barrier = await create(alice, 'Third barrier', true)
    await hears(heard.bob, barrier, 'created')
    expect(progress.length).toBe(before)
    const toAlice = t.events.filter(
      (event) =>
        event.event === 'knowledge:progress' && (event.payload as { entryId: string }).entryId === longOwn,
    )
    expect(toAlice.map((event) => event.room)).toEqual([
      `user:${alice.id}`,
      `user:${alice.id}`,
      `user:${alice.id}`,
    ])
    const short = t.events.filter(
      (event) =>
        event.event === 'knowledge:progress' && (event.payload as { entryId: string }).entryId === own,
    )
    expect(short).toEqual([])
  })
})

describe.if(vectors)('stored progress', () => {
  /** The entry as a panel opened now reads it: alone, and in a teammate's list. */
  async function readNow(id: string) {
    const alone = (await call(alice, 'GET', `/api/knowledge/${id}`)).data!
    const res = await t.request('/api/knowledge?limit=100', { headers: bob.headers })
    const { items } = ((await res.json()) as { data: { items: KnowledgeEntryJson[] } }).data
    const listed = items.find((item) => item.id === id)!
    return { alone: alone.index_progress, listed: listed.index_progress }
  }

  test('a panel opened mid-way reads the count: the entry and the list carry index_progress while indexing, null once ready', async () => {
    // Every embeddings request waits for a gate: the test looks while the job waits.
    const first = Promise.withResolvers<void>()
    const second = Promise.withResolvers<void>()
    fake.setEmbeddings({ beforeAnswer: first.promise })
    try {
      const content = 'The annual review covers hiring, training and the budget of each team. '.repeat(1000)
      const answer = await call(alice, 'POST', '/api/knowledge', {
        title: 'Annual review',
        content,
        is_shared: true,
      })
      const id = answer.data!.id
      expect(answer.data!.index_progress).toBeNull()
      await jobStarted(id)
      const total = (await readNow(id)).alone?.total ?? 0
      expect(total).toBeGreaterThan(64)
      expect(total).toBeLessThanOrEqual(128)
      expect(await readNow(id)).toEqual({ alone: { done: 0, total }, listed: { done: 0, total } })
      // The first request ends; the second waits.
      fake.setEmbeddings({ beforeAnswer: second.promise })
      first.resolve()
      await progressSent(id, 64)
      expect(await readNow(id)).toEqual({ alone: { done: 64, total }, listed: { done: 64, total } })
      fake.setEmbeddings({})
      second.resolve()
      await hears(heard.alice, id, 'indexed')
      expect((await call(alice, 'GET', `/api/knowledge/${id}`)).data).toMatchObject({
        index_status: 'ready',
        index_progress: null,
      })
      expect(await readNow(id)).toEqual({ alone: null, listed: null })
    } finally {
      // A failed look must not leave the job waiting for the later tests.
      fake.setEmbeddings({})
      first.resolve()
      second.resolve()
    }
  })
})

describe.if(vectors)('cancel, and edits while indexing', () => {
  const reportText =
    'The zanzibar ledger lists every shipment, its weight and its harbour of origin. '.repeat(1000)

  test('stops a long entry between embeddings requests: failed as cancelled, found by its words, Retry indexes it', async () => {
    fake.setEmbeddings({ delayMs: 700 })
    const requestsBefore = fake.embeddingRequests().length
    const id = (
      await call(alice, 'POST', '/api/knowledge', { title: 'Zanzibar ledger', content: reportText })
    ).data!.id
    // The job has started: its first request is on its way.
    await jobStarted(id)
    const cancelled = await call(alice, 'POST', `/api/knowledge/${id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.data).toMatchObject({
      index_status: 'failed',
      index_error: 'Indexing cancelled',
      index_error_code: 'cancelled',
    })
    await hears(heard.alice, id, 'updated')
    // The first request's answer comes back; the job sees the change and sends no second one.
    await Bun.sleep(2000)
    expect(fake.embeddingRequests().length - requestsBefore).toBe(1)
    const after = await call(alice, 'GET', `/api/knowledge/${id}`)
    expect(after.data).toMatchObject({ index_status: 'failed', index_error_code: 'cancelled' })
    expect(changesOf(heard.alice, id)).toEqual(['created', 'updated'])
    // Found by its words meanwhile.
    const found = await t.request('/api/knowledge/search', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'zanzibar' }),
    })
    const results = ((await found.json()) as { data: { entry: { id: string } }[] }).data
    expect(results.map((result) => result.entry.id)).toContain(id)
    // Nothing to cancel any more.
    expect((await call(alice, 'POST', `/api/knowledge/${id}/cancel`)).status).toBe(409)
    fake.setEmbeddings({})
    expect((await call(alice, 'POST', `/api/knowledge/${id}/reindex`)).status).toBe(200)
    await hears(heard.alice, id, 'indexed')
    expect((await call(alice, 'GET', `/api/knowledge/${id}`)).data).toMatchObject({
      index_status: 'ready',
      index_error: null,
    })
  })

  test('a tags edit while a long entry is indexed stops that job and indexes it again: it ends ready', async () => {
    fake.setEmbeddings({ delayMs: 700 })
    const id = (await call(alice, 'POST', '/api/knowledge', { title: 'Harbour ledger', content: reportText }))
      .data!.id
    await jobStarted(id)
    const edited = await call(alice, 'PATCH', `/api/knowledge/${id}`, { tags: ['harbour'] })
    expect(edited.status).toBe(200)
    // The stopped job's count went with it; the new job counts from 0.
    expect(edited.data).toMatchObject({ index_status: 'pending', index_progress: null })
    fake.setEmbeddings({})
    await hears(heard.alice, id, 'indexed')
    expect((await call(alice, 'GET', `/api/knowledge/${id}`)).data).toMatchObject({
      index_status: 'ready',
      tags: ['harbour'],
    })
  })

  test('a shared entry cancelled by its owner: teammates hear it; the slow job’s late answer is dropped', async () => {
    // One request, slow: the job is still waiting for it when the entry is cancelled.
    fake.setEmbeddings({ delayMs: 1500 })
    const started = performance.now()
    const shared = await create(alice, 'Shared, slow', true)
    const own = await call(alice, 'POST', `/api/knowledge/${shared}/cancel`)
    expect(own.status).toBe(200)
    // Bob's panel hears it: the entry is shared.
    await hears(heard.bob, shared, 'updated')
    fake.setEmbeddings({})
    await Bun.sleep(Math.max(0, 2500 - (performance.now() - started)))
    expect((await call(alice, 'GET', `/api/knowledge/${shared}`)).data).toMatchObject({
      index_status: 'failed',
      index_error_code: 'cancelled',
    })
    expect(changesOf(heard.bob, shared)).toEqual(['created', 'updated'])
  })
})

describe('cancel refusals', () => {
  test('only the owner cancels; a ready entry has nothing to cancel', async () => {
    const shared = await create(alice, 'Shared, anyone reads', true)
    const denied = await t.request(`/api/knowledge/${shared}/cancel`, {
      method: 'POST',
      headers: bob.headers,
    })
    expect(denied.status).toBe(403)
    expect(await denied.json()).toMatchObject({ code: 'forbidden:knowledge' })
    await hears(heard.alice, shared, 'indexed')
    const refused = await t.request(`/api/knowledge/${shared}/cancel`, {
      method: 'POST',
      headers: alice.headers,
    })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      code: 'conflict:knowledge_not_indexing',
      error: 'The entry is not being indexed',
    })
    expect((await call(alice, 'GET', `/api/knowledge/${shared}`)).data).toMatchObject({
      index_status: 'ready',
    })
  })
})
