import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { budgetReservations, generatedImages, mcpServers, messages, usageRecords } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type FakeSearxng, startFakeSearxng } from '../test/fakes/searxng-server'
import { outcome, startApp, type TestApp, type TestUser } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { waitFor } from '../test/wait'
import { builtinToolSource } from './builtin'
import type { ChatTool, ToolRunContext } from './types'

/*
 * The built-in tools (issue 30 points 4–6), GET /api/tools and a chat's `tools` setting, on a
 * real database with the fake SearXNG and the fake OpenAI-compatible provider (images). Knowledge
 * is searched in keyword-only mode (the vector extension is dropped, as rag-keyword.test.ts does),
 * so the suite runs the same on PGlite and on a Postgres without pgvector.
 */

let fake: FakeOpenAi
let searxng: FakeSearxng
let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  searxng = startFakeSearxng()
  t = await startApp(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODELS: 'fake-model',
      SEARXNG_URL: searxng.url,
      IMAGE_MODEL: 'fake-image-model',
      IMAGE_PRICES: '1024x1024=0.04,1024x1792=0.08',
    },
    { jobs: true },
  )
  await t.database.exec('drop extension if exists vector cascade')
  t.ctx.vectorCheck.forget()
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake.close()
  await searxng.close()
})

const newChat = async (user: TestUser) => (await t.as(user).api.chats.post({})).data!.data.id

/** An answer streaming in a new chat of `user`, as the reply engine has it while tools run. */
async function streamingAnswer(user: TestUser) {
  const chatId = await newChat(user)
  const [answer] = await t.ctx.db
    .insert(messages)
    .values({ chatId, userId: user.id, content: '', isUser: false, status: 'streaming' })
    .returning()
  return { chatId, messageId: answer!.id }
}

/** The built-in tool `id` as a reply would get it for `user`, and a context to run it with. */
async function builtin(user: TestUser, id: string, attachmentIds: string[] = [], signal?: AbortSignal) {
  const [tool] = await builtinToolSource(t.ctx, t.actorOf(user), [id])
  if (!tool) throw new Error(`${id} is not available`)
  // The answer's sources as the loop numbers them: an entry keeps its place.
  const cited: { id: string; title: string }[] = []
  const run: ToolRunContext = {
    ctx: t.ctx,
    actor: t.actorOf(user),
    ...(await streamingAnswer(user)),
    attachmentIds,
    signal: signal ?? new AbortController().signal,
    cite: (source) => {
      const known = cited.findIndex((entry) => entry.id === source.id)
      return known >= 0 ? known + 1 : cited.push(source)
    },
  }
  const call = (name: string, args: Record<string, unknown>) => (tool as ChatTool).run(name, args, run)
  return { tool, call, run, cited }
}

async function addKnowledge(user: TestUser, title: string, content: string, isShared = false) {
  const res = await t.request('/api/knowledge', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title, content, is_shared: isShared }),
  })
  expect(res.status).toBe(201)
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

async function uploadText(user: TestUser, name: string, text: string) {
  const form = new FormData()
  form.append('file', new File([text], name, { type: 'text/plain' }))
  const res = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { id: string } }).data.id
}

