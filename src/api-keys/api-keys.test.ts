import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { apiKeys, usageRecords } from '../../db/schema'
import { hashToken } from '../auth/session'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'

const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, MODEL_PRICES: 'fake-model=1000/1000' })
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

const createKey = (user: TestUser, body: Loose = {}) =>
  call(user, 'POST', '/api/keys', { name: 'Notebook', scopes: ['chat', 'models'], ...body })

describe('POST /api/keys', () => {
  test('answers the key once (pk- and 256 random bits), stores only its hash and a short prefix', async () => {
    const user = await t.createUser()
    const res = await createKey(user, { monthlyLimit: 2.5, expiresAt: '2099-01-01T00:00:00.000Z' })
    expect(res.status).toBe(201)
    const data = res.body.data
    expect(data.key).toMatch(/^pk-[A-Za-z0-9_-]{43}$/)
    expect(data).toMatchObject({
      name: 'Notebook',
      prefix: data.key.slice(0, 11),
      scopes: ['chat', 'models'],
      monthlyLimit: 2.5,
      spendThisMonth: 0,
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: '2099-01-01T00:00:00.000Z',
    })
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, data.id))
    expect(row!.keyHash).toBe(hashToken(data.key))
    expect(row!.monthlyLimitMicros).toBe(2_500_000)
    expect(JSON.stringify(row)).not.toContain(data.key.slice(3))
    // The list never answers a secret.
    const list = await call(user, 'GET', '/api/keys')
    expect(list.status).toBe(200)
    expect(list.body.data.items).toHaveLength(1)
    expect(list.body.data.items[0].key).toBeUndefined()
    expect(list.body.data.items[0].prefix).toBe(data.prefix)
  })

  test('two keys are never alike', async () => {
    const user = await t.createUser()
    const a = (await createKey(user)).body.data.key
    const b = (await createKey(user)).body.data.key
    expect(a).not.toBe(b)
  })

  test.each([
    ['an empty name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['no scopes', { scopes: [] }],
    ['an unknown scope', { scopes: ['admin'] }],
    ['an expiry in the past', { expiresAt: '2001-01-01T00:00:00Z' }],
    ['an expiry that is not a date', { expiresAt: 'tomorrow' }],
    ['a negative limit', { monthlyLimit: -1 }],
    ['a limit finer than a micro-dollar', { monthlyLimit: 0.0000001 }],
    ['a limit that is text', { monthlyLimit: '5' }],
  ])('refuses %s with 400', async (_name, body) => {
    const user = await t.createUser()
    const res = await createKey(user, body)
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
  })

  test('malformed, NUL and non-object bodies are 4xx, never 5xx', async () => {
    const user = await t.createUser()
    for (const body of ['{"name":', '{"name":"a\\u0000b","scopes":["chat"]}', '[]', 'null']) {
      const res = await call(user, 'POST', '/api/keys', body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
  })

  test('needs a session', async () => {
    expect((await call(null, 'GET', '/api/keys')).status).toBe(401)
    expect((await call(null, 'POST', '/api/keys', { name: 'x', scopes: ['chat'] })).status).toBe(401)
  })
})

describe('GET /api/keys', () => {
  test('shows only my keys, newest first, with what each spent this month', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const first = (await createKey(user, { name: 'First' })).body.data
    const second = (await createKey(user, { name: 'Second' })).body.data
    await createKey(other, { name: 'Theirs' })
    await t.ctx.db.insert(usageRecords).values([
      { userId: user.id, apiKeyId: first.id, modelId: 'fake-model', costMicros: 1_250_000 },
      { userId: user.id, apiKeyId: first.id, modelId: 'fake-model', costMicros: 250_000 },
      // Last year's spend is not this month's.
      {
        userId: user.id,
        apiKeyId: first.id,
        modelId: 'fake-model',
        costMicros: 9_000_000,
        createdAt: new Date('2020-01-01'),
      },
      { userId: user.id, modelId: 'fake-model', costMicros: 5_000_000 },
    ])
    const items = (await call(user, 'GET', '/api/keys')).body.data.items as Loose[]
    expect(items.map((item) => item.name)).toEqual(['Second', 'First'])
    expect(items.find((item) => item.id === first.id)!.spendThisMonth).toBe(1.5)
    expect(items.find((item) => item.id === second.id)!.spendThisMonth).toBe(0)
  })
})

