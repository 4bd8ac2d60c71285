import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { asPath } from '../test/linear-chat'
import type { TestUser } from '../test/messages'
import { waitFor } from '../test/wait'
import { chunkText } from './chunking'
import type { KnowledgeEntryJson } from './model'

let t: TestApp
let fake: FakeOpenAi
let alice: TestUser
let bob: TestUser
let clock = Date.parse('2026-05-01T10:00:00.000Z')
const vectors = process.env.TEST_DATABASE_URL === undefined

beforeAll(async () => {
  fake = startFakeOpenAi()
  t = await startApp(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      AI_TIMEOUT_MS: '1000',
      EMBEDDING_TIMEOUT_MS: '1000',
    },
    { jobs: true },
  )
  // Each write a second later, so "newest" is well defined.
  t.ctx.now = () => {
    clock += 1000
    return new Date(clock)
  }
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each asserted by value
type Answer = { status: number; body: { success: boolean; data?: any; error?: string; code?: string } }

async function call(user: TestUser, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await t.request(path, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Answer['body'] }
}

async function create(user: TestUser, fields: Record<string, unknown>): Promise<KnowledgeEntryJson> {
  const answer = await call(user, 'POST', '/api/knowledge', {
    source_type: 'manual',
    title: 'An entry',
    content: 'Some content',
    tags: [],
    is_shared: false,
    ...fields,
  })
  expect(answer.status).toBe(201)
  return answer.body.data as KnowledgeEntryJson
}

async function indexed(user: TestUser, id: string): Promise<KnowledgeEntryJson> {
  return waitFor(
    async () => {
      const answer = await call(user, 'GET', `/api/knowledge/${id}`)
      const entry = answer.body.data as KnowledgeEntryJson
      return entry.index_status === 'pending' ? undefined : entry
    },
    30_000,
    'the entry to be indexed',
  )
}

async function search(user: TestUser, body: Record<string, unknown>) {
  const answer = await call(user, 'POST', '/api/knowledge/search', body)
  expect(answer.status).toBe(200)
  return answer.body.data as { entry: KnowledgeEntryJson; similarity: number | null; highlight: string }[]
}

describe('entries', () => {
  test('a created entry answers with the spec field names, pending, then ready with a knowledge:indexed event', async () => {
    const entry = await create(alice, {
      title: '  Expense policy  ',
      content: 'Receipts are needed for every refund above 20 euros.',
      tags: [' finance ', 'finance', '', 'policy'],
    })
    expect(entry).toMatchObject({
      user_id: alice.id,
      source_type: 'manual',
      source_id: null,
      title: 'Expense policy',
      content: 'Receipts are needed for every refund above 20 euros.',
      metadata: {},
      is_shared: false,
      tags: ['finance', 'policy'],
      index_status: 'pending',
      index_error: null,
      index_error_code: null,
      is_owner: true,
    })
    expect(typeof entry.created_at).toBe('string')
    const ready = await indexed(alice, entry.id)
    expect(ready.index_status).toBe('ready')
    const event = t.events.find(
      (e) =>
        e.event === 'knowledge:indexed' && (e.payload as { entry: { id: string } }).entry.id === entry.id,
    )
    expect(event?.room).toBe(`user:${alice.id}`)
    // Without pgvector (the test Postgres server) nothing is embedded: full text only.
    const requests = fake.embeddingRequests()
    if (!vectors) return expect(requests).toEqual([])
    expect(requests.at(-1)!.body).toMatchObject({
      model: 'text-embedding-3-small',
      encoding_format: 'float',
    })
    expect(Array.isArray(requests.at(-1)!.body!.input)).toBe(true)
  })

  test('empty title or content get the spec messages; oversized content 413', async () => {
    expect(await call(alice, 'POST', '/api/knowledge', { title: '  ', content: 'x' })).toEqual({
      status: 400,
      body: { success: false, error: 'Title cannot be empty', code: 'bad_request:knowledge_title' },
    })
    expect(await call(alice, 'POST', '/api/knowledge', { title: 'T', content: ' \n ' })).toEqual({
      status: 400,
      body: { success: false, error: 'Content cannot be empty', code: 'bad_request:knowledge_content' },
    })
    const big = await call(alice, 'POST', '/api/knowledge', { title: 'T', content: 'x'.repeat(1_100_000) })
    expect(big.status).toBe(413)
    expect(big.body.success).toBe(false)
  })

  test('list: own and shared, newest first, tag-contains and source-type filters, cursor pages', async () => {
    const t1 = await create(bob, { title: 'Bob private', tags: ['alpha'] })
    const t2 = await create(bob, { title: 'Bob shared', tags: ['alpha', 'beta'], is_shared: true })
    const t3 = await create(alice, { title: 'Alice note', tags: ['alpha'] })
    const list = await call(alice, 'GET', '/api/knowledge?tags=alpha')
    expect(list.body.data.items.map((e: KnowledgeEntryJson) => e.title)).toEqual(['Alice note', 'Bob shared'])
    expect(list.body.data.items[1].is_owner).toBe(false)
    const both = await call(alice, 'GET', '/api/knowledge?tags=alpha,beta')
    expect(both.body.data.items.map((e: KnowledgeEntryJson) => e.id)).toEqual([t2.id])
    const chats = await call(alice, 'GET', '/api/knowledge?source_types=chat')
    expect(chats.body.data.items).toEqual([])
    const page1 = await call(alice, 'GET', '/api/knowledge?limit=1')
    expect(page1.body.data.items).toHaveLength(1)
    expect(page1.body.data.items[0].id).toBe(t3.id)
    const page2 = await call(alice, 'GET', `/api/knowledge?limit=1&cursor=${page1.body.data.nextCursor}`)
    expect(page2.body.data.items[0].id).toBe(t2.id)
    expect((await call(bob, 'GET', '/api/knowledge?tags=alpha')).body.data.items).toHaveLength(2)
    expect(t1.id).toBeDefined()
  })

  test("another user's private entry is 404 on every route; a shared one is read-only (403)", async () => {
    const secret = await create(bob, { title: 'Bob secret', content: 'zebracorn launch codes' })
    const shared = await create(bob, {
      title: 'Bob open',
      content: 'shared zebracorn facts',
      is_shared: true,
    })
    const notFound = { success: false, error: 'Knowledge entry not found', code: 'not_found:knowledge' }
    expect(await call(alice, 'GET', `/api/knowledge/${secret.id}`)).toEqual({ status: 404, body: notFound })
    expect(await call(alice, 'PATCH', `/api/knowledge/${secret.id}`, { title: 'x' })).toEqual({
      status: 404,
      body: notFound,
    })
    expect(await call(alice, 'DELETE', `/api/knowledge/${secret.id}`)).toEqual({
      status: 404,
      body: notFound,
    })
    expect(await call(alice, 'POST', `/api/knowledge/${secret.id}/reindex`)).toEqual({
      status: 404,
      body: notFound,
    })
    expect(await call(alice, 'GET', '/api/knowledge/not-a-uuid')).toEqual({ status: 404, body: notFound })
    expect((await call(alice, 'GET', `/api/knowledge/${shared.id}`)).status).toBe(200)
    const forbidden = {
      success: false,
      error: 'Only the owner can change this entry',
      code: 'forbidden:knowledge',
    }
    expect(await call(alice, 'PATCH', `/api/knowledge/${shared.id}`, { title: 'x' })).toEqual({
      status: 403,
      body: forbidden,
    })
    expect(await call(alice, 'DELETE', `/api/knowledge/${shared.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    await indexed(bob, secret.id)
    await indexed(bob, shared.id)
    for (const filters of [
      {},
      { tags: [] },
      { source_types: ['manual'] },
      { source_types: ['manual', 'chat', 'document'] },
      { min_similarity: -1 },
      { min_similarity: 0, limit: 50 },
    ]) {
      const found = await search(alice, { query: 'zebracorn launch codes', ...filters })
      expect(found.map((r) => r.entry.id)).not.toContain(secret.id)
      expect(found.map((r) => r.entry.id)).toContain(shared.id)
    }
    const own = await search(bob, { query: 'zebracorn launch codes' })
    expect(own[0]!.entry.id).toBe(secret.id)
  })

  test('the owner patches fields (metadata merged), and a new content is indexed again', async () => {
    const entry = await create(alice, { title: 'Patch me', content: 'first text', metadata: { a: 1 } })
    await indexed(alice, entry.id)
    const patched = await call(alice, 'PATCH', `/api/knowledge/${entry.id}`, {
      title: 'Patched',
      tags: ['x'],
      is_shared: true,
      metadata: { notes: 'remember this' },
    })
    expect(patched.body.data).toMatchObject({
      title: 'Patched',
      tags: ['x'],
      is_shared: true,
      metadata: { a: 1, notes: 'remember this' },
      index_status: 'pending',
    })
    await indexed(alice, entry.id)
    const sharedOnly = await call(alice, 'PATCH', `/api/knowledge/${entry.id}`, { is_shared: false })
    expect(sharedOnly.body.data.index_status).toBe('ready')
    expect(await call(alice, 'PATCH', `/api/knowledge/${entry.id}`, { title: '' })).toMatchObject({
      status: 400,
      body: { error: 'Title cannot be empty' },
    })
    expect((await call(alice, 'DELETE', `/api/knowledge/${entry.id}`)).status).toBe(200)
    expect((await call(alice, 'GET', `/api/knowledge/${entry.id}`)).status).toBe(404)
  })
})

describe('export chat', () => {
  test("exports 'User:'/'AI:' lines with the spec's tag, source type and metadata; an empty chat is refused", async () => {
    const chat = await call(alice, 'POST', '/api/chats', { title: 'Trip planning' })
    const chatId = chat.body.data.id as string
    expect(await call(alice, 'POST', '/api/knowledge/export-chat', { chatId })).toEqual({
      status: 400,
      body: { success: false, error: 'Chat has no messages to export', code: 'bad_request:chat_empty' },
    })
    const { messages } = await import('../../db/schema')
    await t.ctx.db.insert(messages).values(
      asPath([
        { chatId, userId: alice.id, content: 'Where to go?', isUser: true, createdAt: new Date(clock + 1) },
        { chatId, userId: alice.id, content: 'Try Lisbon.', isUser: false, createdAt: new Date(clock + 2) },
      ]),
    )
    const exported = await call(alice, 'POST', '/api/knowledge/export-chat', { chatId })
    expect(exported.status).toBe(201)
    expect(exported.body.data).toMatchObject({
      title: 'Trip planning',
      content: 'User: Where to go?\n\nAI: Try Lisbon.',
      source_type: 'chat',
      source_id: chatId,
      tags: ['chat-export'],
      metadata: { message_count: 2 },
    })
    expect(typeof exported.body.data.metadata.exported_at).toBe('string')
    expect(await call(bob, 'POST', '/api/knowledge/export-chat', { chatId })).toMatchObject({
      status: 404,
      body: { code: 'not_found:chat' },
    })
  })
})

describe('export chat: what the person saw', () => {
  test("the files marker gives way to each file by name with a document's text (cut when long); a generated image is named", async () => {
    const chat = await call(alice, 'POST', '/api/chats', { title: 'Files and pictures' })
    const chatId = chat.body.data.id as string
    const { attachments, generatedImages, messages } = await import('../../db/schema')
    const at = (n: number) => new Date(clock + n)
    const [compare, , bigOnly, , drawn] = await t.ctx.db
      .insert(messages)
      .values(
        asPath([
          {
            chatId,
            userId: alice.id,
            content: 'Compare these\n\n[Files attached: notes.txt, chart.png, scan.pdf]',
            isUser: true,
            createdAt: at(1),
          },
          { chatId, userId: alice.id, content: 'They say the same.', isUser: false, createdAt: at(2) },
          { chatId, userId: alice.id, content: '[Files attached: big.txt]', isUser: true, createdAt: at(3) },
          {
            chatId,
            userId: alice.id,
            content: 'Generate an image: a lighthouse at dusk',
            isUser: true,
            createdAt: at(4),
          },
          { chatId, userId: alice.id, content: 'placeholder', isUser: false, createdAt: at(5) },
        ]),
      )
      .returning()
    const file = (messageId: string, filename: string, fields: Record<string, unknown>, n: number) => ({
      userId: alice.id,
      messageId,
      storageKey: `${alice.id}/${filename}`,
      filename,
      contentType: 'text/plain',
      size: 10,
      kind: 'text' as const,
      createdAt: at(n),
      ...fields,
    })
    await t.ctx.db.insert(attachments).values([
      file(compare!.id, 'notes.txt', { extractedText: 'Line one\r\n\r\nLine two\n' }, 1),
      file(compare!.id, 'chart.png', { kind: 'image', contentType: 'image/png' }, 2),
      file(
        compare!.id,
        'scan.pdf',
        {
          kind: 'pdf',
          contentType: 'application/pdf',
          // On a failed extraction the stored text is the model's fallback, not the file's.
          extractedText: '[PDF File: scan.pdf]\n[Unable to extract text from PDF. File size: 10 bytes]',
          extractionError: 'Failed to read file: scan.pdf',
        },
        3,
      ),
      file(bigOnly!.id, 'big.txt', { extractedText: 'y'.repeat(25_000) }, 4),
    ])
    const [image] = await t.ctx.db
      .insert(generatedImages)
      .values({
        userId: alice.id,
        storageKey: `${alice.id}/images/lighthouse.png`,
        contentType: 'image/png',
        byteSize: 10,
        prompt: 'a lighthouse at dusk',
        size: '1024x1024',
        style: 'vivid',
        modelId: 'dall-e-3',
        messageId: drawn!.id,
      })
      .returning()
    const { eq } = await import('drizzle-orm')
    await t.ctx.db
      .update(messages)
      .set({
        content: `I've generated an image based on your prompt: "a lighthouse at dusk"\n\n![Generated Image](/api/images/${image!.id})`,
      })
      .where(eq(messages.id, drawn!.id))

    const exported = await call(alice, 'POST', '/api/knowledge/export-chat', { chatId })
    expect(exported.status).toBe(201)
    expect(exported.body.data.content).toBe(
      [
        'User: Compare these',
        'Attached file: notes.txt\n> Line one  \n>\n> Line two  ',
        'Attached file: chart.png',
        'Attached file: scan.pdf',
        'AI: They say the same.',
        `User: Attached file: big.txt\n> ${'y'.repeat(20_000)}  \n>\n> [… shortened: the first 20,000 of 25,000 characters]  `,
        'User: Generate an image: a lighthouse at dusk',
        'AI: I\'ve generated an image based on your prompt: "a lighthouse at dusk"',
        'Generated image: a lighthouse at dusk',
      ].join('\n\n'),
    )
    expect(exported.body.data.metadata.message_count).toBe(5)
  })
})

describe('tags', () => {
  test('lists the tags of the entries one sees; a tag goes with its last entry', async () => {
    const own = await create(alice, { title: 'Tagged', tags: ['quokka-only'] })
    await create(bob, { title: 'Bob private tagged', tags: ['bob-hidden-tag'] })
    await create(bob, { title: 'Bob shared tagged', tags: ['bob-open-tag'], is_shared: true })
    const tags = (await call(alice, 'GET', '/api/knowledge/tags')).body.data as string[]
    expect(tags).toContain('quokka-only')
    expect(tags).toContain('bob-open-tag')
    expect(tags).not.toContain('bob-hidden-tag')
    expect([...tags].sort((a, b) => a.localeCompare(b))).toEqual(tags)
    expect(new Set(tags).size).toBe(tags.length)
    expect((await call(alice, 'DELETE', `/api/knowledge/${own.id}`)).status).toBe(200)
    expect((await call(alice, 'GET', '/api/knowledge/tags')).body.data).not.toContain('quokka-only')
  })
})

describe('upload', () => {
  test('a Markdown file becomes a document entry; an image is refused with 415', async () => {
    const form = new FormData()
    form.append(
      'file',
      new File(['# Onboarding\n\nNew laptops are ordered by the IT desk.'], 'onboarding.md'),
    )
    const res = await t.request('/api/knowledge/upload?tags=it,onboarding&is_shared=true', {
      method: 'POST',
      headers: alice.headers,
      body: form,
    })
    const body = (await res.json()) as Answer['body']
    expect(res.status).toBe(201)
    expect(body.data).toMatchObject({
      source_type: 'document',
      title: 'onboarding.md',
      tags: ['it', 'onboarding'],
      is_shared: true,
      metadata: { filename: 'onboarding.md' },
    })
    expect(body.data.content).toContain('New laptops are ordered')
    const png = new FormData()
    png.append(
      'file',
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'x.png', {
        type: 'image/png',
      }),
    )
    const refused = await t.request('/api/knowledge/upload', {
      method: 'POST',
      headers: alice.headers,
      body: png,
    })
    expect(refused.status).toBe(415)
    expect(((await refused.json()) as Answer['body']).code).toBe('unsupported_media_type:knowledge_file')
  })
})