describe('a chat’s tools setting', () => {
  const config = (user: TestUser, chatId: string) => t.as(user).api.chats({ id: chatId }).config

  test('reads [] by default, saves the ids once each in the order given, and DELETE clears them', async () => {
    const chatId = await newChat(alice)
    expect((await config(alice, chatId).get()).data?.data.tools).toEqual([])
    const server = crypto.randomUUID()
    const res = await config(alice, chatId).patch({
      tools: ['file-search', 'web-search', 'file-search', `mcp:${server.toUpperCase()}`, `mcp:${server}`],
    })
    expect(res.status).toBe(200)
    const saved = ['file-search', 'web-search', `mcp:${server}`]
    expect(res.data?.data.tools).toEqual(saved)
    expect((await config(alice, chatId).get()).data?.data.tools).toEqual(saved)
    // Another field's change keeps them; an empty list turns them all off.
    await config(alice, chatId).patch({ temperature: 1 })
    expect((await config(alice, chatId).get()).data?.data).toMatchObject({ temperature: 1, tools: saved })
    expect((await config(alice, chatId).patch({ tools: [] })).data?.data.tools).toEqual([])
    await config(alice, chatId).patch({ tools: ['image-generation'] })
    expect((await config(alice, chatId).delete()).data?.data.tools).toEqual([])
    expect((await config(alice, chatId).get()).data?.data.tools).toEqual([])
  })

  test('a tool this server cannot run now, or an MCP server that does not exist, is kept', async () => {
    const chatId = await newChat(alice)
    const ids = ['code-interpreter', `mcp:${crypto.randomUUID()}`]
    expect((await config(alice, chatId).patch({ tools: ids })).data?.data.tools).toEqual(ids)
  })

  const tooMany = Array.from({ length: 21 }, () => `mcp:${crypto.randomUUID()}`)
  test.each([
    ['an unknown id', ['web-search', 'x'], 'Unknown tool: x'],
    ['an id in other letters', ['Web-Search'], 'Unknown tool: Web-Search'],
    ['an MCP id without a server id', ['mcp:not-a-uuid'], 'Unknown tool: mcp:not-a-uuid'],
    ['an empty MCP id', ['mcp:'], 'Unknown tool: mcp:'],
    ['21 tools', tooMany, 'tools must be a list of at most 20 tool ids'],
    ['a number', [42], 'tools must be a list of at most 20 tool ids'],
    ['an id of 101 characters', ['x'.repeat(101)], 'tools must be a list of at most 20 tool ids'],
    ['a string instead of a list', 'web-search', 'tools must be a list of at most 20 tool ids'],
  ])('%s is refused with a 400 naming the problem, and nothing is saved', async (_case, tools, message) => {
    const chatId = await newChat(alice)
    await config(alice, chatId).patch({ tools: ['file-search'] })
    // Malformed on purpose: the client's type would refuse some of these values.
    const res = await config(alice, chatId).patch({ tools } as { tools: string[] })
    expect(outcome(res)).toMatchObject({ status: 400, body: { success: false, error: message } })
    expect((await config(alice, chatId).get()).data?.data.tools).toEqual(['file-search'])
  })

  test('another person’s chat is not found', async () => {
    const chatId = await newChat(alice)
    expect((await config(bob, chatId).patch({ tools: ['web-search'] })).status).toBe(404)
  })
})

describe('GET /api/tools', () => {
  const idsOf = (tools: { id: string }[] | undefined) => tools?.map((tool) => tool.id) ?? []

  test('lists the built-in tools this server can run, with their functions', async () => {
    const { data, status } = await t.as(alice).api.tools.get()
    expect(status).toBe(200)
    const tools = data!.data.tools
    expect(idsOf(tools)).toEqual(expect.arrayContaining(['web-search', 'file-search', 'image-generation']))
    expect(tools.find((tool) => tool.id === 'web-search')).toEqual({
      id: 'web-search',
      name: 'Web Search',
      description: expect.any(String),
      functions: [{ name: 'web_search', description: expect.stringContaining('Search the web') }],
    })
    expect(tools.find((tool) => tool.id === 'image-generation')?.functions.map((fn) => fn.name)).toEqual([
      'generate_image',
    ])
    expect(tools.find((tool) => tool.id === 'file-search')?.functions.map((fn) => fn.name)).toEqual([
      'file_search',
    ])
  })

  test('without SEARXNG_URL and an image model, web search and image generation are not listed', async () => {
    const bare = await startApp({ IMAGE_MODEL: '' })
    try {
      const user = await bare.createUser()
      const ids = idsOf((await bare.as(user).api.tools.get()).data?.data.tools)
      expect(ids).toContain('file-search')
      expect(ids).not.toContain('web-search')
      expect(ids).not.toContain('image-generation')
    } finally {
      await bare.close()
    }
  }, 60_000)

  test('an MCP server everyone may use is listed by name, with why its tools could not be listed', async () => {
    const [server] = await t.ctx.db
      .insert(mcpServers)
      .values({ name: 'Unreachable tracker', url: 'http://127.0.0.1:9/mcp' })
      .returning()
    try {
      const tools = (await t.as(alice).api.tools.get()).data!.data.tools
      const listed = tools.find((tool) => tool.id === `mcp:${server!.id}`)
      expect(listed).toMatchObject({ name: 'Unreachable tracker', description: '', functions: [] })
      expect(listed?.error).toEqual(expect.any(String))
    } finally {
      await t.ctx.db.delete(mcpServers).where(eq(mcpServers.id, server!.id))
    }
  }, 30_000)

  test('needs a session', async () => {
    expect((await t.api.api.tools.get()).status).toBe(401)
  })
})

