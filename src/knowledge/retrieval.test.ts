import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import type { TestUser } from '../test/messages'
import { RETRIEVAL_ENTRIES, RETRIEVAL_QUERIES } from '../test/retrieval-set'
import { waitFor } from '../test/wait'
import { createEmbedder } from './embeddings'
import { searchKnowledge } from './knowledge-data'
import { SEARCH_DEFAULT_MIN_SIMILARITY } from './search'

/*
 * Retrieval quality on the labelled set (src/test/retrieval-set.ts): recall@3 of full text
 * alone, vectors alone, and both fused by rank, over the same indexed entries. Vectors need
 * pgvector: PGlite only. The figures are printed and recorded in docs/decisions/119.
 */
const vectors = process.env.TEST_DATABASE_URL === undefined

let t: TestApp
let fake: FakeOpenAi
let alice: TestUser
const idByKey = new Map<string, string>()

beforeAll(async () => {
  fake = startFakeOpenAi()
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' }, { jobs: true })
  alice = await t.createUser()
  for (const entry of RETRIEVAL_ENTRIES) {
    const res = await t.request('/api/knowledge', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: entry.title, content: entry.content }),
    })
    idByKey.set(entry.key, ((await res.json()) as { data: { id: string } }).data.id)
  }
  await waitFor(
    async () => {
      const res = await t.request('/api/knowledge?limit=200', { headers: alice.headers })
      const items = ((await res.json()) as { data: { items: { index_status: string }[] } }).data.items
      return items.every((item) => item.index_status === 'ready')
    },
    60_000,
    'every entry indexed',
  )
}, 90_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

describe.if(vectors)('retrieval quality', () => {
  test('hybrid search beats vector-only and keyword-only on recall@3', async () => {
    const embedder = createEmbedder(t.ctx.config)!
    const actor = t.actorOf(alice)
    const recall = { keyword: 0, vector: 0, hybrid: 0 }
    for (const { query, relevant } of RETRIEVAL_QUERIES) {
      const [vector] = await embedder.embed([query])
      const base = {
        dimensions: t.ctx.config.ai.embeddingDimensions,
        minSimilarity: SEARCH_DEFAULT_MIN_SIMILARITY,
        limit: 3,
        candidates: 40,
      }
      const runs = {
        keyword: await searchKnowledge(t.ctx.db, actor, { ...base, text: query, vector: null }),
        vector: await searchKnowledge(t.ctx.db, actor, { ...base, text: '', vector: vector! }),
        hybrid: await searchKnowledge(t.ctx.db, actor, { ...base, text: query, vector: vector! }),
      }
      const hits = (['keyword', 'vector', 'hybrid'] as const).filter((mode) =>
        runs[mode].some((row) => row.entry.id === idByKey.get(relevant)),
      )
      for (const mode of hits) recall[mode] += 1
      if (process.env.RETRIEVAL_DEBUG) console.log(query, hits)
    }
    const n = RETRIEVAL_QUERIES.length
    const figures = Object.fromEntries(
      Object.entries(recall).map(([mode, hits]) => [mode, (hits / n).toFixed(2)]),
    )
    console.log(`recall@3 over ${n} labelled questions:`, figures)
    expect(recall.hybrid).toBeGreaterThan(recall.vector)
    expect(recall.hybrid).toBeGreaterThan(recall.keyword)
  })
})
