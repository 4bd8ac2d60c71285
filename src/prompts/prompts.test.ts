import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../test/harness'
import type { TestUser } from '../test/messages'
import type { PromptJson } from './model'

let t: TestApp
let alice: TestUser
let bob: TestUser
let clock = Date.parse('2026-05-01T10:00:00.000Z')

beforeAll(async () => {
  t = await startApp()
  // Each write a second later, so "newest" is well defined.
  t.ctx.now = () => {
    clock += 1000
    return new Date(clock)
  }
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
}, 60_000)
afterAll(() => t.close())

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

async function create(user: TestUser, fields: Record<string, unknown>): Promise<PromptJson> {
  const answer = await call(user, 'POST', '/api/prompts', {
    title: 'A prompt',
    prompt_text: 'Do it',
    ...fields,
  })
  expect(answer.status).toBe(201)
  return answer.body.data as PromptJson
}

const titles = (answer: Answer) =>
  (answer.body.data.items ?? answer.body.data).map((p: PromptJson) => p.title)

describe('create', () => {
  test('stores the trimmed fields, defaults and the extra model, variables and tools', async () => {
    const prompt = await create(alice, {
      title: '  Summarise  ',
      description: '  Short summary ',
      prompt_text: '  Summarise {TEXT} in {lang}  ',
      tags: [' writing ', 'writing', '', 'summary'],
      model_id: 'demo',
      variables: ['tone', ' {TONE} ', 'audience'],
      tools: ['web-search', 'mcp'],
    })
    expect(prompt).toMatchObject({
      user_id: alice.id,
      title: 'Summarise',
      description: 'Short summary',
      prompt_text: 'Summarise {TEXT} in {lang}',
      category: 'general',
      is_public: false,
      tags: ['writing', 'summary'],
      use_count: 0,
      model_id: 'demo',
      variables: ['TONE', 'AUDIENCE'],
      tools: ['web-search', 'mcp'],
      is_owner: true,
    })
    const read = await call(alice, 'GET', `/api/prompts/${prompt.id}`)
    expect(read.body.data).toEqual(prompt)
  })

  test('a blank description is stored as none', async () => {
    expect((await create(alice, { description: '   ' })).description).toBeNull()
  })

  test.each([
    [{ title: '   ' }, 'Prompt title cannot be empty', 'bad_request:prompt_title'],
    [
      { title: 'x'.repeat(201) },
      'Prompt title must be 200 characters or less',
      'bad_request:prompt_title_length',
    ],
    [{ prompt_text: ' \n ' }, 'Prompt text cannot be empty', 'bad_request:prompt_text'],
    [
      { category: 'poetry' },
      'Category must be one of general, technical, creative, analysis or learning',
      'bad_request:validation',
    ],
    [
      { tools: ['telepathy'] },
      'Tools must be among mcp, file-search, web-search, code-interpreter and image-generation',
      'bad_request:validation',
    ],
  ])('%p is refused with the spec message', async (fields, error, code) => {
    const answer = await call(alice, 'POST', '/api/prompts', { title: 'T', prompt_text: 'P', ...fields })
    expect(answer).toEqual({ status: 400, body: { success: false, error, code } })
  })

  test('a title of exactly 200 characters after trimming is accepted', async () => {
    expect((await create(alice, { title: ` ${'y'.repeat(200)} ` })).title).toHaveLength(200)
  })
})