describe('web search', () => {
  beforeEach(() => searxng.setMode('ok'))

  test('answers the numbered results as text, and notes the search service worked', async () => {
    searxng.setResults([
      { title: 'Tide tables', url: 'https://tides.example/brest', content: 'High tide at 06:12.' },
      { title: 'Harbour news', url: 'https://news.example/harbour', content: 'The harbour reopens.' },
    ])
    const { tool, call } = await builtin(alice, 'web-search')
    expect(tool.functions.map((fn) => fn.name)).toEqual(['web_search'])
    const out = await call('web_search', { query: 'tides in Brest' })
    expect(searxng.queries.at(-1)).toBe('tides in Brest')
    expect(out.text).toContain('[1] Tide tables\nURL: https://tides.example/brest\nHigh tide at 06:12.')
    expect(out.text).toContain('[2] Harbour news\nURL: https://news.example/harbour\nThe harbour reopens.')
    expect(t.ctx.providers.status.get('search').lastSuccessAt).not.toBeNull()
  })

  test('no results is an answer the model can read, not a failure', async () => {
    searxng.setResults([])
    const { call } = await builtin(alice, 'web-search')
    expect((await call('web_search', { query: 'nothing at all' })).text).toBe(
      'No web results for "nothing at all".',
    )
  })

  test('a failing SearXNG throws a clear sentence and is noted as the search service’s failure', async () => {
    searxng.setMode('fail')
    const { call } = await builtin(alice, 'web-search')
    await expect(call('web_search', { query: 'tides' })).rejects.toThrow(
      'Web search failed: SearXNG answered 500.',
    )
    expect(t.ctx.providers.status.get('search').lastError).toContain('500')
    searxng.setMode('garbage')
    await expect(call('web_search', { query: 'tides' })).rejects.toThrow(
      'Web search failed: the search service sent an answer that is not JSON.',
    )
  })

  test('an empty query is refused before SearXNG is asked', async () => {
    const { call } = await builtin(alice, 'web-search')
    const before = searxng.queries.length
    await expect(call('web_search', { query: '  ' })).rejects.toThrow(
      'The argument "query" must be non-empty text.',
    )
    expect(searxng.queries.length).toBe(before)
  })
})

describe('file search', () => {
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    ids.alice = await addKnowledge(
      alice,
      'Lighthouse keeping',
      'The lighthouse lamp is cleaned every Tuesday.',
    )
    ids.bobShared = await addKnowledge(bob, 'Lighthouse visits', 'Lighthouse visits are on Sundays.', true)
    ids.bobPrivate = await addKnowledge(
      bob,
      'Bob lighthouse diary',
      'My lighthouse secret: the key is under the mat.',
    )
  }, 90_000)

  test('finds the person’s own and shared entries as numbered sources, never another person’s private one', async () => {
    const { call, cited } = await builtin(alice, 'file-search')
    const out = await call('file_search', { query: 'lighthouse' })
    const found = cited.map((source) => source.id)
    expect(found).toContain(ids.alice!)
    expect(found).toContain(ids.bobShared!)
    expect(found).not.toContain(ids.bobPrivate!)
    expect(out.text).not.toContain('secret')
    // Each source is numbered by its place in the answer's sources, as the answer cites them.
    cited.forEach((source, index) => {
      expect(out.text).toContain(`[Source ${index + 1}] ${source.title}\n`)
    })
    expect(out.text).toContain('The lighthouse lamp is cleaned every Tuesday.')
  })

  test('a second search gives an entry found before the same number, and a new one the next', async () => {
    const { call, cited } = await builtin(alice, 'file-search')
    await call('file_search', { query: 'lamp cleaned Tuesday' })
    const first = cited.findIndex((source) => source.id === ids.alice) + 1
    expect(first).toBeGreaterThan(0)
    const before = cited.length
    const again = await call('file_search', { query: 'lighthouse' })
    expect(again.text).toContain(`[Source ${first}] Lighthouse keeping\n`)
    const visits = cited.findIndex((source) => source.id === ids.bobShared) + 1
    expect(visits).toBeGreaterThan(before)
    expect(again.text).toContain(`[Source ${visits}] Lighthouse visits\n`)
  })

  test('finds text in the chat’s attached files, after the knowledge entries', async () => {
    const manual = await uploadText(
      alice,
      'boiler-manual.txt',
      'Chapter 1. Unpacking.\n\nChapter 7. Resetting the boiler: hold the red button for ten seconds.',
    )
    const { call } = await builtin(alice, 'file-search', [manual])
    const out = await call('file_search', { query: 'How do I reset the boiler?' })
    expect(out.text).toContain('boiler-manual.txt (attached file)')
    expect(out.text).toContain('hold the red button for ten seconds')
    // A file's passage is cited by its name, not numbered among the answer's sources.
    expect(out.text).not.toContain('[Source')
  })

  test('another person’s file is not read, even given its id', async () => {
    const diary = await uploadText(bob, 'diary.txt', 'The boiler code is 4321.')
    const { call } = await builtin(alice, 'file-search', [diary])
    const out = await call('file_search', { query: 'boiler code' })
    expect(out.text).not.toContain('4321')
    expect(out.text).toBe('No knowledge entries or attached files match "boiler code".')
  })
})

