import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, desc, eq } from 'drizzle-orm'
import { auditLog, groupMembers, savedPrompts } from '../../../db/schema'
import { syncProviderGroups } from '../../groups/membership'
import { startFakeOpenAi } from '../../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../../test/harness'

// Admin › Groups (issue 29): CRUD, validation, members, audit, who may.

const fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
let t: TestApp
let admin: TestUser
let alice: TestUser

// biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, read loosely by the test
type Loose = Record<string, any>
async function call(user: TestUser | null, method: string, path: string, body?: unknown) {
  const res = await t.request(`/api/admin/groups${path}`, {
    method,
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Loose }
}
const create = async (body: Record<string, unknown>) => {
  const res = await call(admin, 'POST', '/', body)
  expect(res.status).toBe(201)
  return res.body.data.group as Loose
}
const lastAudit = async (action: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
  )[0]

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  alice = await t.createUser({ email: 'alice@example.com', fullName: 'Alice Example' })
  // The catalogue is synced before the first models list answers: group model ids are checked against it.
  expect((await t.as(admin).api.models.get()).status).toBe(200)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

describe('who may', () => {
  test('without a session 401, a non-admin 403 forbidden:admin, support access 403 forbidden:impersonating, on every route', async () => {
    const group = await create({ name: 'Who may' })
    const routes: [string, string, unknown?][] = [
      ['GET', '/'],
      ['POST', '/', { name: 'Nope' }],
      ['GET', `/${group.id}`],
      ['PATCH', `/${group.id}`, { name: 'Nope' }],
      ['DELETE', `/${group.id}`],
      ['PUT', `/${group.id}/members/${alice.id}`],
      ['DELETE', `/${group.id}/members/${alice.id}`],
    ]
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: alice.id,
        reasonCode: 'customer_request',
        caseNumber: 'CASE-29',
        durationMinutes: 60,
      }),
    })
    expect(started.status).toBe(201)
    const token = ((await started.json()) as Loose).data.token as string
    const support = { ...admin, headers: { authorization: `Bearer ${token}` } }
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status).toBe(401)
      const user = await call(alice, method, path, body)
      expect({ method, path, status: user.status, code: user.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden:admin',
      })
      const acting = await call(support, method, path, body)
      expect({ method, path, status: acting.status, code: acting.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    const after = await call(admin, 'GET', `/${group.id}`)
    expect(after.body.data).toMatchObject({ group: { name: 'Who may', memberCount: 0 }, members: [] })
  })
})