describe('search', () => {
  test('highlight is the first 200 characters plus "..." (a short entry whole), 10 results by default, empty query refused', async () => {
    const long = `Tundra logistics ${'word '.repeat(100)}`
    const entry = await create(alice, { title: 'Tundra', content: long })
    for (let i = 0; i < 11; i += 1) await create(alice, { title: `Tundra ${i}`, content: `tundra note ${i}` })
    await indexed(alice, entry.id)
    await waitFor(
      async () =>
        (await call(alice, 'GET', '/api/knowledge?limit=200')).body.data.items.every(
          (e: KnowledgeEntryJson) => e.index_status !== 'pending',
        ),
      30_000,
      'every entry indexed',
    )
    expect(await search(alice, { query: 'tundra' })).toHaveLength(10)
    const found = await search(alice, { query: 'logistics' })
    const hit = found.find((r) => r.entry.id === entry.id)!
    expect(hit.highlight).toBe(`${long.slice(0, 200)}...`)
    // Nothing was left out of a short entry: no '...'.
    const short = (await search(alice, { query: 'tundra note 3' })).find((r) => r.entry.title === 'Tundra 3')!
    expect(short.highlight).toBe('tundra note 3')
    if (vectors) expect(typeof hit.similarity).toBe('number')
    expect(await call(alice, 'POST', '/api/knowledge/search', { query: '   ' })).toEqual({
      status: 400,
      body: { success: false, error: 'Text cannot be empty', code: 'bad_request:knowledge_query' },
    })
  })

  test('status tells whether search uses vectors', async () => {
    const status = await call(alice, 'GET', '/api/knowledge/status')
    expect(status.body.data).toMatchObject({ vector: vectors, mode: vectors ? 'hybrid' : 'full_text' })
  })
})

