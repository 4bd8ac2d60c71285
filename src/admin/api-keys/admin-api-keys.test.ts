import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { auditLog, groupMembers, groups, usageRecords } from '../../../db/schema'
import { startFakeOpenAi } from '../../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../../test/harness'

const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = Record<string, any>

async function call(
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await t.request(path, {
    method,
    headers: { ...user?.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Loose | null = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, body: json as Loose }
}

const newKey = async (user: TestUser, name = 'Script') =>
  (await call(user, 'POST', '/api/keys', { name, scopes: ['models'] })).body.data as Loose
const models = (key: string) => call({ headers: { authorization: `Bearer ${key}` } }, 'GET', '/v1/models')

describe('GET /api/admin/keys', () => {
  test('lists every key with its owner, and never a secret; admins only', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const alice = await t.createUser()
    const bob = await t.createUser()
    const a = await newKey(alice, 'Alice’s notebook')
    await newKey(bob, 'Bob’s n8n')
    const res = await call(admin, 'GET', '/api/admin/keys')
    expect(res.status).toBe(200)
    const items = res.body.data.items as Loose[]
    const mine = items.find((item) => item.id === a.id)!
    expect(mine).toMatchObject({
      name: 'Alice’s notebook',
      ownerEmail: alice.email,
      userId: alice.id,
      spendThisMonth: 0,
    })
    expect(mine.key).toBeUndefined()
    expect(items.some((item) => item.ownerEmail === bob.email)).toBe(true)
    expect((await call(alice, 'GET', '/api/admin/keys')).status).toBe(403)
    expect((await call(null, 'GET', '/api/admin/keys')).status).toBe(401)
  })
})

describe('DELETE /api/admin/keys/:id', () => {
  test('revokes anyone’s key at once, audited as api_key.revoke', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const alice = await t.createUser()
    const key = await newKey(alice)
    expect((await models(key.key)).status).toBe(200)
    const res = await call(admin, 'DELETE', `/api/admin/keys/${key.id}`)
    expect(res.status).toBe(200)
    expect(res.body.data.revokedAt).toBeString()
    expect((await models(key.key)).status).toBe(401)
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'api_key.revoke'))
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'user', targetId: alice.id })
    expect(entry!.details).toMatchObject({ keyId: key.id, name: 'Script' })
    expect((await call(admin, 'DELETE', `/api/admin/keys/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await call(admin, 'DELETE', '/api/admin/keys/nope')).status).toBe(404)
    expect((await call(alice, 'DELETE', `/api/admin/keys/${key.id}`)).status).toBe(403)
  })
})

describe('PUT /api/admin/api-access', () => {
  test('turns the API off for everyone and on for chosen groups; audited as api_access.update', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const member = await t.createUser()
    const outsider = await t.createUser()
    const memberKey = await newKey(member)
    const outsiderKey = await newKey(outsider)
    const initial = await call(admin, 'GET', '/api/admin/api-access')
    expect(initial.body.data).toEqual({ enabled: true, groups: [], source: 'environment' })

    const off = await call(admin, 'PUT', '/api/admin/api-access', { enabled: false, groups: [] })
    expect(off.status).toBe(200)
    expect(off.body.data).toEqual({ enabled: false, groups: [], source: 'organisation' })
    const refused = await models(memberKey.key)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: 'permission_denied', type: 'permission_error' })

    const [group] = await t.ctx.db.insert(groups).values({ name: 'API users' }).returning()
    await t.ctx.db.insert(groupMembers).values({ groupId: group!.id, userId: member.id })
    const on = await call(admin, 'PUT', '/api/admin/api-access', { enabled: true, groups: [group!.id] })
    expect(on.body.data).toEqual({
      enabled: true,
      groups: [{ id: group!.id, name: 'API users' }],
      source: 'organisation',
    })
    expect((await models(memberKey.key)).status).toBe(200)
    const outside = await models(outsiderKey.key)
    expect(outside.status).toBe(403)
    expect(outside.body.error.code).toBe('permission_denied')

    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'api_access.update'))
    expect(entries).toHaveLength(2)
    expect(entries.map((entry) => entry.details)).toContainEqual({
      before: { enabled: false, groups: [] },
      after: { enabled: true, groups: [group!.id] },
    })

    for (const body of [
      { enabled: true, groups: ['not-a-uuid'] },
      { enabled: true, groups: [crypto.randomUUID()] },
      { enabled: 'yes', groups: [] },
      { groups: [] },
    ]) {
      expect((await call(admin, 'PUT', '/api/admin/api-access', body)).status).toBe(400)
    }
    expect((await call(member, 'PUT', '/api/admin/api-access', { enabled: true, groups: [] })).status).toBe(
      403,
    )
    await call(admin, 'PUT', '/api/admin/api-access', { enabled: true, groups: [] })
    expect((await models(outsiderKey.key)).status).toBe(200)
  })
})

describe('GET /api/admin/usage.csv?by=key', () => {
  test('sums each key’s calls, with its name, prefix and owner', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const alice = await t.createUser()
    const key = await newKey(alice, 'CSV key')
    await t.ctx.db.insert(usageRecords).values([
      {
        userId: alice.id,
        apiKeyId: key.id,
        modelId: 'fake-model',
        promptTokens: 10,
        completionTokens: 5,
        costMicros: 1_500_000,
      },
      {
        userId: alice.id,
        apiKeyId: key.id,
        modelId: 'fake-model',
        promptTokens: 1,
        completionTokens: 1,
        costMicros: 250_000,
      },
      // The web app's own calls are not a key's.
      {
        userId: alice.id,
        modelId: 'fake-model',
        promptTokens: 1,
        completionTokens: 1,
        costMicros: 9_000_000,
      },
    ])
    const res = await t.request('/api/admin/usage.csv?by=key&days=30', { headers: admin.headers })
    expect(res.status).toBe(200)
    const lines = (await res.text()).replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe(
      'key_id,key_name,key_prefix,user_id,email,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages',
    )
    expect(lines).toContain(`${key.id},CSV key,${key.prefix},${alice.id},${alice.email},1.75,11,6,17,2`)
  })
})
