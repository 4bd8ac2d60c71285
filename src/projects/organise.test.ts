import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions, waitForOutcome } from '../test/messages'

/** Pins, archive, projects and bulk actions (issue 28 points 3–5, decision 162). */
const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_MODELS: 'fake-model' })
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

const newChat = async (user: TestUser, title: string) => {
  const { data, status } = await t.as(user).api.chats.post({ title })
  expect(status).toBe(201)
  return data!.data
}
const list = async (user: TestUser, query: Record<string, string | number> = {}) => {
  const response = await t.request(`/api/chats?${new URLSearchParams(query as Record<string, string>)}`, {
    headers: user.headers,
  })
  expect(response.status).toBe(200)
  return (
    (await response.json()) as {
      data: {
        chats: { id: string; title: string; pinned: boolean; archived: boolean }[]
        nextCursor: string | null
      }
    }
  ).data
}
const patch = (user: TestUser, id: string, body: unknown) =>
  t.request(`/api/chats/${id}`, {
    method: 'PATCH',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const post = (user: TestUser, path: string, body: unknown) =>
  t.request(path, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('pins and archive', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
  })

  test('a pinned chat leads the list, and paging still lists every chat once', async () => {
    const made: string[] = []
    for (let index = 0; index < 6; index += 1) made.push((await newChat(user, `Chat ${index}`)).id)
    expect((await patch(user, made[1]!, { pinned: true })).status).toBe(200)
    expect((await patch(user, made[3]!, { pinned: true })).status).toBe(200)
    const titles: string[] = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(user, {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      })
      titles.push(...page.chats.map((chat) => chat.title))
      cursor = page.nextCursor
    } while (cursor)
    expect(titles).toEqual(['Chat 3', 'Chat 1', 'Chat 5', 'Chat 4', 'Chat 2', 'Chat 0'])
    expect(t.events).toContainEqual({
      room: `user:${user.id}`,
      event: 'chat:updated',
      payload: { chat: expect.objectContaining({ id: made[3], pinned: true }) },
    })
  })

  test('an archived chat leaves the list, shows under archived=true, and comes back when restored', async () => {
    const chat = await newChat(user, 'Old plans')
    const archived = await (await patch(user, chat.id, { archived: true })).json()
    expect(archived.data).toMatchObject({ id: chat.id, archived: true })
    expect((await list(user)).chats.map((row) => row.id)).not.toContain(chat.id)
    expect((await list(user, { archived: 'true' })).chats.map((row) => row.id)).toEqual([chat.id])
    await patch(user, chat.id, { archived: false })
    expect((await list(user)).chats.map((row) => row.id)).toContain(chat.id)
    expect((await list(user, { archived: 'true' })).chats).toEqual([])
  })

  test('bad input is a 400 naming the field, an empty change too; never a 500', async () => {
    const chat = await newChat(user, 'Target')
    for (const body of [{ pinned: 'yes' }, { archived: 1 }, { project_id: 'nope' }, {}, { title: '   ' }]) {
      const response = await patch(user, chat.id, body)
      expect(response.status).toBe(400)
    }
    for (const query of ['archived=maybe', 'project=%00', `project=${'x'.repeat(40)}`, 'cursor=p.zzz']) {
      const response = await t.request(`/api/chats?${query}`, { headers: user.headers })
      expect(response.status).toBeLessThan(500)
    }
  })

  test('another person’s chat cannot be pinned or archived: 404, and it is unchanged', async () => {
    const theirs = await newChat(bob, 'Bob’s')
    expect((await patch(alice, theirs.id, { pinned: true })).status).toBe(404)
    expect((await patch(alice, theirs.id, { archived: true })).status).toBe(404)
    expect((await list(bob)).chats.find((chat) => chat.id === theirs.id)).toMatchObject({
      pinned: false,
      archived: false,
    })
  })
})

