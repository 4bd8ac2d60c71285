import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { groupMembers, usageRecords } from '../../db/schema'
import { dollarsToMicros } from '../budget/money'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { outcome, startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions, waitForOutcome } from '../test/messages'
import { foldPolicy, mostGenerous } from './policy'

// What a person's groups change for them (issue 29): models, agents, budgets, sharing.

const NOW = new Date('2026-03-15T12:00:00.000Z')
const fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
let t: TestApp
let admin: TestUser

// biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, read loosely by the test
type Loose = Record<string, any>
const json = (user: TestUser, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...user.headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})
async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await t.request(path, json(user, method, body))
  return { status: res.status, body: (await res.json()) as Loose }
}
async function group(body: Record<string, unknown>, members: TestUser[] = []): Promise<string> {
  const res = await call(admin, 'POST', '/api/admin/groups', { name: crypto.randomUUID(), ...body })
  expect(res.status).toBe(201)
  const id = res.body.data.group.id as string
  for (const member of members)
    expect((await call(admin, 'PUT', `/api/admin/groups/${id}/members/${member.id}`, undefined)).status).toBe(
      200,
    )
  return id
}
const patchGroup = (id: string, body: Record<string, unknown>) =>
  call(admin, 'PATCH', `/api/admin/groups/${id}`, body)
const modelIds = async (user: TestUser) =>
  ((await t.as(user).api.models.get()).data!.data as { id: string }[]).map((model) => model.id).sort()

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    MODEL_PRICES: 'fake-model=1000/1000,fake-model-large=1000/1000',
    BUDGET_DAILY_LIMIT: '10',
    BUDGET_MONTHLY_LIMIT: '50',
    BUDGET_ENFORCE: 'true',
  })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  expect((await t.as(admin).api.models.get()).status).toBe(200)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  t.ctx.now = () => NOW
  fake.setScript({})
})

describe('folding a person’s groups', () => {
  test('most generous limit: 0 beats any amount, else the largest; null takes no part', () => {
    expect(mostGenerous([])).toBeNull()
    expect(mostGenerous([null, null])).toBeNull()
    expect(mostGenerous([5, null, 20])).toBe(20)
    expect(mostGenerous([5, 0, 20])).toBe(0)
  })

  test('lists: no group or a null list allows all; else the union', () => {
    const row = (models: string[] | null, agents: string[] | null = null) => ({
      id: crypto.randomUUID(),
      models,
      agents,
      dailyLimitMicros: null,
      monthlyLimitMicros: null,
    })
    expect(foldPolicy([]).models).toBeNull()
    expect(foldPolicy([row(['a']), row(null)]).models).toBeNull()
    expect([...foldPolicy([row(['a']), row(['b', 'a'])]).models!].sort()).toEqual(['a', 'b'])
    expect(foldPolicy([row([], ['rag'])]).models!.size).toBe(0)
    expect([...foldPolicy([row(null, ['rag'])]).agents!]).toEqual(['rag'])
  })
})

