import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { models } from '../../db/schema'
import { jsonInit } from '../messages/test-helpers'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { syncModels } from './sync'

describe('models discovered from the provider', () => {
  const fake = startFakeOpenAi({
    models: ['gpt-4o-mini', 'llama3', 'text-embedding-3-small', 'whisper-1', 'dall-e-3'],
    apiKey: 'secret-key',
  })
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'secret-key',
      MODEL_PRICES: 'gpt-4o-mini=0.15/0.6',
    })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  test('GET /api/models lists the chat models found at GET {base}/models, with prices', async () => {
    const user = await t.createUser()
    const body = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(body.data).toEqual([
      {
        id: 'gpt-4o-mini',
        name: 'gpt-4o-mini',
        description: expect.stringContaining('OpenAI-compatible'),
        provider: 'openai',
        is_active: true,
        supports_vision: true,
        input_price_per_million: 0.15,
        output_price_per_million: 0.6,
      },
      expect.objectContaining({
        id: 'llama3',
        provider: 'openai',
        input_price_per_million: 0,
        supports_vision: false,
      }),
    ])
    expect(fake.requests.filter((request) => request.path === '/v1/models')).toHaveLength(1)
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer secret-key')
  })

  test('the preferred model is the first active one until the user picks another', async () => {
    const user = await t.createUser()
    const first = await (await t.request('/api/models/preferred', { headers: user.headers })).json()
    expect(first).toEqual({ success: true, data: { id: 'gpt-4o-mini' } })
    const set = await t.request('/api/models/preferred', jsonInit(user, 'PUT', { modelId: 'llama3' }))
    expect(await set.json()).toEqual({ success: true, data: { id: 'llama3' } })
    const after = await (await t.request('/api/models/preferred', { headers: user.headers })).json()
    expect(after.data.id).toBe('llama3')
  })

  test('an unknown model cannot be preferred', async () => {
    const user = await t.createUser()
    for (const modelId of ['nope', 'text-embedding-3-small', '']) {
      const res = await t.request('/api/models/preferred', jsonInit(user, 'PUT', { modelId }))
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, error: 'Failed to set model' })
    }
  })

  test('a model no longer listed becomes inactive; a preference for it falls back to the first active', async () => {
    const user = await t.createUser()
    await t.request('/api/models/preferred', jsonInit(user, 'PUT', { modelId: 'llama3' }))
    const config = { ...t.ctx.config, ai: { ...t.ctx.config.ai, openaiModels: ['gpt-4o-mini'] } }
    expect(await syncModels({ ...t.ctx, config })).toBe(true)
    const [row] = await t.ctx.db.select().from(models).where(eq(models.id, 'llama3'))
    expect(row!.isActive).toBe(false)
    const list = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(list.data.map((model: { id: string }) => model.id)).toEqual(['gpt-4o-mini'])
    const preferred = await (await t.request('/api/models/preferred', { headers: user.headers })).json()
    expect(preferred.data.id).toBe('gpt-4o-mini')
    const refused = await t.request('/api/models/preferred', jsonInit(user, 'PUT', { modelId: 'llama3' }))
    expect(refused.status).toBe(400)
  })

  test('models need a session', async () => {
    expect((await t.request('/api/models')).status).toBe(401)
    expect((await t.request('/api/models/preferred')).status).toBe(401)
  })
})

describe('models named in OPENAI_MODELS', () => {
  const fake = startFakeOpenAi({ models: ['should-not-be-asked'] })
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_MODELS: 'model-b,model-a' })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  test('are used as given, in order, without asking the provider', async () => {
    const user = await t.createUser()
    const body = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(body.data.map((model: { id: string }) => model.id)).toEqual(['model-b', 'model-a'])
    expect(fake.requests).toHaveLength(0)
  })
})

describe('a provider whose discovery fails', () => {
  const fake = startFakeOpenAi({ apiKey: 'right-key' })
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'wrong-key' })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  test('leaves an empty catalogue (no demo model: a provider is configured) and a send says so', async () => {
    const user = await t.createUser()
    const body = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(body).toEqual({ success: true, data: [] })
    const created = await t.request('/api/chats', jsonInit(user, 'POST', {}))
    const chatId = (await created.json()).data.id
    const res = await t.request(`/api/chats/${chatId}/messages`, jsonInit(user, 'POST', { content: 'hello' }))
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ success: false, error: 'No AI model is available right now' })
  })
})
