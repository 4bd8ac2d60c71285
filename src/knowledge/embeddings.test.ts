import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { loadConfig, resolveAppSecret } from '../config'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import type { TestUser } from '../test/messages'
import { waitFor } from '../test/wait'
import { createEmbedder } from './embeddings'
import type { KnowledgeEntryJson } from './model'

/*
 * Embeddings have their own time limit (EMBEDDING_TIMEOUT_MS, per request), not the chat's
 * AI_TIMEOUT_MS: a hanging provider marks an entry failed, with Retry, in seconds rather than minutes.
 * AI_TIMEOUT_MS is set to a minute here, so an embedder that still used it would not fail in time.
 */
const vectors = process.env.TEST_DATABASE_URL === undefined
const EMBEDDING_TIMEOUT_MS = 1500

let fake: FakeOpenAi
beforeAll(() => {
  fake = startFakeOpenAi()
})
afterAll(() => fake.close())

describe('the embeddings client', () => {
  test('a hanging provider is given up after EMBEDDING_TIMEOUT_MS, not AI_TIMEOUT_MS', async () => {
    const config = resolveAppSecret({
      ...loadConfig({
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-test',
        AI_TIMEOUT_MS: '60000',
        EMBEDDING_TIMEOUT_MS: String(EMBEDDING_TIMEOUT_MS),
      }),
      appSecret: 'x'.repeat(32),
    })
    const embedder = createEmbedder(config)!
    fake.queueEmbeddings({ hang: true })
    const started = performance.now()
    await expect(embedder.embed(['a question nobody answers'])).rejects.toThrow(
      'OpenAI API error: the request timed out',
    )
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(EMBEDDING_TIMEOUT_MS - 50)
    expect(elapsed).toBeLessThan(EMBEDDING_TIMEOUT_MS + 3000)
    // The next request is not held up by the first.
    expect(await embedder.embed(['answered'])).toHaveLength(1)
  })
})

describe('indexing with a hanging provider', () => {
  let t: TestApp
  let alice: TestUser
  beforeAll(async () => {
    t = await startApp(
      {
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-test',
        AI_TIMEOUT_MS: '60000',
        EMBEDDING_TIMEOUT_MS: String(EMBEDDING_TIMEOUT_MS),
      },
      { jobs: true },
    )
    alice = await t.createUser()
  }, 60_000)
  afterAll(() => t?.close())

  async function call(method: string, path: string, body?: unknown) {
    const res = await t.request(path, {
      method,
      headers: { ...alice.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await res.json()) as { data: KnowledgeEntryJson }
  }

  const settled = (id: string, limitMs: number) =>
    waitFor(
      async () => {
        const entry = (await call('GET', `/api/knowledge/${id}`)).data
        return entry.index_status === 'pending' ? undefined : entry
      },
      limitMs,
      'the entry to leave "Indexing…"',
    )

  test.if(vectors)(
    'the entry is marked failed within seconds, with the timeout message, and Retry indexes it',
    async () => {
      fake.setEmbeddings({ hang: true })
      const started = performance.now()
      const { data: created } = await call('POST', '/api/knowledge', {
        source_type: 'manual',
        title: 'Hung',
        content: 'a provider that never answers',
        tags: [],
        is_shared: false,
      })
      // Well under AI_TIMEOUT_MS (60 s): the embeddings' own limit cut the request off.
      const failed = await settled(created.id, 20_000)
      expect(failed).toMatchObject({
        index_status: 'failed',
        index_error: 'OpenAI API error: the request timed out',
        index_error_code: 'timeout',
      })
      expect(performance.now() - started).toBeLessThan(20_000)
      fake.setEmbeddings({})
      expect((await call('POST', `/api/knowledge/${created.id}/reindex`)).data.index_status).toBe('pending')
      expect((await settled(created.id, 20_000)).index_status).toBe('ready')
    },
    60_000,
  )
})