describe('groups', () => {
  test('create: trimmed, defaults, answered as the contract shows; listed by name; audited group.create', async () => {
    const group = await create({
      name: '  Sales  ',
      providerGroup: ' sales-team ',
      models: ['fake-model', 'fake-model'],
      agents: ['jokes'],
      dailyLimit: 2.5,
      monthlyLimit: 0,
    })
    expect(group).toEqual({
      id: expect.any(String),
      name: 'Sales',
      providerGroup: 'sales-team',
      models: ['fake-model'],
      agents: ['jokes'],
      dailyLimit: 2.5,
      monthlyLimit: 0,
      memberCount: 0,
      createdAt: expect.any(String),
    })
    const plain = await create({ name: 'accounting' })
    expect(plain).toMatchObject({
      providerGroup: null,
      models: null,
      agents: null,
      dailyLimit: null,
      monthlyLimit: null,
    })
    const names = (await call(admin, 'GET', '/')).body.data.groups.map((g: Loose) => g.name)
    expect(names.indexOf('accounting')).toBeLessThan(names.indexOf('Sales'))
    expect(await lastAudit('group.create')).toMatchObject({
      actorId: admin.id,
      targetType: 'group',
      targetId: plain.id,
      details: { name: 'accounting' },
    })
  })

  test('each bad value answers its 4xx and code, never a 5xx, and nothing is stored', async () => {
    await create({ name: 'Taken' })
    const before = (await call(admin, 'GET', '/')).body.data.groups.length
    const cases: [unknown, number, string][] = [
      [{ name: '' }, 400, 'bad_request:group_name'],
      [{ name: '   ' }, 400, 'bad_request:group_name'],
      [{ name: 'x'.repeat(101) }, 400, 'bad_request:group_name_length'],
      [{ name: 'x'.repeat(2000) }, 400, 'bad_request:validation'],
      [{ name: 'TAKEN' }, 409, 'conflict:group_name'],
      [{ name: 'Ok', dailyLimit: -1 }, 400, 'bad_request:budget_limit'],
      [{ name: 'Ok', monthlyLimit: 0.001 }, 400, 'bad_request:budget_limit'],
      [{ name: 'Ok', dailyLimit: 'ten' }, 400, 'bad_request:validation'],
      [{ name: 'Ok', models: ['no-such-model'] }, 400, 'bad_request:group_models'],
      [{ name: 'Ok', agents: ['no-such-agent'] }, 400, 'bad_request:group_agents'],
      [{ name: 'Ok', models: 'fake-model' }, 400, 'bad_request:validation'],
      [{ name: 'Ok', providerGroup: 'p'.repeat(201) }, 400, 'bad_request:provider_group'],
      [{}, 400, 'bad_request:validation'],
    ]
    for (const [body, status, code] of cases) {
      const res = await call(admin, 'POST', '/', body)
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code })
    }
    const bad = await t.request('/api/admin/groups', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: '{not json',
    })
    expect(bad.status).toBe(400)
    expect((await call(admin, 'GET', '/')).body.data.groups.length).toBe(before)
  })

  test('a provider group is mapped to one group only, letter case ignored', async () => {
    await create({ name: 'Engineering', providerGroup: 'Eng' })
    const res = await call(admin, 'POST', '/', { name: 'Engineering 2', providerGroup: 'eng' })
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 409,
      code: 'conflict:provider_group',
    })
  })

  test('unknown or malformed ids: 404 not_found:group on every route', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['GET', `/${id}`],
        ['PATCH', `/${id}`, { name: 'x' }],
        ['DELETE', `/${id}`],
        ['PUT', `/${id}/members/${alice.id}`],
        ['DELETE', `/${id}/members/${alice.id}`],
      ] as [string, string, unknown?][]) {
        const res = await call(admin, method, path, body)
        expect({ method, id, status: res.status, code: res.body.code }).toEqual({
          method,
          id,
          status: 404,
          code: 'not_found:group',
        })
      }
    }
  })

  test('update: a field left out stays, null clears, a rename keeps the members; audited with old → new', async () => {
    const group = await create({ name: 'Support', models: ['fake-model'], dailyLimit: 3 })
    expect((await call(admin, 'PUT', `/${group.id}/members/${alice.id}`)).status).toBe(200)
    const res = await call(admin, 'PATCH', `/${group.id}`, { name: 'Customer support', models: null })
    expect(res.status).toBe(200)
    expect(res.body.data.group).toMatchObject({
      name: 'Customer support',
      models: null,
      dailyLimit: 3,
      memberCount: 1,
    })
    expect((await call(admin, 'GET', `/${group.id}`)).body.data.members).toEqual([
      { id: alice.id, email: 'alice@example.com', fullName: 'Alice Example', source: 'manual' },
    ])
    expect(await lastAudit('group.update')).toMatchObject({
      targetId: group.id,
      details: {
        name: 'Customer support',
        changes: {
          name: { from: 'Support', to: 'Customer support' },
          models: { from: ['fake-model'], to: null },
        },
      },
    })
    // Its own name in another case is no conflict; another group's is.
    expect((await call(admin, 'PATCH', `/${group.id}`, { name: 'CUSTOMER SUPPORT' })).status).toBe(200)
    await create({ name: 'Other' })
    const taken = await call(admin, 'PATCH', `/${group.id}`, { name: 'other' })
    expect({ status: taken.status, code: taken.body.code }).toEqual({
      status: 409,
      code: 'conflict:group_name',
    })
    const bad = await call(admin, 'PATCH', `/${group.id}`, { dailyLimit: -5 })
    expect({ status: bad.status, code: bad.body.code }).toEqual({
      status: 400,
      code: 'bad_request:budget_limit',
    })
  })

  test('delete: memberships go (the people stay), shares with it go; audited group.delete', async () => {
    const group = await create({ name: 'Temporary' })
    await call(admin, 'PUT', `/${group.id}/members/${alice.id}`)
    const prompt = await t.as(alice).api.prompts.post({
      title: 'Shared',
      prompt_text: 'Text',
      sharedGroupIds: [group.id],
    })
    expect(prompt.status).toBe(201)
    expect((await call(admin, 'DELETE', `/${group.id}`)).body).toEqual({ success: true })
    expect((await call(admin, 'GET', `/${group.id}`)).status).toBe(404)
    const left = await t.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))
    expect(left).toEqual([])
    const [row] = await t.ctx.db.select().from(savedPrompts).where(eq(savedPrompts.id, prompt.data!.data.id))
    expect(row!.sharedGroupIds).toEqual([])
    expect((await t.as(alice).api.auth.me.get()).status).toBe(200)
    expect(await lastAudit('group.delete')).toMatchObject({
      targetId: group.id,
      details: { name: 'Temporary', memberCount: 1 },
    })
  })
})