describe('projects', () => {
  test('created, listed with their chat count, renamed, and a chat moved in and out', async () => {
    const created = await post(alice, '/api/projects', {
      name: '  Launch  ',
      instructions: 'Answer in French.',
    })
    expect(created.status).toBe(201)
    const project = (await created.json()).data
    expect(project).toMatchObject({ name: 'Launch', instructions: 'Answer in French.', chat_count: 0 })
    const chat = await newChat(alice, 'Press release')
    expect((await (await patch(alice, chat.id, { project_id: project.id })).json()).data.project_id).toBe(
      project.id,
    )
    expect((await list(alice, { project: project.id })).chats.map((row) => row.id)).toEqual([chat.id])
    expect((await list(alice, { project: 'none' })).chats.map((row) => row.id)).not.toContain(chat.id)
    const listed = (await (await t.request('/api/projects', { headers: alice.headers })).json()).data.projects
    expect(listed).toContainEqual(expect.objectContaining({ id: project.id, chat_count: 1 }))
    await patch(alice, chat.id, { project_id: null })
    expect((await list(alice, { project: project.id })).chats).toEqual([])
  })

  test('a chat in a project sends the project’s instructions before its own system prompt', async () => {
    const project = (
      await (await post(alice, '/api/projects', { name: 'Voice', instructions: 'Be brief.' })).json()
    ).data
    const chat = await newChat(alice, 'Tone')
    await patch(alice, chat.id, { project_id: project.id })
    await t.as(alice).api.chats({ id: chat.id }).config.patch({ system_prompt: 'You are a copywriter.' })
    const assistantId = await chatActions(t, alice).sendOk(chat.id, 'Hello')
    await waitForOutcome(t, assistantId)
    const request = fake.completions().at(-1)!
    expect((request.body!.messages as unknown[])[0]).toEqual({
      role: 'system',
      content: 'Be brief.\n\nYou are a copywriter.',
    })
    // The chat's own settings still read as the person saved them.
    const config = await t.as(alice).api.chats({ id: chat.id }).config.get()
    expect(config.data!.data.system_prompt).toBe('You are a copywriter.')
  })

  test('deleting a project moves its chats out by default, or deletes them when asked', async () => {
    const keep = (await (await post(alice, '/api/projects', { name: 'Keep' })).json()).data
    const drop = (await (await post(alice, '/api/projects', { name: 'Drop' })).json()).data
    const kept = await newChat(alice, 'Kept chat')
    const dropped = await newChat(alice, 'Dropped chat')
    await patch(alice, kept.id, { project_id: keep.id })
    await patch(alice, dropped.id, { project_id: drop.id })
    const out = await t.request(`/api/projects/${keep.id}`, { method: 'DELETE', headers: alice.headers })
    expect((await out.json()).data).toEqual({ chatIds: [kept.id], chatsDeleted: false })
    expect((await list(alice, { project: 'none' })).chats.map((row) => row.id)).toContain(kept.id)
    const gone = await t.request(`/api/projects/${drop.id}?chats=delete`, {
      method: 'DELETE',
      headers: alice.headers,
    })
    expect((await gone.json()).data).toEqual({ chatIds: [dropped.id], chatsDeleted: true })
    expect((await t.request(`/api/chats/${dropped.id}/messages`, { headers: alice.headers })).status).toBe(
      404,
    )
    expect(t.events).toContainEqual({
      room: `user:${alice.id}`,
      event: 'chat:deleted',
      payload: { chatId: dropped.id },
    })
  })

  test('another person’s project is 404 everywhere: read, change, delete, move into, list', async () => {
    const theirs = (await (await post(bob, '/api/projects', { name: 'Bob’s project' })).json()).data
    const mine = await newChat(alice, 'Mine')
    expect((await t.request(`/api/projects/${theirs.id}`, { headers: alice.headers })).status).toBe(404)
    const rename = await t.request(`/api/projects/${theirs.id}`, {
      method: 'PATCH',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Taken' }),
    })
    expect(rename.status).toBe(404)
    expect(
      (await t.request(`/api/projects/${theirs.id}`, { method: 'DELETE', headers: alice.headers })).status,
    ).toBe(404)
    expect((await patch(alice, mine.id, { project_id: theirs.id })).status).toBe(404)
    expect(
      (await post(alice, '/api/chats/bulk', { ids: [mine.id], action: 'move', projectId: theirs.id })).status,
    ).toBe(404)
    expect((await list(alice, { project: theirs.id })).chats).toEqual([])
    expect(
      (await (await t.request(`/api/projects/${theirs.id}`, { headers: bob.headers })).json()).data.name,
    ).toBe('Bob’s project')
  })

  test('names are 1 to 100 characters and instructions at most 20000: 400 otherwise', async () => {
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'ok', instructions: 'x'.repeat(20_001) },
      { name: 7 },
    ])
      expect((await post(alice, '/api/projects', body)).status).toBe(400)
    expect((await t.request('/api/projects/not-a-uuid', { headers: alice.headers })).status).toBe(404)
  })
})

describe('bulk actions', () => {
  test('archive, restore, move and delete many at once; foreign and unknown ids are refused and untouched', async () => {
    const user = await t.createUser()
    const mine = [await newChat(user, 'One'), await newChat(user, 'Two'), await newChat(user, 'Three')]
    const theirs = await newChat(bob, 'Not yours')
    const ids = [...mine.map((chat) => chat.id), theirs.id, '00000000-0000-4000-8000-000000000000', 'junk']
    const archived = (await (await post(user, '/api/chats/bulk', { ids, action: 'archive' })).json()).data
    expect(archived.done.sort()).toEqual(mine.map((chat) => chat.id).sort())
    expect(archived.refused).toEqual([theirs.id, '00000000-0000-4000-8000-000000000000', 'junk'])
    expect((await list(user)).chats).toEqual([])
    expect((await list(bob)).chats.find((chat) => chat.id === theirs.id)?.archived).toBe(false)

    await post(user, '/api/chats/bulk', { ids, action: 'unarchive' })
    expect((await list(user)).chats).toHaveLength(3)

    const project = (await (await post(user, '/api/projects', { name: 'Bin' })).json()).data
    const moved = (
      await (await post(user, '/api/chats/bulk', { ids, action: 'move', projectId: project.id })).json()
    ).data
    expect(moved.done).toHaveLength(3)
    expect((await list(user, { project: project.id })).chats).toHaveLength(3)

    const deleted = (await (await post(user, '/api/chats/bulk', { ids, action: 'delete' })).json()).data
    expect(deleted.done).toHaveLength(3)
    expect(deleted.refused).toContain(theirs.id)
    expect((await list(user)).chats).toEqual([])
    expect((await list(bob)).chats.map((chat) => chat.id)).toContain(theirs.id)
  })

  test('malformed bulk bodies are 400s', async () => {
    for (const body of [
      { ids: [], action: 'delete' },
      { ids: ['a'], action: 'explode' },
      { ids: 'a', action: 'delete' },
      { ids: Array.from({ length: 501 }, () => 'a'), action: 'delete' },
      { ids: ['a'], action: 'move' },
    ])
      expect((await post(alice, '/api/chats/bulk', body)).status).toBe(400)
  })
})
