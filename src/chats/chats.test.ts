import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startFakeSearxng } from '../test/fakes/searxng-server'
import { outcome, startApp, type TestApp } from '../test/harness'
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
const createChat = async (user: User, title?: string) => {
  const { data, status } = await t.as(user).api.chats.post(title === undefined ? {} : { title })
  expect(status).toBe(201)
  return data!.data
}
const chatsOf = async (user: User, query: { cursor?: string; limit?: number; q?: string }) =>
  (await t.as(user).api.chats.get({ query })).data!.data

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
    expect(outcome(await t.api.api.chats.post({}))).toEqual({
      status: 401,
      body: { success: false, error: 'No active session', code: 'unauthorized' },
    })
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
      const page = await chatsOf(user, cursor ? { limit: 3, cursor } : { limit: 3 })
      expect(page.chats.length).toBeLessThanOrEqual(3)
      seen.push(...page.chats.map((chat) => chat.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
    expect(seen.slice(1)).toEqual([...ids].reverse())
  })

  test('q filters titles case-insensitively, with % taken literally', async () => {
    const byWord = await chatsOf(user, { q: 'review' })
    expect(byWord.chats.map((chat) => chat.title)).toEqual(['Budget REVIEW 100%'])
    expect((await chatsOf(user, { q: '0%' })).chats).toHaveLength(1)
    expect(await chatsOf(user, { q: 'zzz' })).toEqual({ chats: [], nextCursor: null })
  })

  test('another user’s chats are never listed', async () => {
    const { chats } = await chatsOf(bob, { limit: 200 })
    expect(chats.every((chat) => chat.user_id === bob.id)).toBe(true)
  })

  test('a malformed cursor is a 400, not a 500', async () => {
    const res = await t.as(user).api.chats.get({ query: { cursor: 'garbage' } })
    expect(outcome(res)).toMatchObject({ status: 400, body: { success: false, error: 'Invalid cursor' } })
  })

  test('limit above 200 is refused', async () => {
    expect((await t.as(user).api.chats.get({ query: { limit: 500 } })).status).toBe(400)
  })
})

describe('renaming and deleting', () => {
  test('rename updates the title and pushes chat:updated', async () => {
    const chat = await createChat(alice)
    const { data, status } = await t.as(alice).api.chats({ id: chat.id }).patch({ title: 'Renamed' })
    expect(status).toBe(200)
    expect(data!.data.title).toBe('Renamed')
    expect(t.events.at(-1)).toMatchObject({
      event: 'chat:updated',
      payload: { chat: { id: chat.id, title: 'Renamed' } },
    })
  })

  test('a blank title is refused', async () => {
    const chat = await createChat(alice)
    const res = await t.as(alice).api.chats({ id: chat.id }).patch({ title: '   ' })
    expect(outcome(res)).toMatchObject({
      status: 400,
      body: { success: false, error: 'Chat title cannot be empty' },
    })
  })

  test('a title over 200 characters is refused', async () => {
    const chat = await createChat(alice)
    const res = await t
      .as(alice)
      .api.chats({ id: chat.id })
      .patch({ title: 'x'.repeat(201) })
    expect(outcome(res)).toMatchObject({
      status: 400,
      body: { success: false, error: 'Chat title must be 200 characters or less' },
    })
  })

  test('delete removes the chat and pushes chat:deleted', async () => {
    const chat = await createChat(alice)
    expect((await t.as(alice).api.chats({ id: chat.id }).delete()).status).toBe(200)
    expect(t.events.at(-1)).toEqual({
      room: `user:${alice.id}`,
      event: 'chat:deleted',
      payload: { chatId: chat.id },
    })
    expect((await t.as(alice).api.chats({ id: chat.id }).delete()).status).toBe(404)
  })
})