describe('DELETE /api/keys/:id', () => {
  test('revokes my key: it stays listed, revoked, and stops working at once', async () => {
    const user = await t.createUser()
    const created = (await createKey(user)).body.data
    const auth = { headers: { authorization: `Bearer ${created.key}` } }
    expect((await call(auth, 'GET', '/v1/models')).status).toBe(200)
    const res = await call(user, 'DELETE', `/api/keys/${created.id}`)
    expect(res.status).toBe(200)
    expect(res.body.data.revokedAt).toBeString()
    const after = await call(auth, 'GET', '/v1/models')
    expect(after.status).toBe(401)
    expect(after.body.error).toMatchObject({ code: 'invalid_api_key', type: 'invalid_request_error' })
    const items = (await call(user, 'GET', '/api/keys')).body.data.items as Loose[]
    expect(items[0]!.revokedAt).toBe(res.body.data.revokedAt)
  })

  test("another person's key, an unknown id or a malformed one is 404", async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const theirs = (await createKey(other)).body.data
    expect((await call(user, 'DELETE', `/api/keys/${theirs.id}`)).status).toBe(404)
    expect((await call(user, 'DELETE', `/api/keys/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await call(user, 'DELETE', '/api/keys/not-a-uuid')).status).toBe(404)
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, theirs.id))
    expect(row!.revokedAt).toBeNull()
  })
})

describe('when the API is closed to the person', () => {
  test('off: listing and making keys answer forbidden:api_off (Settings says so); on again, they work', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const person = await t.createUser()
    expect((await call(admin, 'PUT', '/api/admin/api-access', { enabled: false, groups: [] })).status).toBe(
      200,
    )
    try {
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', { name: 'Script', scopes: ['chat'] }],
      ] as const) {
        const answer = await call(person, method, '/api/keys', body)
        expect({ status: answer.status, code: answer.body.code }).toEqual({
          status: 403,
          code: 'forbidden:api_off',
        })
      }
    } finally {
      await call(admin, 'PUT', '/api/admin/api-access', { enabled: true, groups: [] })
    }
    expect((await call(person, 'GET', '/api/keys')).status).toBe(200)
  })

  test('for chosen groups only: a person outside them gets forbidden:api_groups, a member lists keys', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const outsider = await t.createUser()
    const member = await t.createUser()
    const group = await call(admin, 'POST', '/api/admin/groups', { name: `API users ${crypto.randomUUID()}` })
    expect(group.status).toBe(201)
    const groupId = group.body.data.group.id
    await call(admin, 'PUT', `/api/admin/groups/${groupId}/members/${member.id}`)
    expect(
      (await call(admin, 'PUT', '/api/admin/api-access', { enabled: true, groups: [groupId] })).status,
    ).toBe(200)
    try {
      expect((await call(outsider, 'GET', '/api/keys')).body.code).toBe('forbidden:api_groups')
      expect((await call(member, 'GET', '/api/keys')).status).toBe(200)
    } finally {
      await call(admin, 'PUT', '/api/admin/api-access', { enabled: true, groups: [] })
    }
  })
})

describe('support access', () => {
  test('can neither see, make nor revoke keys', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const target = await t.createUser()
    const own = (await createKey(target)).body.data
    const started = await call(admin, 'POST', '/api/admin/impersonations', {
      targetUserId: target.id,
      reasonCode: 'customer_request',
      caseNumber: 'KEY-1',
      durationMinutes: 30,
    })
    expect(started.status).toBe(201)
    const support = { headers: { authorization: `Bearer ${started.body.data.token}` } }
    for (const [method, path, body] of [
      ['GET', '/api/keys', undefined],
      ['POST', '/api/keys', { name: 'Sneaky', scopes: ['chat'] }],
      ['DELETE', `/api/keys/${own.id}`, undefined],
      ['GET', '/api/admin/keys', undefined],
      ['DELETE', `/api/admin/keys/${own.id}`, undefined],
      ['PUT', '/api/admin/api-access', { enabled: false, groups: [] }],
    ] as const) {
      const res = await call(support, method, path, body)
      expect({ path, method, status: res.status, code: res.body?.code }).toEqual({
        path,
        method,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    const rows = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, target.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.revokedAt).toBeNull()
  })
})
