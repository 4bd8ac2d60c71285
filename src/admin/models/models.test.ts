import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, models, usageRecords } from '../../../db/schema'
import { startFakeWebhook } from '../../test/fakes/n8n-server'
import { startFakeOpenAi } from '../../test/fakes/openai-server'
import { startFakeSearxng } from '../../test/fakes/searxng-server'
import { outcome, startApp, type TestApp } from '../../test/harness'
import { chatActions, type TestUser, waitForOutcome } from '../../test/messages'

const API_KEY = 'sk-test-secret-key-0123456789'
const fake = startFakeOpenAi({
  models: ['alpha-model', 'beta-model', 'text-embedding-3-small'],
  apiKey: API_KEY,
})
const webhook = startFakeWebhook()
const search = startFakeSearxng()
let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: API_KEY,
    MODEL_PRICES: 'alpha-model=1/2',
    N8N_WEBHOOK_URL: `${webhook.url}/webhook/secret-path-1234`,
    SEARXNG_URL: search.url,
  })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await Promise.all([fake.close(), webhook.close(), search.close()])
})

const RESET = {
  enabled: true,
  displayName: null,
  displayDescription: null,
  inputPrice: null,
  outputPrice: null,
  vision: null,
}
beforeEach(async () => {
  fake.setScript({})
  fake.setModels(['alpha-model', 'beta-model', 'text-embedding-3-small'])
  const api = t.as(admin).api.admin.models
  expect((await api.default.put({ modelId: null })).status).toBe(200)
  for (const id of ['alpha-model', 'beta-model']) expect((await api({ id }).patch(RESET)).status).toBe(200)
})

const adminModels = () => t.as(admin).api.admin.models
const listed = async () => (await adminModels().get()).data!.data
const itemOf = async (id: string) => (await listed()).items.find((item) => item.id === id)!
const userModels = async (user: TestUser) => (await t.as(user).api.models.get()).data!.data
const lastAudit = async (action: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
  )[0]
const modelsUpdated = () => t.events.filter((event) => event.event === 'models:updated')

describe('who may', () => {
  test('without a session: 401; a user who is not an administrator: 403 (on every route)', async () => {
    const user = await t.createUser()
    const calls = [
      (api: typeof t.api) => api.api.admin.models.get(),
      (api: typeof t.api) => api.api.admin.models.providers.get(),
      (api: typeof t.api) => api.api.admin.models.refresh.post(),
      (api: typeof t.api) => api.api.admin.models.default.put({ modelId: 'alpha-model' }),
      (api: typeof t.api) => api.api.admin.models({ id: 'alpha-model' }).patch({ enabled: false }),
    ]
    for (const call of calls) {
      expect((await call(t.api)).status).toBe(401)
      const refused = await call(t.as(user))
      expect(refused.status).toBe(403)
      expect(refused.error?.value).toMatchObject({ success: false, code: 'forbidden:admin' })
    }
    expect((await itemOf('alpha-model')).enabled).toBe(true)
    expect((await listed()).defaultModelId).toBeNull()
  })
})