describe('indexing faults', () => {
  test.if(vectors)(
    'a provider error marks the entry failed with the message; reindex retries it',
    async () => {
      fake.setEmbeddings({ fail: { status: 500, message: 'upstream exploded' } })
      const entry = await create(alice, { title: 'Fragile', content: 'kumquat orchard notes' })
      const failed = await indexed(alice, entry.id)
      expect(failed).toMatchObject({
        index_status: 'failed',
        index_error: 'OpenAI API error: upstream exploded',
      })
      // Still found by its words.
      expect((await search(alice, { query: 'kumquat' })).map((r) => r.entry.id)).toContain(entry.id)
      fake.setEmbeddings({})
      const retried = await call(alice, 'POST', `/api/knowledge/${entry.id}/reindex`)
      expect(retried.body.data.index_status).toBe('pending')
      expect((await indexed(alice, entry.id)).index_status).toBe('ready')
    },
  )

  test.if(vectors)('a wrong dimension and a hanging provider mark it failed too', async () => {
    fake.setEmbeddings({ dimensions: 12 })
    const wrong = await create(alice, { title: 'Wrong size', content: 'vectors of the wrong size' })
    expect(await indexed(alice, wrong.id)).toMatchObject({
      index_status: 'failed',
      index_error: 'Invalid embedding dimensions: expected 1536',
      index_error_code: 'dimensions',
    })
    fake.setEmbeddings({ hang: true })
    const hung = await create(alice, { title: 'Hung', content: 'a provider that never answers' })
    expect(await indexed(alice, hung.id)).toMatchObject({
      index_status: 'failed',
      index_error: 'OpenAI API error: the request timed out',
      index_error_code: 'timeout',
    })
    fake.setEmbeddings({})
  })
})

describe('chunking', () => {
  test('long text is cut into overlapping pieces of at most 1000 characters', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about topic ${i}.`).join(
      ' ',
    )
    const chunks = chunkText(text)
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1000)
    // Consecutive pieces share text.
    expect(chunks[0]!.slice(-250)).toContain(chunks[1]!.slice(0, 40))
    expect(chunkText('short')).toEqual(['short'])
  })
})