describe('list, filters and order', () => {
  let u: TestApp
  let ann: TestUser
  let ben: TestUser
  let cid: TestUser
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    u = await startApp()
    let tick = Date.parse('2026-06-01T00:00:00.000Z')
    u.ctx.now = () => {
      tick += 1000
      return new Date(tick)
    }
    ann = await u.createUser({ email: 'ann@example.com' })
    ben = await u.createUser({ email: 'ben@example.com' })
    cid = await u.createUser({ email: 'cid@example.com' })
    const add = async (user: TestUser, key: string, fields: Record<string, unknown>) => {
      const res = await u.request('/api/prompts', {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: key, prompt_text: `text of ${key}`, ...fields }),
      })
      ids[key] = ((await res.json()) as { data: PromptJson }).data.id
    }
    await add(ann, 'Ann old', { category: 'technical', tags: ['code', 'review'] })
    await add(ann, 'Ann new', { category: 'creative', description: 'A STORY starter', tags: ['code'] })
    await add(ben, 'Ben public', { category: 'technical', is_public: true, tags: ['code', 'review'] })
    await add(ben, 'Ben private', { category: 'technical', tags: ['code', 'review'] })
    await add(cid, 'Cid public', { category: 'learning', is_public: true, tags: ['teach'] })
    const use = (user: TestUser, key: string) =>
      u.request(`/api/prompts/${ids[key]}/use`, { method: 'POST', headers: user.headers })
    await use(ann, 'Cid public')
    await use(ben, 'Cid public')
    await use(ann, 'Ann old')
  })
  afterAll(() => u.close())

  const get = async (user: TestUser, path: string) => {
    const res = await u.request(path, { headers: user.headers })
    return { status: res.status, body: (await res.json()) as Answer['body'] }
  }

  test('own and public prompts, most used first, then newest; never another private one', async () => {
    expect(titles(await get(ann, '/api/prompts'))).toEqual(['Cid public', 'Ann old', 'Ben public', 'Ann new'])
    expect(titles(await get(ben, '/api/prompts'))).toEqual(['Cid public', 'Ben private', 'Ben public'])
  })

  test('own only', async () => {
    expect(titles(await get(ann, '/api/prompts?own=true'))).toEqual(['Ann old', 'Ann new'])
    expect(titles(await get(ann, '/api/prompts?own=false'))).toHaveLength(4)
  })

  test('by category', async () => {
    expect(titles(await get(ann, '/api/prompts?category=technical'))).toEqual(['Ann old', 'Ben public'])
    expect((await get(ann, '/api/prompts?category=poetry')).status).toBe(400)
  })

  test('title or description contains, case-insensitive; LIKE wildcards are literal', async () => {
    expect(titles(await get(ann, '/api/prompts?q=story'))).toEqual(['Ann new'])
    expect(titles(await get(ann, '/api/prompts?q=PUBLIC'))).toEqual(['Cid public', 'Ben public'])
    expect(titles(await get(ann, '/api/prompts?q=%25'))).toEqual([])
  })

  test('tags contains every given tag', async () => {
    expect(titles(await get(ann, '/api/prompts?tags=code,review'))).toEqual(['Ann old', 'Ben public'])
    expect(titles(await get(ann, '/api/prompts?tags=code'))).toEqual(['Ann old', 'Ben public', 'Ann new'])
  })

  test('limit', async () => {
    expect(titles(await get(ann, '/api/prompts?limit=2'))).toEqual(['Cid public', 'Ann old'])
    expect((await get(ann, '/api/prompts?limit=0')).status).toBe(400)
  })

  test('stats over the visible prompts', async () => {
    const stats = (await get(ann, '/api/prompts/stats')).body.data
    expect(stats).toMatchObject({
      total: 4,
      categories: { general: 0, technical: 2, creative: 1, analysis: 0, learning: 1 },
      totalUses: 3,
      publicPrompts: 2,
      mostUsed: { title: 'Cid public', use_count: 2 },
    })
  })

  test('popular: the public prompts, most used first, 10 by default', async () => {
    expect(titles(await get(ann, '/api/prompts/popular'))).toEqual(['Cid public', 'Ben public'])
    expect(titles(await get(ann, '/api/prompts/popular?limit=1'))).toEqual(['Cid public'])
  })

  test('by tags: any of them; no tags finds nothing', async () => {
    expect(titles(await get(ann, '/api/prompts/by-tags?tags=teach,review'))).toEqual([
      'Cid public',
      'Ann old',
      'Ben public',
    ])
    expect((await get(ann, '/api/prompts/by-tags?tags= , ')).body.data).toEqual([])
    expect((await get(ann, '/api/prompts/by-tags')).body.data).toEqual([])
  })

  test('search: title, description or text; an empty query finds nothing', async () => {
    expect(titles(await get(ann, '/api/prompts/search?q=TEXT%20OF%20ben'))).toEqual(['Ben public'])
    expect(titles(await get(ann, '/api/prompts/search?q=story'))).toEqual(['Ann new'])
    expect((await get(ann, '/api/prompts/search?q=%20%20')).body.data).toEqual([])
    expect((await get(ann, '/api/prompts/search')).body.data).toEqual([])
  })
})