describe('the catalogue', () => {
  test('lists every model, inactive ones too, with the provider’s, the administrators’ and the effective values', async () => {
    const list = await listed()
    expect(list.defaultModelId).toBeNull()
    expect(list.items.map((item) => [item.id, item.provider, item.isActive])).toEqual([
      ['alpha-model', 'openai', true],
      ['beta-model', 'openai', true],
      ['workflow', 'workflow', true],
      ['demo', 'demo', false],
    ])
    expect(list.items[0]).toEqual({
      id: 'alpha-model',
      provider: 'openai',
      isActive: true,
      enabled: true,
      isDefault: false,
      providerValues: {
        name: 'alpha-model',
        description: '',
        inputPrice: 1,
        outputPrice: 2,
        vision: false,
      },
      overrides: {
        displayName: null,
        displayDescription: null,
        inputPrice: null,
        outputPrice: null,
        vision: null,
      },
      effective: {
        name: 'alpha-model',
        description: '',
        inputPrice: 1,
        outputPrice: 2,
        vision: false,
      },
    })
  })

  test('an edit reaches the users’ model list at once, is pushed as models:updated to everyone, and null resets it', async () => {
    const user = await t.createUser()
    const before = modelsUpdated().length
    const res = await adminModels()({ id: 'alpha-model' }).patch({
      displayName: '  Alpha Pro  ',
      displayDescription: 'Fast and careful',
      inputPrice: 0.15,
      outputPrice: 0.000001,
      vision: true,
    })
    expect(res.data?.data).toMatchObject({
      overrides: {
        displayName: 'Alpha Pro',
        displayDescription: 'Fast and careful',
        inputPrice: 0.15,
        outputPrice: 0.000001,
        vision: true,
      },
      effective: {
        name: 'Alpha Pro',
        description: 'Fast and careful',
        inputPrice: 0.15,
        outputPrice: 0.000001,
        vision: true,
      },
      providerValues: { name: 'alpha-model', inputPrice: 1, outputPrice: 2, vision: false },
    })
    expect((await userModels(user))[0]).toMatchObject({
      id: 'alpha-model',
      name: 'Alpha Pro',
      description: 'Fast and careful',
      supports_vision: true,
      input_price_per_million: 0.15,
      output_price_per_million: 0.000001,
    })
    const pushed = modelsUpdated().slice(before)
    expect(pushed).toEqual([{ room: 'everyone', event: 'models:updated', payload: {} }])

    await adminModels()({ id: 'alpha-model' }).patch({ displayName: null, inputPrice: null })
    expect((await userModels(user))[0]).toMatchObject({
      name: 'alpha-model',
      description: 'Fast and careful',
      input_price_per_million: 1,
    })
  })

  test('an edit is audited as model.update with each changed value old → new; an edit that changes nothing is not', async () => {
    await adminModels()({ id: 'beta-model' }).patch({ displayName: 'Beta', outputPrice: 3 })
    expect(await lastAudit('model.update')).toMatchObject({
      actorId: admin.id,
      actorEmail: 'boss@example.com',
      targetType: 'model',
      targetId: 'beta-model',
      details: {
        changes: { displayName: { from: null, to: 'Beta' }, outputPrice: { from: null, to: 3 } },
      },
    })
    const count = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'model.update'))).length
    const pushes = modelsUpdated().length
    await adminModels()({ id: 'beta-model' }).patch({ displayName: 'Beta' })
    expect((await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'model.update'))).length).toBe(
      count,
    )
    expect(modelsUpdated().length).toBe(pushes)
  })

  test.each([
    [{ displayName: '' }, 'bad_request:model_name', 'displayName'],
    [{ displayName: '   ' }, 'bad_request:model_name', 'displayName'],
    [{ displayName: 'x'.repeat(101) }, 'bad_request:model_name', '1 to 100'],
    [{ displayName: 'two\nlines' }, 'bad_request:model_name', 'one line'],
    [{ displayDescription: 'y'.repeat(501) }, 'bad_request:model_description', '500'],
    [{ inputPrice: -1 }, 'bad_request:model_price', 'inputPrice'],
    [{ outputPrice: 0.0000001 }, 'bad_request:model_price', 'six decimals'],
    [{ inputPrice: 0.1 + 0.2 }, 'bad_request:model_price', 'six decimals'],
    [{ outputPrice: 1e9 }, 'bad_request:model_price', 'outputPrice'],
    [{ inputPrice: '1' }, 'bad_request:validation', 'inputPrice'],
    [{ enabled: null }, 'bad_request:validation', 'enabled'],
    [{ vision: 'yes' }, 'bad_request:validation', 'vision'],
  ] as [Record<string, unknown>, string, string][])(
    '%j → 400 %s, nothing saved',
    async (body, code, words) => {
      const res = await adminModels()({ id: 'alpha-model' }).patch(body as never)
      expect(res.status).toBe(400)
      expect(res.error?.value).toMatchObject({ success: false, code })
      expect((res.error!.value as unknown as { error: string }).error).toContain(words)
      expect((await itemOf('alpha-model')).overrides).toEqual({
        displayName: null,
        displayDescription: null,
        inputPrice: null,
        outputPrice: null,
        vision: null,
      })
    },
  )

  test('an unknown model is 404', async () => {
    const res = await adminModels()({ id: 'no-such-model' }).patch({ enabled: false })
    expect(outcome(res)).toMatchObject({ status: 404, body: { code: 'not_found:model' } })
  })
})