describe('image generation', () => {
  test('stores an image the person can fetch, charges its price and returns its URL', async () => {
    fake.setImageScript({ format: 'b64_json', image: TINY_PNG })
    const carol = await t.createUser({ email: 'carol@example.com' })
    const { tool, call } = await builtin(carol, 'image-generation')
    expect(tool.functions[0]!.parameters).toMatchObject({
      properties: {
        size: { enum: ['1024x1024', '1024x1792', '1792x1024'] },
        style: { enum: expect.any(Array) },
      },
    })
    const out = await call('generate_image', { prompt: 'a red fox', size: '1024x1792', style: 'cartoon' })
    expect(out.images).toHaveLength(1)
    const { url, alt } = out.images![0]!
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/)
    expect(alt).toBe('a red fox')
    expect(out.text).toBe('Image generated: a red fox')
    const sent = fake.requests.filter((request) => request.path === '/v1/images/generations').at(-1)
    expect(sent?.body).toMatchObject({ prompt: 'a red fox in a cartoon/animated style', size: '1024x1792' })
    const file = await t.request(url, { headers: carol.headers })
    expect(file.status).toBe(200)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG)
    const images = await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.userId, carol.id))
    expect(images).toHaveLength(1)
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, carol.id))
    expect(usage.map((row) => row.costMicros)).toEqual([80_000])
    // No chat messages are added: the image belongs to the answer that called the tool.
    expect((await t.request(url, { headers: alice.headers })).status).toBe(404)
  })

  test('its usage row carries the chat and the answer that called the tool; the answer stays a reply', async () => {
    fake.setImageScript({ format: 'b64_json', image: TINY_PNG })
    const dora = await t.createUser({ email: 'dora@example.com' })
    const { call, run } = await builtin(dora, 'image-generation')
    await call('generate_image', { prompt: 'a blue whale' })
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, dora.id))
    expect(usage).toHaveLength(1)
    expect(usage[0]).toMatchObject({ chatId: run.chatId, messageId: run.messageId, costMicros: 40_000 })
    // Not linked as an image answer: regenerating this answer runs the reply again, not a lone image.
    const [image] = await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.userId, dora.id))
    expect(image!.messageId).toBeNull()
  })

  test('a Stop while the images API works cancels the request: nothing stored, nothing charged', async () => {
    fake.setImageScript({ format: 'b64_json', image: TINY_PNG, hang: true })
    const erin = await t.createUser({ email: 'erin@example.com' })
    const stop = new AbortController()
    const { call } = await builtin(erin, 'image-generation', [], stop.signal)
    const generations = () => fake.requests.filter((request) => request.path === '/v1/images/generations')
    const sentBefore = generations().length
    const running = call('generate_image', { prompt: 'a slow snail' })
    running.catch(() => {})
    await waitFor(() => generations().length > sentBefore && fake.openRequests() > 0)
    stop.abort()
    await expect(running).rejects.toThrow('The image generation was stopped')
    // The request was cancelled, not left to finish: the fake no longer holds it open.
    await waitFor(() => fake.openRequests() === 0)
    fake.setImageScript({ format: 'b64_json', image: TINY_PNG })
    const ofErin = { images: eq(generatedImages.userId, erin.id), usage: eq(usageRecords.userId, erin.id) }
    expect(await t.ctx.db.select().from(generatedImages).where(ofErin.images)).toEqual([])
    expect(await t.ctx.db.select().from(usageRecords).where(ofErin.usage)).toEqual([])
    // The price reserved before the call is released with it.
    expect(
      await t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, erin.id)),
    ).toEqual([])
  })

  test('a size the images feature does not offer is refused before the provider is paid', async () => {
    const { call } = await builtin(alice, 'image-generation')
    const before = fake.requests.length
    await expect(call('generate_image', { prompt: 'a fox', size: '10x10' })).rejects.toThrow(
      'The argument "size" must be one of: 1024x1024, 1024x1792, 1792x1024.',
    )
    expect(fake.requests.length).toBe(before)
  })
})

describe('a stopped call', () => {
  test('does not start', async () => {
    const { tool } = await builtin(alice, 'web-search')
    const stop = new AbortController()
    stop.abort()
    const before = searxng.queries.length
    const run = tool.run(
      'web_search',
      { query: 'tides' },
      {
        ctx: t.ctx,
        actor: t.actorOf(alice),
        chatId: crypto.randomUUID(),
        messageId: crypto.randomUUID(),
        attachmentIds: [],
        signal: stop.signal,
        cite: () => 1,
      },
    )
    await expect(run).rejects.toThrow('The tool call was stopped before it ran.')
    expect(searxng.queries.length).toBe(before)
  })
})