describe('update and delete: the owner only', () => {
  test('update applies the same rules to the given fields, trims, and keeps the rest', async () => {
    const prompt = await create(alice, { title: 'Before', tags: ['a'] })
    const answer = await call(alice, 'PATCH', `/api/prompts/${prompt.id}`, {
      title: '  After ',
      is_public: true,
      category: 'analysis',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      title: 'After',
      is_public: true,
      category: 'analysis',
      tags: ['a'],
    })
    for (const [fields, error] of [
      [{ title: '' }, 'Prompt title cannot be empty'],
      [{ title: 'z'.repeat(201) }, 'Prompt title must be 200 characters or less'],
      [{ prompt_text: '  ' }, 'Prompt text cannot be empty'],
    ] as const) {
      const refused = await call(alice, 'PATCH', `/api/prompts/${prompt.id}`, fields)
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 400, error })
    }
  })

  test("another user's prompt, public or private, cannot be updated or deleted", async () => {
    const open = await create(alice, { title: 'Open', is_public: true })
    const closed = await create(alice, { title: 'Closed' })
    for (const prompt of [open, closed]) {
      expect(await call(bob, 'PATCH', `/api/prompts/${prompt.id}`, { title: 'Mine now' })).toEqual({
        status: 404,
        body: {
          success: false,
          error: 'Prompt not found or you do not have permission to update it',
          code: 'not_found:prompt_update',
        },
      })
      expect(await call(bob, 'DELETE', `/api/prompts/${prompt.id}`)).toEqual({
        status: 404,
        body: {
          success: false,
          error: 'Prompt not found or you do not have permission',
          code: 'not_found:prompt_permission',
        },
      })
      expect((await call(alice, 'GET', `/api/prompts/${prompt.id}`)).body.data.title).toBe(prompt.title)
    }
    // The public one is readable by Bob, read-only; the private one is not there for him.
    expect((await call(bob, 'GET', `/api/prompts/${open.id}`)).body.data).toMatchObject({ is_owner: false })
    expect(await call(bob, 'GET', `/api/prompts/${closed.id}`)).toEqual({
      status: 404,
      body: { success: false, error: 'Prompt not found', code: 'not_found:prompt' },
    })
  })

  test('the owner deletes; then it is gone', async () => {
    const prompt = await create(alice, { title: 'Doomed' })
    expect((await call(alice, 'DELETE', `/api/prompts/${prompt.id}`)).status).toBe(200)
    expect((await call(alice, 'GET', `/api/prompts/${prompt.id}`)).status).toBe(404)
    expect((await call(alice, 'DELETE', `/api/prompts/${prompt.id}`)).status).toBe(404)
  })

  test('a malformed id is a 404, not a 500', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await call(alice, method, '/api/prompts/not-a-uuid', method === 'PATCH' ? {} : undefined)
      expect(answer.status).toBe(404)
    }
    expect((await call(alice, 'POST', '/api/prompts/not-a-uuid/use')).status).toBe(404)
    expect((await call(alice, 'POST', '/api/prompts/not-a-uuid/duplicate')).status).toBe(404)
  })
})

