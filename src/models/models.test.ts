import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { models } from '../../db/schema'
import { DEMO_MODEL_ID } from '../ai/demo-model-id'
import { startFakeWebhook } from '../test/fakes/n8n-server'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { jsonInit } from '../test/messages'
import { syncModels, WORKFLOW_MODEL_ID } from './sync'

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
        description: '',
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

describe('which discovered models see images, and what users read about them', () => {
  const fake = startFakeOpenAi({
    models: [
      // Known vision families, as OpenAI, Anthropic-compatible gateways, Ollama, vLLM and OpenRouter name them.
      'gpt-4o',
      'chatgpt-4o-latest',
      'gpt-4.1-mini',
      'gpt-5-nano',
      'o1',
      'o3',
      'o4-mini',
      'claude-3-5-sonnet-20241022',
      'claude-sonnet-4-20250514',
      'claude-opus-4-1',
      'gemini-2.0-flash',
      'llava:13b',
      'llama3.2-vision:11b',
      'Qwen/Qwen2-VL-7B-Instruct',
      'qwen2.5-vl-72b-instruct',
      'qwen2.5vl:7b',
      'qwen-vl-max',
      // Text only: other families, and the o-series members OpenAI documents as text only.
      'llama3.1:8b',
      'mistral-7b-instruct',
      'claude-2.1',
      'o3-mini',
      'gpt-4-0613',
      // What the provider's list says wins over the name, either way.
      {
        id: 'acme/seer',
        architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
        description: 'Seer reads charts and photos. It was trained on scanned documents too.',
      },
      { id: 'acme/old-seer', architecture: { modality: 'text+image->text' } },
      { id: 'local/looker', capabilities: ['completion', 'vision'] },
      { id: 'mistral-pixel', capabilities: { completion_chat: true, vision: true } },
      { id: 'openai/gpt-4o-text-gateway', architecture: { input_modalities: ['text'] } },
      { id: 'local/talker', capabilities: ['completion', 'tools'] },
    ],
  })
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ OPENAI_BASE_URL: fake.url })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  const VISION = [
    'Qwen/Qwen2-VL-7B-Instruct',
    'acme/old-seer',
    'acme/seer',
    'chatgpt-4o-latest',
    'claude-3-5-sonnet-20241022',
    'claude-opus-4-1',
    'claude-sonnet-4-20250514',
    'gemini-2.0-flash',
    'gpt-4.1-mini',
    'gpt-4o',
    'gpt-5-nano',
    'llama3.2-vision:11b',
    'llava:13b',
    'local/looker',
    'mistral-pixel',
    'o1',
    'o3',
    'o4-mini',
    'qwen-vl-max',
    'qwen2.5-vl-72b-instruct',
    'qwen2.5vl:7b',
  ]

  test('known vision families and models the provider lists with image input see images by default', async () => {
    const user = await t.createUser()
    const { data } = await t.as(user).api.models.get()
    const models = data!.data
    expect(models.filter((model) => model.supports_vision).map((model) => model.id)).toEqual(VISION)
    expect(models.filter((model) => !model.supports_vision).map((model) => model.id)).toEqual([
      'claude-2.1',
      'gpt-4-0613',
      'llama3.1:8b',
      'local/talker',
      'mistral-7b-instruct',
      'o3-mini',
      'openai/gpt-4o-text-gateway',
    ])
  })

  test('a description is the provider’s first sentence, or none: never the provider’s address', async () => {
    const user = await t.createUser()
    const models = (await t.as(user).api.models.get()).data!.data
    const host = new URL(fake.url).host
    for (const model of models) expect(model.description).not.toContain(host)
    expect(models.find((model) => model.id === 'acme/seer')!.description).toBe(
      'Seer reads charts and photos.',
    )
    expect(models.find((model) => model.id === 'gpt-4o')!.description).toBe('')
  })

  test('an administrator’s vision setting still overrides the default, both ways, and survives a refresh', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const user = await t.createUser()
    const visionOf = async (id: string) =>
      (await t.as(user).api.models.get()).data!.data.find((model) => model.id === id)!.supports_vision
    const edit = t.as(admin).api.admin.models
    expect((await edit({ id: 'gpt-4o' }).patch({ vision: false })).status).toBe(200)
    expect((await edit({ id: 'llama3.1:8b' }).patch({ vision: true })).status).toBe(200)
    expect((await edit.refresh.post()).status).toBe(200)
    expect(await visionOf('gpt-4o')).toBe(false)
    expect(await visionOf('llama3.1:8b')).toBe(true)
    expect((await edit({ id: 'gpt-4o' }).patch({ vision: null })).status).toBe(200)
    expect(await visionOf('gpt-4o')).toBe(true)
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

  test('see images by their names too (no list to read), with no description', async () => {
    const config = { ...t.ctx.config, ai: { ...t.ctx.config.ai, openaiModels: ['gpt-4o', 'llama3'] } }
    expect(await syncModels({ ...t.ctx, config })).toBe(true)
    const user = await t.createUser()
    const models = (await t.as(user).api.models.get()).data!.data
    expect(models.map((model) => [model.id, model.supports_vision, model.description])).toEqual([
      ['gpt-4o', true, ''],
      ['llama3', false, ''],
    ])
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

describe('Parley’s own models, worded in the reader’s language (decision 150)', () => {
  const webhook = startFakeWebhook()
  let t: TestApp
  let bare: TestApp
  beforeAll(async () => {
    t = await startApp({ N8N_WEBHOOK_URL: `${webhook.url}/webhook/agents` })
    bare = await startApp({})
  }, 60_000)
  afterAll(async () => {
    await Promise.all([t.close(), bare.close()])
    await webhook.close()
  })

  test('the workflow agents and the demo carry a name and description code beside their English', async () => {
    const user = await t.createUser()
    expect((await t.as(user).api.models.get()).data!.data).toEqual([
      expect.objectContaining({
        id: WORKFLOW_MODEL_ID,
        name: 'Workflow agents',
        name_code: 'workflow',
        description_code: 'workflow',
      }),
    ])
    const someone = await bare.createUser()
    expect((await bare.as(someone).api.models.get()).data!.data).toEqual([
      expect.objectContaining({
        id: DEMO_MODEL_ID,
        name: 'Demo (no AI provider configured)',
        name_code: 'demo',
        description_code: 'demo',
      }),
    ])
  })

  test('a name or description an administrator wrote is theirs: no code for it', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const user = await t.createUser()
    const patch = (body: { displayName: string | null }) =>
      t.as(admin).api.admin.models({ id: WORKFLOW_MODEL_ID }).patch(body)
    expect((await patch({ displayName: 'Team agents' })).status).toBe(200)
    try {
      const [model] = (await t.as(user).api.models.get()).data!.data
      expect(model).toMatchObject({ name: 'Team agents', description_code: 'workflow' })
      expect(model).not.toHaveProperty('name_code')
    } finally {
      await patch({ displayName: null })
    }
  })
})