describe('models', () => {
  test('GET /api/models: everything in no group; one narrowing group: its list; with a null group: all; several: the union', async () => {
    const user = await t.createUser()
    expect(await modelIds(user)).toEqual(['fake-model', 'fake-model-large'])
    const small = await group({ models: ['fake-model'] }, [user])
    expect(await modelIds(user)).toEqual(['fake-model'])
    const large = await group({ models: ['fake-model-large'] }, [user])
    expect(await modelIds(user)).toEqual(['fake-model', 'fake-model-large'])
    await patchGroup(large, { models: [] })
    expect(await modelIds(user)).toEqual(['fake-model'])
    await group({ models: null }, [user])
    expect(await modelIds(user)).toEqual(['fake-model', 'fake-model-large'])
    // Admins are narrowed too.
    await call(admin, 'PUT', `/api/admin/groups/${small}/members/${admin.id}`)
    expect(await modelIds(admin)).toEqual(['fake-model'])
    await call(admin, 'DELETE', `/api/admin/groups/${small}/members/${admin.id}`)
    expect(await modelIds(admin)).toEqual(['fake-model', 'fake-model-large'])
  })

  test('a send, a regenerate or a preferred model with a refused model: 403 forbidden:model_not_allowed, nothing stored', async () => {
    const user = await t.createUser()
    await group({ models: ['fake-model'] }, [user])
    const chats = chatActions(t, user)
    const chatId = await chats.createChat('Narrowed')
    const calls = fake.completions().length
    const refused = await chats.send(chatId, { content: 'Hello', modelId: 'fake-model-large' })
    expect(outcome(refused)).toMatchObject({
      status: 403,
      body: { code: 'forbidden:model_not_allowed', error: 'Your groups do not allow this model' },
    })
    expect((await chats.messages(chatId)).messages).toHaveLength(0)
    expect(fake.completions().length).toBe(calls)

    const messageId = await chats.sendOk(chatId, 'Hello', { modelId: 'fake-model' })
    await waitForOutcome(t, messageId)
    const again = await call(user, 'POST', `/api/chats/${chatId}/regenerate`, { modelId: 'fake-model-large' })
    expect({ status: again.status, code: again.body.code }).toEqual({
      status: 403,
      code: 'forbidden:model_not_allowed',
    })
    expect((await chats.messages(chatId)).messages).toHaveLength(2)

    const preferred = await call(user, 'PUT', '/api/models/preferred', { modelId: 'fake-model-large' })
    expect({ status: preferred.status, code: preferred.body.code }).toEqual({
      status: 403,
      code: 'forbidden:model_not_allowed',
    })
  })

  test('a send without a model takes one the groups allow, even when the organisation’s default is not', async () => {
    const user = await t.createUser()
    expect((await call(admin, 'PUT', '/api/admin/models/default', { modelId: 'fake-model' })).status).toBe(
      200,
    )
    await group({ models: ['fake-model-large'] }, [user])
    expect((await call(user, 'GET', '/api/models/preferred')).body.data.id).toBe('fake-model-large')
    const chats = chatActions(t, user)
    const chatId = await chats.createChat()
    const messageId = await chats.sendOk(chatId, 'Hello')
    const done = await waitForOutcome(t, messageId)
    expect(done.event).toBe('message:completed')
    expect((done.payload as Loose).message.modelId ?? (done.payload as Loose).message.model_id).toBe(
      'fake-model-large',
    )
    await call(admin, 'PUT', '/api/admin/models/default', { modelId: null })
  })

  test('groups that allow no model at all: a send is refused with the same 403', async () => {
    const user = await t.createUser()
    await group({ models: [] }, [user])
    expect(await modelIds(user)).toEqual([])
    const chats = chatActions(t, user)
    const chatId = await chats.createChat()
    expect(outcome(await chats.send(chatId, { content: 'Hi' }))).toMatchObject({
      status: 403,
      body: { code: 'forbidden:model_not_allowed' },
    })
  })
})

describe('agents', () => {
  test('the agents list is narrowed, and a send with a refused agent is 403 forbidden:agent_not_allowed, nothing stored', async () => {
    const user = await t.createUser()
    const ids = async () =>
      ((await call(user, 'GET', '/api/agents')).body.data.items as Loose[]).map((a) => a.id)
    expect(await ids()).toEqual(['rag', 'jokes', 'calendar'])
    const only = await group({ agents: ['rag'] }, [user])
    expect(await ids()).toEqual(['rag'])
    // Enabled for the person, still refused by their groups.
    expect((await call(user, 'PUT', '/api/agents/jokes/settings', { enabled: true })).status).toBe(200)
    const chats = chatActions(t, user)
    const chatId = await chats.createChat()
    const refused = await chats.send(chatId, { content: 'A joke', agentId: 'jokes' })
    expect(outcome(refused)).toMatchObject({
      status: 403,
      body: { code: 'forbidden:agent_not_allowed', error: 'Your groups do not allow this agent' },
    })
    expect((await chats.messages(chatId)).messages).toHaveLength(0)
    // No agent chosen is never refused.
    await waitForOutcome(t, await chats.sendOk(chatId, 'Plain'))
    await patchGroup(only, { agents: null })
    expect(await ids()).toEqual(['rag', 'jokes', 'calendar'])
    await waitForOutcome(t, await chats.sendOk(chatId, 'A joke', { agentId: 'jokes' }))
  })
})

