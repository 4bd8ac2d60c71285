import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { knowledgeBase } from '../../db/schema'
import { createJobs } from '../jobs'
import { startWorkers } from '../jobs/workers'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import type { TestUser } from '../test/messages'
import { waitFor } from '../test/wait'
import { saveIndex, saveIndexProgress } from './knowledge-data'
import type { KnowledgeEntryJson } from './model'

/*
 * Indexing across restarts: the job outlives the process that queued it, and entries embedded with
 * another model are embedded again when the server starts with a new one. A "restart" here is a new
 * job queue (and workers) on the same database, as a new process would have.
 */
const vectors = process.env.TEST_DATABASE_URL === undefined

let t: TestApp
let fake: FakeOpenAi
let alice: TestUser

beforeAll(async () => {
  fake = startFakeOpenAi()
  // No workers: what is queued waits in the database.
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' })
  alice = await t.createUser()
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function entry(id: string) {
  const [row] = await t.ctx.db.select().from(knowledgeBase).where(eq(knowledgeBase.id, id))
  return row!
}

function restart() {
  const previous = t.ctx.jobs
  t.ctx.jobs = createJobs({
    database: t.database,
    databaseUrl: (t.database as { url?: string }).url,
    log: t.ctx.log,
    pollingIntervalSeconds: 0.5,
  })
  return previous.stop()
}

describe('indexing across restarts', () => {
  test('an entry saved before a stop is indexed by the next start', async () => {
    const res = await t.request('/api/knowledge', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Queued', content: 'indexed after the restart' }),
    })
    const id = ((await res.json()) as { data: { id: string } }).data.id
    await restart()
    expect((await entry(id)).indexStatus).toBe('pending')
    await startWorkers(t.ctx)
    await waitFor(async () => (await entry(id)).indexStatus === 'ready', 30_000, 'the queued entry')
    expect((await entry(id)).embeddingModel).toBe(vectors ? 'text-embedding-3-small@1536' : null)
  })

  test.if(vectors)('a new embedding model re-embeds the entries at start', async () => {
    const [row] = await t.ctx.db.select({ id: knowledgeBase.id }).from(knowledgeBase)
    const before = fake.embeddingRequests().length
    await restart()
    t.ctx.config.ai.embeddingModel = 'text-embedding-3-large'
    await startWorkers(t.ctx)
    await waitFor(
      async () => (await entry(row!.id)).embeddingModel === 'text-embedding-3-large@1536',
      30_000,
      're-embedding',
    )
    expect(fake.embeddingRequests().length).toBeGreaterThan(before)
    expect(fake.embeddingRequests().at(-1)!.body!.model).toBe('text-embedding-3-large')
  })
})

/*
 * The stored count (decision 130): a job writes it only for the version of the entry it read, and
 * whatever ends or restarts the indexing clears it. Rows written here directly: no job runs for them.
 */
describe('stored indexing progress', () => {
  async function pendingEntry(title: string) {
    const [row] = await t.ctx.db
      .insert(knowledgeBase)
      .values({ userId: alice.id, title, content: `${title} text` })
      .returning()
    return row!
  }

  async function read(id: string) {
    const res = await t.request(`/api/knowledge/${id}`, { headers: alice.headers })
    return ((await res.json()) as { data: KnowledgeEntryJson }).data
  }

  async function send(method: string, path: string, body?: unknown) {
    const res = await t.request(path, {
      method,
      headers: { ...alice.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return ((await res.json()) as { data: KnowledgeEntryJson }).data
  }

  test('a job writes the count for the version it read only; the entry shows it while pending', async () => {
    const row = await pendingEntry('Counted')
    expect(await saveIndexProgress(t.ctx.db, row, 64, 100)).toBe(true)
    expect((await read(row.id)).index_progress).toEqual({ done: 64, total: 100 })
    // A job that read an older version writes nothing: it is told to stop.
    const stale = { id: row.id, updatedAt: new Date(row.updatedAt.getTime() - 1000) }
    expect(await saveIndexProgress(t.ctx.db, stale, 100, 100)).toBe(false)
    expect((await read(row.id)).index_progress).toEqual({ done: 64, total: 100 })
  })

  test('an edit (it starts over) and a cancel clear the count', async () => {
    const edited = await pendingEntry('Edited while counted')
    await saveIndexProgress(t.ctx.db, edited, 64, 100)
    const patched = await send('PATCH', `/api/knowledge/${edited.id}`, { tags: ['later'] })
    expect(patched).toMatchObject({ index_status: 'pending', index_progress: null })
    const cancelled = await pendingEntry('Cancelled while counted')
    await saveIndexProgress(t.ctx.db, cancelled, 64, 100)
    expect((await send('POST', `/api/knowledge/${cancelled.id}/cancel`)).index_status).toBe('failed')
    const after = await entry(cancelled.id)
    expect([after.indexChunksDone, after.indexChunksTotal]).toEqual([null, null])
  })

  test('once the entry is indexed, the count is cleared', async () => {
    const row = await pendingEntry('Indexed after counting')
    await saveIndexProgress(t.ctx.db, row, 64, 100)
    await saveIndex(t.ctx.db, row, [{ content: 'Indexed after counting', embedding: null }], {
      status: 'ready',
      error: null,
      embeddingModel: null,
    })
    const after = await entry(row.id)
    expect(after).toMatchObject({ indexStatus: 'ready', indexChunksDone: null, indexChunksTotal: null })
    expect((await read(row.id)).index_progress).toBeNull()
  })
})
