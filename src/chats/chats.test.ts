import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startFakeSearxng } from '../test/fakes/searxng-server'
import { startApp, type TestApp } from '../test/harness'
import { CHAT_CONFIG_DEFAULTS } from './config-service'

let t: TestApp
let alice: Awaited<ReturnType<TestApp['createUser']>>
let bob: Awaited<ReturnType<TestApp['createUser']>>

beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(() => t.close())

type User = typeof alice
const json = (user: User, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...user.headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})
const createChat = async (user: User, title?: string) => {
  const res = await t.request('/api/chats', json(user, 'POST', title === undefined ? {} : { title }))
  expect(res.status).toBe(201)
  return (await res.json()).data as { id: string; title: string; user_id: string }
}

describe('creating chats', () => {
  test('a new chat is titled "New Chat" and pushed to the user’s other tabs', async () => {
    const chat = await createChat(alice)
    expect(chat).toMatchObject({ title: 'New Chat', user_id: alice.id })
    expect(t.events).toContainEqual({
      room: `user:${alice.id}`,
      event: 'chat:created',
      payload: { chat: expect.objectContaining({ id: chat.id }) },
    })
  })

  test('a given title is kept, trimmed', async () => {
    expect((await createChat(alice, '  Trip plans ')).title).toBe('Trip plans')
  })

  test('a request without a session is refused with 401', async () => {
    const res = await t.request('/api/chats', { method: 'POST' })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ success: false, error: 'No active session', code: 'unauthorized' })
  })
})