describe('budgets', () => {
  const budgetOf = async (user: TestUser) => (await t.as(user).api.tokens.budget.get()).data!.data
  const adminView = async (user: TestUser) =>
    (await call(admin, 'GET', `/api/admin/budgets/users/${user.id}`)).body.data as Loose

  test('override > the most generous group > organisation > environment, field by field', async () => {
    const user = await t.createUser()
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 10, monthlyLimit: 50 })
    const five = await group({ dailyLimit: 5 }, [user])
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 5, monthlyLimit: 50 })
    expect((await adminView(user)).effective).toMatchObject({
      dailyLimit: 5,
      monthlyLimit: 50,
      sources: { dailyLimit: 'group', monthlyLimit: 'environment' },
    })
    await group({ dailyLimit: 20, monthlyLimit: null }, [user])
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 20, monthlyLimit: 50 })
    await patchGroup(five, { dailyLimit: 0 })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 0 })
    expect((await adminView(user)).effective).toMatchObject({
      dailyLimit: null,
      sources: { dailyLimit: 'group' },
    })
    // The organisation's own setting comes after the groups'.
    await call(admin, 'PUT', '/api/admin/budgets', { dailyLimit: 100, monthlyLimit: 70 })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 0, monthlyLimit: 70 })
    // A person's override beats their groups.
    await call(admin, 'PUT', `/api/admin/budgets/users/${user.id}`, { dailyLimit: 3 })
    expect(await budgetOf(user)).toMatchObject({ dailyLimit: 3, monthlyLimit: 70 })
    expect((await adminView(user)).effective.sources).toMatchObject({
      dailyLimit: 'user',
      monthlyLimit: 'organisation',
    })
    await call(admin, 'PUT', '/api/admin/budgets', { dailyLimit: null, monthlyLimit: null })
  })

  test('enforcement uses the group’s limit: a send over it is refused 429, nothing stored; the banner is pushed on a change', async () => {
    const user = await t.createUser()
    await t.ctx.db.insert(usageRecords).values({
      userId: user.id,
      modelId: 'fake-model',
      promptTokens: 1,
      completionTokens: 1,
      costMicros: dollarsToMicros(2),
      createdAt: NOW,
    })
    const chats = chatActions(t, user)
    const chatId = await chats.createChat()
    await waitForOutcome(t, await chats.sendOk(chatId, 'Under the environment’s $10'))
    const before = t.events.length
    const tight = await group({ dailyLimit: 1 }, [user])
    const refused = await chats.send(chatId, { content: 'Over the group’s $1' })
    expect(outcome(refused)).toMatchObject({ status: 429, body: { code: 'rate_limited:budget' } })
    expect((await chats.messages(chatId)).messages).toHaveLength(2)
    const pushed = () =>
      t.events
        .slice(before)
        .filter((event) => event.room === `user:${user.id}` && event.event === 'budget:updated')
    await waitForPush(() => pushed().length > 0)
    expect(pushed().at(-1)!.payload).toMatchObject({ dailyLimit: 1 })
    await patchGroup(tight, { dailyLimit: null })
    await waitForOutcome(t, await chats.sendOk(chatId, 'Back under $10'))
  })
})

async function waitForPush(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(done()).toBe(true)
}