describe('disabling a model', () => {
  test('hides it from GET /api/models, refuses it as preferred, and a send naming it never calls it', async () => {
    const user = await t.createUser()
    const actions = chatActions(t, user)
    expect((await adminModels()({ id: 'alpha-model' }).patch({ enabled: false })).data?.data.enabled).toBe(
      false,
    )
    expect((await userModels(user)).map((model) => model.id)).toEqual(['beta-model', 'workflow'])
    const preferred = await t.as(user).api.models.preferred.put({ modelId: 'alpha-model' })
    expect(outcome(preferred)).toMatchObject({ status: 400, body: { error: 'Failed to set model' } })

    const chatId = await actions.createChat()
    const messageId = await actions.sendOk(chatId, 'Hello', { modelId: 'alpha-model' })
    await waitForOutcome(t, messageId)
    expect(fake.completions().at(-1)!.body!.model).toBe('beta-model')

    await adminModels()({ id: 'alpha-model' }).patch({ enabled: true })
    expect((await userModels(user)).map((model) => model.id)).toEqual([
      'alpha-model',
      'beta-model',
      'workflow',
    ])
  })

  test('usage is charged at the effective price (the override over MODEL_PRICES)', async () => {
    const user = await t.createUser()
    const actions = chatActions(t, user)
    await adminModels()({ id: 'alpha-model' }).patch({ inputPrice: 10, outputPrice: 20.5 })
    fake.setScript({ usage: { prompt_tokens: 1000, completion_tokens: 2000 } })
    const chatId = await actions.createChat()
    const messageId = await actions.sendOk(chatId, 'Hello', { modelId: 'alpha-model' })
    await waitForOutcome(t, messageId)
    const [record] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, messageId))
    // 1000 × $10/M + 2000 × $20.50/M = $0.01 + $0.041
    expect(record).toMatchObject({ modelId: 'alpha-model', costMicros: 51_000 })
  })
})

