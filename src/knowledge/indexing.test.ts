import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { knowledgeBase } from '../../db/schema'
import { createJobs } from '../jobs'
import { startWorkers } from '../jobs/workers'
import type { TestUser } from '../messages/test-helpers'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { waitFor } from '../test/wait'

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