describe('listing chats', () => {
  let user: User
  const ids: string[] = []
  beforeAll(async () => {
    user = await t.createUser()
    for (let index = 0; index < 7; index += 1) ids.push((await createChat(user, `Chat ${index}`)).id)
    await createChat(user, 'Budget REVIEW 100%')
  })

  test('newest first, paged with a cursor, every chat exactly once', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await t.request(`/api/chats?limit=3${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: user.headers,
      })
      const body = await res.json()
      expect(body.data.chats.length).toBeLessThanOrEqual(3)
      seen.push(...body.data.chats.map((chat: { id: string }) => chat.id))
      cursor = body.data.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
    expect(seen.slice(1)).toEqual([...ids].reverse())
  })

  test('q filters titles case-insensitively, with % taken literally', async () => {
    const byWord = await (await t.request('/api/chats?q=review', { headers: user.headers })).json()
    expect(byWord.data.chats.map((chat: { title: string }) => chat.title)).toEqual(['Budget REVIEW 100%'])
    const byPercent = await (await t.request('/api/chats?q=0%25', { headers: user.headers })).json()
    expect(byPercent.data.chats).toHaveLength(1)
    const none = await (await t.request('/api/chats?q=zzz', { headers: user.headers })).json()
    expect(none.data).toEqual({ chats: [], nextCursor: null })
  })

  test('another user’s chats are never listed', async () => {
    const body = await (await t.request('/api/chats?limit=200', { headers: bob.headers })).json()
    expect(body.data.chats.every((chat: { user_id: string }) => chat.user_id === bob.id)).toBe(true)
  })

  test('a malformed cursor is a 400, not a 500', async () => {
    const res = await t.request('/api/chats?cursor=garbage', { headers: user.headers })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Invalid cursor')
  })

  test('limit above 200 is refused', async () => {
    expect((await t.request('/api/chats?limit=500', { headers: user.headers })).status).toBe(400)
  })
})

describe('renaming and deleting', () => {
  test('rename updates the title and pushes chat:updated', async () => {
    const chat = await createChat(alice)
    const res = await t.request(`/api/chats/${chat.id}`, json(alice, 'PATCH', { title: 'Renamed' }))
    expect(res.status).toBe(200)
    expect((await res.json()).data.title).toBe('Renamed')
    expect(t.events.at(-1)).toMatchObject({
      event: 'chat:updated',
      payload: { chat: { id: chat.id, title: 'Renamed' } },
    })
  })

  test('a blank title is refused', async () => {
    const chat = await createChat(alice)
    const res = await t.request(`/api/chats/${chat.id}`, json(alice, 'PATCH', { title: '   ' }))
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Chat title cannot be empty')
  })

  test('a title over 200 characters is refused', async () => {
    const chat = await createChat(alice)
    const res = await t.request(`/api/chats/${chat.id}`, json(alice, 'PATCH', { title: 'x'.repeat(201) }))
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Chat title must be 200 characters or less')
  })

  test('delete removes the chat and pushes chat:deleted', async () => {
    const chat = await createChat(alice)
    expect((await t.request(`/api/chats/${chat.id}`, json(alice, 'DELETE'))).status).toBe(200)
    expect(t.events.at(-1)).toEqual({
      room: `user:${alice.id}`,
      event: 'chat:deleted',
      payload: { chatId: chat.id },
    })
    const again = await t.request(`/api/chats/${chat.id}`, json(alice, 'DELETE'))
    expect(again.status).toBe(404)
  })
})

describe('another user’s chat is not found on every route', () => {
  let chatId: string
  beforeAll(async () => {
    chatId = (await createChat(alice, 'Private')).id
  })

  test.each([
    ['PATCH', '', { title: 'Mine now' }],
    ['DELETE', '', undefined],
    ['GET', '/messages', undefined],
    ['POST', '/messages', { content: 'hello' }],
    ['POST', '/stop', undefined],
    ['POST', '/regenerate', undefined],
    ['GET', '/config', undefined],
    ['PATCH', '/config', { temperature: 1 }],
    ['DELETE', '/config', undefined],
  ])('%s /api/chats/:id%s → 404', async (method, suffix, body) => {
    const res = await t.request(`/api/chats/${chatId}${suffix}`, json(bob, method, body))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, error: 'Chat not found', code: 'not_found:chat' })
  })

  test('POST /api/chat with another user’s chat as sessionId → 404', async () => {
    const res = await t.request('/api/chat', json(bob, 'POST', { message: 'hi', sessionId: chatId }))
    expect(res.status).toBe(404)
  })

  test('an id that is not a uuid is a 404 too', async () => {
    const res = await t.request('/api/chats/not-a-uuid/config', { headers: alice.headers })
    expect(res.status).toBe(404)
  })

  test('the chat is untouched', async () => {
    const body = await (await t.request('/api/chats?q=Private', { headers: alice.headers })).json()
    expect(body.data.chats).toHaveLength(1)
  })
})

describe('chat config', () => {
  let chatId: string
  beforeAll(async () => {
    chatId = (await createChat(alice)).id
  })

  test('a chat that never saved settings reads the spec defaults, snake_case', async () => {
    const body = await (await t.request(`/api/chats/${chatId}/config`, { headers: alice.headers })).json()
    expect(body).toEqual({
      success: true,
      data: {
        system_prompt: null,
        temperature: 0.7,
        max_tokens: 2048,
        top_p: 1,
        frequency_penalty: 0,
        presence_penalty: 0,
        response_format: 'text',
        web_search_enabled: false,
      },
    })
  })

  test('PATCH saves the given fields and keeps the others', async () => {
    const res = await t.request(
      `/api/chats/${chatId}/config`,
      json(alice, 'PATCH', { system_prompt: 'Be brief.', temperature: 1.3, response_format: 'markdown' }),
    )
    expect(res.status).toBe(200)
    const read = await (await t.request(`/api/chats/${chatId}/config`, { headers: alice.headers })).json()
    expect(read.data).toEqual({
      ...CHAT_CONFIG_DEFAULTS,
      system_prompt: 'Be brief.',
      temperature: 1.3,
      response_format: 'markdown',
    })
    await t.request(`/api/chats/${chatId}/config`, json(alice, 'PATCH', { max_tokens: 512 }))
    const again = await (await t.request(`/api/chats/${chatId}/config`, { headers: alice.headers })).json()
    expect(again.data).toMatchObject({ system_prompt: 'Be brief.', max_tokens: 512, temperature: 1.3 })
  })

  test('an empty system prompt is stored as null', async () => {
    await t.request(`/api/chats/${chatId}/config`, json(alice, 'PATCH', { system_prompt: '   ' }))
    const read = await (await t.request(`/api/chats/${chatId}/config`, { headers: alice.headers })).json()
    expect(read.data.system_prompt).toBeNull()
  })

  test('the range edges are accepted', async () => {
    const res = await t.request(
      `/api/chats/${chatId}/config`,
      json(alice, 'PATCH', {
        temperature: 2,
        max_tokens: 128000,
        top_p: 0,
        frequency_penalty: -2,
        presence_penalty: 2,
      }),
    )
    expect(res.status).toBe(200)
  })

  test.each([
    [{ temperature: 2.1 }, 'temperature must be between 0 and 2'],
    [{ temperature: -0.1 }, 'temperature must be between 0 and 2'],
    [{ max_tokens: 0 }, 'max_tokens must be a whole number between 1 and 128000'],
    [{ max_tokens: 128001 }, 'max_tokens must be a whole number between 1 and 128000'],
    [{ max_tokens: 10.5 }, 'max_tokens must be a whole number between 1 and 128000'],
    [{ top_p: 1.01 }, 'top_p must be between 0 and 1'],
    [{ frequency_penalty: -2.5 }, 'frequency_penalty must be between -2 and 2'],
    [{ presence_penalty: 3 }, 'presence_penalty must be between -2 and 2'],
    [{ response_format: 'xml' }, 'response_format must be text, json or markdown'],
  ])('%p is refused with "%s"', async (patch, message) => {
    const res = await t.request(`/api/chats/${chatId}/config`, json(alice, 'PATCH', patch))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ success: false, error: message })
  })

  test('web search cannot be enabled when SEARXNG_URL is not set', async () => {
    const res = await t.request(
      `/api/chats/${chatId}/config`,
      json(alice, 'PATCH', { web_search_enabled: true }),
    )
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Web search is not configured on this server')
    const caps = await (await t.request('/api/capabilities', { headers: alice.headers })).json()
    expect(caps.data).toEqual({ webSearch: false })
  })

  test('DELETE resets to the defaults', async () => {
    const res = await t.request(`/api/chats/${chatId}/config`, json(alice, 'DELETE'))
    expect(res.status).toBe(200)
    const read = await (await t.request(`/api/chats/${chatId}/config`, { headers: alice.headers })).json()
    expect(read.data).toEqual(CHAT_CONFIG_DEFAULTS)
  })
})

describe('chat config with web search configured', () => {
  let withSearch: TestApp
  const searxng = startFakeSearxng()
  beforeAll(async () => {
    withSearch = await startApp({ SEARXNG_URL: searxng.url })
  }, 60_000)
  afterAll(async () => {
    await withSearch.close()
    await searxng.close()
  })

  test('web_search_enabled can be turned on and capabilities say so', async () => {
    const user = await withSearch.createUser()
    const created = await withSearch.request('/api/chats', json(user, 'POST', {}))
    const chatId = (await created.json()).data.id
    const res = await withSearch.request(
      `/api/chats/${chatId}/config`,
      json(user, 'PATCH', { web_search_enabled: true }),
    )
    expect(res.status).toBe(200)
    expect((await res.json()).data.web_search_enabled).toBe(true)
    const caps = await (await withSearch.request('/api/capabilities', { headers: user.headers })).json()
    expect(caps.data).toEqual({ webSearch: true })
  })
})