describe('sharing with groups', () => {
  let owner: TestUser
  let member: TestUser
  let outsider: TestUser
  let shared: string
  let foreign: string
  beforeAll(async () => {
    owner = await t.createUser({ email: 'owner@example.com' })
    member = await t.createUser({ email: 'member@example.com' })
    outsider = await t.createUser({ email: 'outsider@example.com' })
    shared = await group({ name: 'Readers' }, [owner, member])
    foreign = await group({ name: 'Elsewhere' }, [outsider])
  })

  test('GET /api/groups: a person’s own groups; an administrator’s: all', async () => {
    const names = async (user: TestUser) =>
      ((await call(user, 'GET', '/api/groups')).body.data.groups as Loose[]).map((g) => g.name)
    expect(await names(owner)).toEqual(['Readers'])
    expect(await names(outsider)).toEqual(['Elsewhere'])
    expect(await names(admin)).toEqual(expect.arrayContaining(['Readers', 'Elsewhere']))
    expect((await t.request('/api/groups')).status).toBe(401)
  })

  for (const kind of ['prompts', 'knowledge'] as const) {
    const body =
      kind === 'prompts'
        ? { title: 'Team prompt', prompt_text: 'Do the thing' }
        : { title: 'Team note', content: 'The thing is done like this' }

    test(`${kind}: shared with a group, read by its members (read-only), not by others`, async () => {
      const created = await call(owner, 'POST', `/api/${kind}`, { ...body, sharedGroupIds: [shared, shared] })
      expect(created.status).toBe(201)
      const id = created.body.data.id as string
      expect(created.body.data.sharedGroupIds).toEqual([shared])

      const read = await call(member, 'GET', `/api/${kind}/${id}`)
      expect(read.status).toBe(200)
      expect(read.body.data).toMatchObject({ is_owner: false, sharedGroupIds: [shared] })
      const listed = (await call(member, 'GET', `/api/${kind}`)).body.data.items as Loose[]
      expect(listed.map((item) => item.id)).toContain(id)
      const edit = await call(member, 'PATCH', `/api/${kind}/${id}`, { title: 'Mine now' })
      expect(edit.status).toBeGreaterThanOrEqual(403)
      expect(edit.status).toBeLessThan(500)

      expect((await call(outsider, 'GET', `/api/${kind}/${id}`)).status).toBe(404)
      const outsiderList = (await call(outsider, 'GET', `/api/${kind}`)).body.data.items as Loose[]
      expect(outsiderList.map((item) => item.id)).not.toContain(id)

      // Leaving the group ends the access.
      await call(admin, 'DELETE', `/api/admin/groups/${shared}/members/${member.id}`)
      expect((await call(member, 'GET', `/api/${kind}/${id}`)).status).toBe(404)
      await call(admin, 'PUT', `/api/admin/groups/${shared}/members/${member.id}`)

      // Unsharing too.
      const unshared = await call(owner, 'PATCH', `/api/${kind}/${id}`, { sharedGroupIds: [] })
      expect(unshared.body.data.sharedGroupIds).toEqual([])
      expect((await call(member, 'GET', `/api/${kind}/${id}`)).status).toBe(404)
    })

    test(`${kind}: sharing with a group one is not in, an unknown or a malformed id: 400 bad_request:group, nothing stored`, async () => {
      for (const ids of [[foreign], [crypto.randomUUID()], ['nope'], [shared, foreign]]) {
        const res = await call(owner, 'POST', `/api/${kind}`, {
          ...body,
          title: 'Refused',
          sharedGroupIds: ids,
        })
        expect({ ids, status: res.status, code: res.body.code, error: res.body.error }).toEqual({
          ids,
          status: 400,
          code: 'bad_request:group',
          error: 'Unknown group',
        })
      }
      const mine = (await call(owner, 'GET', `/api/${kind}`)).body.data.items as Loose[]
      expect(mine.filter((item) => item.title === 'Refused')).toEqual([])
      const created = await call(owner, 'POST', `/api/${kind}`, body)
      const update = await call(owner, 'PATCH', `/api/${kind}/${created.body.data.id}`, {
        sharedGroupIds: [foreign],
      })
      expect({ status: update.status, code: update.body.code }).toEqual({
        status: 400,
        code: 'bad_request:group',
      })
      const bad = await call(owner, 'PATCH', `/api/${kind}/${created.body.data.id}`, { sharedGroupIds: 'x' })
      expect(bad.status).toBe(400)
      // An administrator may share with any group.
      const byAdmin = await call(admin, 'POST', `/api/${kind}`, { ...body, sharedGroupIds: [foreign] })
      expect(byAdmin.status).toBe(201)
      expect((await call(outsider, 'GET', `/api/${kind}/${byAdmin.body.data.id}`)).status).toBe(200)
    })
  }

  test('deleting a group removes its memberships', async () => {
    const id = await group({}, [owner])
    await call(admin, 'DELETE', `/api/admin/groups/${id}`)
    expect(await t.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, id))).toEqual([])
  })
})