describe('another user’s chat is not found on every route', () => {
  let chatId: string
  beforeAll(async () => {
    chatId = (await createChat(alice, 'Private')).id
  })

  const chat = () => t.as(bob).api.chats({ id: chatId })
  test.each([
    ['PATCH /api/chats/:id', () => chat().patch({ title: 'Mine now' })],
    ['DELETE /api/chats/:id', () => chat().delete()],
    ['GET /api/chats/:id/messages', () => chat().messages.get()],
    ['POST /api/chats/:id/messages', () => chat().messages.post({ content: 'hello' })],
    ['POST /api/chats/:id/stop', () => chat().stop.post()],
    ['POST /api/chats/:id/regenerate', () => chat().regenerate.post()],
    ['GET /api/chats/:id/config', () => chat().config.get()],
    ['PATCH /api/chats/:id/config', () => chat().config.patch({ temperature: 1 })],
    ['DELETE /api/chats/:id/config', () => chat().config.delete()],
  ] as const)('%s → 404', async (_route, call) => {
    expect(outcome(await call())).toEqual({
      status: 404,
      body: { success: false, error: 'Chat not found', code: 'not_found:chat' },
    })
  })

  test('POST /api/chat with another user’s chat as sessionId → 404', async () => {
    expect((await t.as(bob).api.chat.post({ message: 'hi', sessionId: chatId })).status).toBe(404)
  })

  test('an id that is not a uuid is a 404 too', async () => {
    expect((await t.as(alice).api.chats({ id: 'not-a-uuid' }).config.get()).status).toBe(404)
  })

  test('the chat is untouched', async () => {
    expect((await chatsOf(alice, { q: 'Private' })).chats).toHaveLength(1)
  })
})

describe('chat config', () => {
  let chatId: string
  beforeAll(async () => {
    chatId = (await createChat(alice)).id
  })

  const config = () => t.as(alice).api.chats({ id: chatId }).config
  const saved = async () => (await config().get()).data!.data

  test('a chat that never saved settings reads the spec defaults, snake_case', async () => {
    expect((await config().get()).data).toEqual({
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
        tools: [],
      },
    })
  })

  test('PATCH saves the given fields and keeps the others', async () => {
    const res = await config().patch({
      system_prompt: 'Be brief.',
      temperature: 1.3,
      response_format: 'markdown',
    })
    expect(res.status).toBe(200)
    expect(await saved()).toEqual({
      ...CHAT_CONFIG_DEFAULTS,
      system_prompt: 'Be brief.',
      temperature: 1.3,
      response_format: 'markdown',
    })
    await config().patch({ max_tokens: 512 })
    expect(await saved()).toMatchObject({ system_prompt: 'Be brief.', max_tokens: 512, temperature: 1.3 })
  })

  test('an empty system prompt is stored as null', async () => {
    await config().patch({ system_prompt: '   ' })
    expect((await saved()).system_prompt).toBeNull()
  })

  test('the range edges are accepted', async () => {
    const res = await config().patch({
      temperature: 2,
      max_tokens: 128000,
      top_p: 0,
      frequency_penalty: -2,
      presence_penalty: 2,
    })
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
    // Out of range on purpose: the type the client checks would refuse some of these values.
    const res = await config().patch(patch as Parameters<ReturnType<typeof config>['patch']>[0])
    expect(outcome(res)).toMatchObject({ status: 400, body: { success: false, error: message } })
  })

  test('web search cannot be enabled when SEARXNG_URL is not set', async () => {
    const res = await config().patch({ web_search_enabled: true })
    expect(outcome(res)).toMatchObject({
      status: 400,
      body: { success: false, error: 'Web search is not configured on this server' },
    })
    expect((await t.as(alice).api.capabilities.get()).data?.data).toMatchObject({ webSearch: false })
  })

  test('DELETE resets to the defaults', async () => {
    expect((await config().delete()).status).toBe(200)
    expect(await saved()).toEqual(CHAT_CONFIG_DEFAULTS)
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
    const api = withSearch.as(user).api
    const chatId = (await api.chats.post({})).data!.data.id
    const { data, status } = await api.chats({ id: chatId }).config.patch({ web_search_enabled: true })
    expect(status).toBe(200)
    expect(data!.data.web_search_enabled).toBe(true)
    expect((await api.capabilities.get()).data?.data).toMatchObject({ webSearch: true })
  })
})