describe('duplicate', () => {
  test("a private copy titled '<title> (Copy)', unused, owned by whoever copies", async () => {
    const source = await create(alice, {
      title: 'Shared',
      is_public: true,
      tags: ['t'],
      variables: ['X'],
      tools: ['mcp'],
      category: 'learning',
    })
    await call(alice, 'POST', `/api/prompts/${source.id}/use`)
    const answer = await call(bob, 'POST', `/api/prompts/${source.id}/duplicate`)
    expect(answer.status).toBe(201)
    expect(answer.body.data).toMatchObject({
      title: 'Shared (Copy)',
      user_id: bob.id,
      is_public: false,
      use_count: 0,
      tags: ['t'],
      variables: ['X'],
      tools: ['mcp'],
      category: 'learning',
      prompt_text: source.prompt_text,
      is_owner: true,
    })
  })

  test('a 200-character title is shortened so that the copy fits', async () => {
    const source = await create(alice, { title: 'w'.repeat(200) })
    const copy = (await call(alice, 'POST', `/api/prompts/${source.id}/duplicate`)).body.data as PromptJson
    expect(copy.title).toBe(`${'w'.repeat(193)} (Copy)`)
  })

  test("another user's private prompt cannot be copied", async () => {
    const secret = await create(alice, { title: 'Secret' })
    expect((await call(bob, 'POST', `/api/prompts/${secret.id}/duplicate`)).status).toBe(404)
  })
})

describe('use count', () => {
  test("a public prompt counts everyone's uses; a private one refuses others with the spec message", async () => {
    const open = await create(alice, { title: 'Counted', is_public: true })
    expect((await call(alice, 'POST', `/api/prompts/${open.id}/use`)).body.data.use_count).toBe(1)
    expect((await call(bob, 'POST', `/api/prompts/${open.id}/use`)).body.data.use_count).toBe(2)
    const closed = await create(alice, { title: 'Mine' })
    expect(await call(bob, 'POST', `/api/prompts/${closed.id}/use`)).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'Prompt not found or you do not have permission',
        code: 'not_found:prompt_permission',
      },
    })
    expect((await call(alice, 'GET', `/api/prompts/${closed.id}`)).body.data.use_count).toBe(0)
  })

  test('two people using the same prompt at once both count', async () => {
    const open = await create(alice, { title: 'Race', is_public: true })
    const uses = await Promise.all(
      [alice, bob, alice, bob, alice, bob].map((user) => call(user, 'POST', `/api/prompts/${open.id}/use`)),
    )
    expect(uses.map((use) => use.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await call(alice, 'GET', `/api/prompts/${open.id}`)).body.data.use_count).toBe(6)
  })
})

test('every route needs a session', async () => {
  const res = await t.request('/api/prompts')
  expect(res.status).toBe(401)
})

describe('live', () => {
  const pushed = () =>
    t.events.filter((event) => event.event === 'prompts:changed').map((event) => event.room)

  test('a private prompt’s changes go to its owner only; a public one’s to everyone, also when it stops being public', async () => {
    t.events.length = 0
    const own = await create(alice, { title: 'Private live' })
    await call(alice, 'PATCH', `/api/prompts/${own.id}`, { title: 'Private live, renamed' })
    await call(alice, 'POST', `/api/prompts/${own.id}/use`)
    expect(pushed()).toEqual([`user:${alice.id}`, `user:${alice.id}`, `user:${alice.id}`])

    t.events.length = 0
    const shared = await create(alice, { title: 'Public live', is_public: true })
    await call(bob, 'POST', `/api/prompts/${shared.id}/use`)
    await call(alice, 'PATCH', `/api/prompts/${shared.id}`, { is_public: false })
    expect(pushed()).toEqual(['everyone', 'everyone', 'everyone'])

    t.events.length = 0
    await call(alice, 'PATCH', `/api/prompts/${shared.id}`, { is_public: true })
    await call(alice, 'DELETE', `/api/prompts/${shared.id}`)
    await call(alice, 'DELETE', `/api/prompts/${own.id}`)
    expect(pushed()).toEqual(['everyone', 'everyone', `user:${alice.id}`])
  })

  test('a refused change announces nothing', async () => {
    const shared = await create(alice, { title: 'Not Bob’s', is_public: true })
    t.events.length = 0
    expect((await call(bob, 'PATCH', `/api/prompts/${shared.id}`, { title: 'Mine now' })).status).toBe(404)
    expect((await call(bob, 'DELETE', `/api/prompts/${shared.id}`)).status).toBe(404)
    expect(pushed()).toEqual([])
  })
})