describe('the organisation’s default model', () => {
  test('users without a usable preference start with it; their own choice still wins', async () => {
    const fresh = await t.createUser()
    const chooser = await t.createUser()
    await t.as(chooser).api.models.preferred.put({ modelId: 'alpha-model' })
    const res = await adminModels().default.put({ modelId: 'beta-model' })
    expect(res.data?.data.defaultModelId).toBe('beta-model')
    expect(res.data?.data.items.find((item) => item.isDefault)?.id).toBe('beta-model')
    expect((await t.as(fresh).api.models.preferred.get()).data?.data.id).toBe('beta-model')
    expect((await t.as(chooser).api.models.preferred.get()).data?.data.id).toBe('alpha-model')
    expect(await lastAudit('model.default')).toMatchObject({
      targetType: 'organisation',
      details: { from: null, to: 'beta-model' },
    })
    expect(modelsUpdated().at(-1)?.room).toBe('everyone')

    await adminModels().default.put({ modelId: null })
    expect((await t.as(fresh).api.models.preferred.get()).data?.data.id).toBe('alpha-model')
  })

  test('must be enabled and offered by the provider; an unknown one is 404', async () => {
    await adminModels()({ id: 'alpha-model' }).patch({ enabled: false })
    expect(outcome(await adminModels().default.put({ modelId: 'alpha-model' }))).toMatchObject({
      status: 409,
      body: { code: 'conflict:model_disabled' },
    })
    expect(outcome(await adminModels().default.put({ modelId: 'demo' }))).toMatchObject({
      status: 409,
      body: { code: 'conflict:model_inactive' },
    })
    expect(outcome(await adminModels().default.put({ modelId: 'nope' }))).toMatchObject({
      status: 404,
      body: { code: 'not_found:model' },
    })
    expect(outcome(await adminModels().default.put({ modelId: 42 } as never))).toMatchObject({
      status: 400,
      body: { code: 'bad_request:validation' },
    })
    expect((await listed()).defaultModelId).toBeNull()
  })

  test('the default model cannot be disabled (409 with the reason); after choosing another it can', async () => {
    await adminModels().default.put({ modelId: 'beta-model' })
    const refused = await adminModels()({ id: 'beta-model' }).patch({ enabled: false, displayName: 'B' })
    expect(refused.status).toBe(409)
    expect(refused.error?.value).toMatchObject({
      code: 'conflict:default_model',
      error: expect.stringContaining('Choose another default model'),
    })
    expect(await itemOf('beta-model')).toMatchObject({ enabled: true, overrides: { displayName: null } })
    await adminModels().default.put({ modelId: 'alpha-model' })
    expect((await adminModels()({ id: 'beta-model' }).patch({ enabled: false })).status).toBe(200)
  })
})

describe('refresh from the provider', () => {
  test('reads the provider’s list again and keeps every administrator value', async () => {
    await adminModels()({ id: 'alpha-model' }).patch({
      displayName: 'Alpha Pro',
      inputPrice: 5,
      vision: true,
    })
    await adminModels()({ id: 'beta-model' }).patch({ enabled: false })
    fake.setModels(['alpha-model', 'gamma-model', 'text-embedding-3-small'])
    const res = await adminModels().refresh.post()
    expect(res.status).toBe(200)
    const data = res.data!.data
    expect(data.discovery).toBe('ok')
    const byId = Object.fromEntries(data.items.map((item) => [item.id, item]))
    expect(byId['alpha-model']).toMatchObject({
      isActive: true,
      enabled: true,
      overrides: { displayName: 'Alpha Pro', inputPrice: 5, vision: true },
      effective: { name: 'Alpha Pro', inputPrice: 5, outputPrice: 2, vision: true },
    })
    expect(byId['beta-model']).toMatchObject({ isActive: false, enabled: false })
    expect(byId['gamma-model']).toMatchObject({
      isActive: true,
      enabled: true,
      overrides: { displayName: null },
    })
    expect(data.providers.map((provider) => provider.id)).toEqual([
      'openai',
      'workflow',
      'search',
      'embeddings',
    ])
    expect(await lastAudit('model.refresh')).toMatchObject({
      actorId: admin.id,
      details: { discovery: 'ok' },
    })
    const user = await t.createUser()
    expect((await userModels(user)).map((model) => model.id)).toEqual([
      'alpha-model',
      'gamma-model',
      'workflow',
    ])

    fake.setModels(['alpha-model', 'beta-model', 'text-embedding-3-small'])
    await adminModels().refresh.post()
    const [beta] = await t.ctx.db.select().from(models).where(eq(models.id, 'beta-model'))
    expect(beta).toMatchObject({ isActive: true, enabled: false })
  })
})