describe('members', () => {
  test('add and remove by hand, idempotent, audited once each; 404 for an unknown or malformed user', async () => {
    const group = await create({ name: 'Members' })
    const bob = await t.createUser({ email: 'bob@example.com' })
    expect((await call(admin, 'PUT', `/${group.id}/members/${bob.id}`)).body).toEqual({ success: true })
    expect((await call(admin, 'PUT', `/${group.id}/members/${bob.id}`)).status).toBe(200)
    const adds = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group.member_add'), eq(auditLog.targetId, bob.id)))
    expect(adds).toHaveLength(1)
    expect(adds[0]).toMatchObject({ targetType: 'user', details: { groupId: group.id, name: 'Members' } })
    expect((await call(admin, 'GET', `/${group.id}`)).body.data.group.memberCount).toBe(1)

    for (const userId of [crypto.randomUUID(), 'nope']) {
      for (const method of ['PUT', 'DELETE']) {
        const res = await call(admin, method, `/${group.id}/members/${userId}`)
        expect({ method, status: res.status, code: res.body.code }).toEqual({
          method,
          status: 404,
          code: 'not_found:user',
        })
      }
    }

    expect((await call(admin, 'DELETE', `/${group.id}/members/${bob.id}`)).body).toEqual({ success: true })
    expect((await call(admin, 'DELETE', `/${group.id}/members/${bob.id}`)).status).toBe(200)
    expect(await lastAudit('group.member_remove')).toMatchObject({
      targetId: bob.id,
      details: { groupId: group.id, source: 'manual' },
    })
    expect((await call(admin, 'GET', `/${group.id}`)).body.data.members).toEqual([])
  })

  test('a hand add turns a provider-given membership into a manual one, which the next sync keeps', async () => {
    const group = await create({ name: 'Synced', providerGroup: 'synced-team' })
    const carol = await t.createUser({ email: 'carol@example.com' })
    await syncProviderGroups(t.ctx.db, carol.id, ['SYNCED-TEAM'])
    expect((await call(admin, 'GET', `/${group.id}`)).body.data.members).toMatchObject([
      { id: carol.id, source: 'provider' },
    ])
    await call(admin, 'PUT', `/${group.id}/members/${carol.id}`)
    expect(await lastAudit('group.member_add')).toMatchObject({
      targetId: carol.id,
      details: { from: 'provider' },
    })
    // The provider no longer lists the group: a provider-given membership would go, this one stays.
    await syncProviderGroups(t.ctx.db, carol.id, [])
    expect((await call(admin, 'GET', `/${group.id}`)).body.data.members).toMatchObject([
      { id: carol.id, source: 'manual' },
    ])
  })
})