describe('provider status', () => {
  test('each configured provider with its host, never a key or a full URL', async () => {
    const res = await adminModels().providers.get()
    const statuses = res.data!.data
    const host = new URL(fake.url).host
    expect(statuses).toEqual([
      expect.objectContaining({ id: 'openai', configured: true, host, model: null, state: 'ok' }),
      expect.objectContaining({ id: 'workflow', configured: true, host: new URL(webhook.url).host }),
      expect.objectContaining({ id: 'search', configured: true, host: new URL(search.url).host }),
      expect.objectContaining({
        id: 'embeddings',
        configured: true,
        host,
        model: 'text-embedding-3-small',
        state: 'ok',
      }),
    ])
    expect(JSON.stringify(statuses)).not.toContain('secret-path')
  })

  test('shows the last error after a failed call, scrubbed of the key, and ok again after a success', async () => {
    const user = await t.createUser()
    const actions = chatActions(t, user)
    fake.setScript({ fail: { status: 500, message: `Upstream exploded for key ${API_KEY}` } })
    const chatId = await actions.createChat()
    await waitForOutcome(t, await actions.sendOk(chatId, 'Hello', { modelId: 'alpha-model' }))
    let openai = (await adminModels().providers.get()).data!.data[0]!
    expect(openai).toMatchObject({ id: 'openai', state: 'error', lastErrorAt: expect.anything() })
    expect(openai.lastError).toContain('The AI provider answered 500: Upstream exploded')
    expect(openai.lastError).not.toContain(API_KEY)

    fake.setScript({})
    await waitForOutcome(t, await actions.sendOk(chatId, 'Again', { modelId: 'alpha-model' }))
    openai = (await adminModels().providers.get()).data!.data[0]!
    expect(openai).toMatchObject({ state: 'ok', lastError: expect.stringContaining('500') })
    expect(new Date(openai.lastSuccessAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(openai.lastErrorAt!).getTime(),
    )
  })

  test('the workflow webhook’s failures and the search backend’s check on refresh are recorded', async () => {
    const user = await t.createUser()
    const actions = chatActions(t, user)
    webhook.setScript({ status: 502, body: 'Bad gateway' })
    const chatId = await actions.createChat()
    await waitForOutcome(t, await actions.sendOk(chatId, 'Hello', { modelId: 'workflow' }))
    webhook.setScript({ status: 200, body: [{ output: 'Hello from the workflow.' }] })
    search.setFailing(true)
    const refreshed = (await adminModels().refresh.post()).data!.data
    const byId = Object.fromEntries(refreshed.providers.map((provider) => [provider.id, provider]))
    expect(byId.workflow).toMatchObject({ state: 'error', lastError: 'The webhook answered HTTP 502' })
    expect(byId.search).toMatchObject({ state: 'error', lastError: 'SearXNG answered 500' })
    search.setFailing(false)
    await adminModels().refresh.post()
    const search2 = (await adminModels().providers.get()).data!.data.find(
      (provider) => provider.id === 'search',
    )
    expect(search2?.state).toBe('ok')
  })
})

describe('a provider that refuses the key', () => {
  const refusing = startFakeOpenAi({ apiKey: 'the-right-key' })
  let other: TestApp
  let boss: TestUser
  beforeAll(async () => {
    other = await startApp({ OPENAI_BASE_URL: refusing.url, OPENAI_API_KEY: 'sk-wrong-key-abcdef123' })
    boss = await other.createUser({ role: 'admin' })
  }, 60_000)
  afterAll(async () => {
    await other.close()
    await refusing.close()
  })

  test('refresh answers discovery failed with the error; unconfigured providers say so', async () => {
    const res = (await other.as(boss).api.admin.models.refresh.post()).data!.data
    expect(res.discovery).toBe('failed')
    const [openai, workflow, search, embeddings] = res.providers
    expect(openai).toMatchObject({ configured: true, state: 'error' })
    expect(openai!.lastError).toContain('401')
    expect(JSON.stringify(res)).not.toContain('sk-wrong-key-abcdef123')
    expect(workflow).toMatchObject({ configured: false, state: 'not_configured', host: null })
    expect(search).toMatchObject({ configured: false, state: 'not_configured' })
    expect(embeddings).toMatchObject({ configured: true, state: 'unknown' })
  })
})
