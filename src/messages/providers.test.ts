import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { messages } from '../../db/schema'
import { DEMO_REPLIES, DEMO_REPLY } from '../ai/demo-provider'
import {
  WORKFLOW_CONNECTION_REPLY,
  WORKFLOW_EMPTY_REPLY,
  WORKFLOW_ERROR_REPLY,
} from '../ai/workflow-response'
import { startFakeWebhook } from '../test/fakes/n8n-server'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startFakeSearxng } from '../test/fakes/searxng-server'
import { startApp, type TestApp } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { chatActions, jsonInit, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

const stored = async (t: TestApp, id: string) =>
  (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!

describe('a provider that never answers', () => {
  const fake = startFakeOpenAi()
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_MODELS: 'slow-model', AI_TIMEOUT_MS: '1000' })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  test('is cut after AI_TIMEOUT_MS: the reply fails with the reason, the user message stays', async () => {
    fake.setScript({ hang: true })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const started = performance.now()
    const assistantId = await chat.sendOk(chatId, 'Anyone there?')
    const outcome = await waitForOutcome(t, assistantId, 5000)
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
    expect(outcome.payload).toEqual({
      chatId,
      messageId: assistantId,
      error: 'Failed to send message. Please try again.',
      reason: 'The AI provider did not answer within 1 second',
      failure: { reason: 'provider_timeout', seconds: 1 },
    })
    expect(await stored(t, assistantId)).toMatchObject({
      status: 'failed',
      content: '',
      error: 'The AI provider did not answer within 1 second',
    })
    expect((await chat.messages(chatId)).messages[1]).toMatchObject({
      error_code: 'provider_timeout',
      error_values: { seconds: 1 },
    })
    expect((await chat.messages(chatId)).messages[0]).toMatchObject({
      is_user: true,
      content: 'Anyone there?',
    })
    await waitFor(() => fake.openRequests() === 0, 2000, 'the hung request to be abandoned')
  })

  test('a slow stream that passes the timeout keeps its partial text', async () => {
    fake.setScript({ reply: Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 100 })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Slowly now')
    await waitForOutcome(t, assistantId, 5000)
    const row = await stored(t, assistantId)
    expect(row.status).toBe('failed')
    expect(row.content).toStartWith('w0 w1')
    expect(row.content).not.toContain('w29')
  })
})

describe('web search', () => {
  const fake = startFakeOpenAi()
  const searxng = startFakeSearxng()
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODELS: 'fake-model',
      SEARXNG_URL: searxng.url,
    })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
    await searxng.close()
  })

  test('with web search on, the top five results are given to the model as cited context', async () => {
    searxng.setResults(
      Array.from({ length: 7 }, (_, i) => ({
        title: `Result ${i + 1}`,
        url: `https://example.org/${i + 1}`,
        content: `Snippet number ${i + 1}`,
      })),
    )
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    await t.request(`/api/chats/${chatId}/config`, jsonInit(user, 'PATCH', { web_search_enabled: true }))
    await waitForOutcome(t, await chat.sendOk(chatId, 'latest bun release notes'))
    expect(searxng.queries.at(-1)).toBe('latest bun release notes')
    const system = (fake.completions().at(-1)!.body!.messages as { role: string; content: string }[])[0]!
    expect(system.role).toBe('system')
    expect(system.content).toContain('[1] Result 1 (https://example.org/1)\nSnippet number 1')
    expect(system.content).toContain('[5] Result 5')
    expect(system.content).not.toContain('Result 6')
  })

  test('a failing search engine does not stop the answer', async () => {
    searxng.setFailing(true)
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    await t.request(`/api/chats/${chatId}/config`, jsonInit(user, 'PATCH', { web_search_enabled: true }))
    const assistantId = await chat.sendOk(chatId, 'search this please')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')
    expect(fake.completions().at(-1)!.body!.messages).toEqual([
      { role: 'user', content: 'search this please' },
    ])
    searxng.setFailing(false)
  })

  test('with web search off, nothing is searched', async () => {
    const before = searxng.queries.length
    const user = await t.createUser()
    const chat = chatActions(t, user)
    await waitForOutcome(t, await chat.sendOk(await chat.createChat(), 'no search here'))
    expect(searxng.queries.length).toBe(before)
  })
})

describe('the workflow provider (N8N_WEBHOOK_URL)', () => {
  const webhook = startFakeWebhook()
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ N8N_WEBHOOK_URL: webhook.url })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    await webhook.close()
  })

  test('is the only model when it is the only provider', async () => {
    const user = await t.createUser()
    const body = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(body.data.map((model: { id: string; provider: string }) => [model.id, model.provider])).toEqual([
      ['workflow', 'workflow'],
    ])
  })

  test('posts {chatInput, timestamp, sessionId = chat id, agentId} and stores the answer', async () => {
    webhook.setScript({ status: 200, body: [{ output: 'Hello from the workflow.' }] })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    // The jokes agent is off by default (spec section 9): enabled first (docs/decisions/124).
    const enabled = await t.request('/api/agents/jokes/settings', jsonInit(user, 'PUT', { enabled: true }))
    expect(enabled.status).toBe(200)
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Tell me a joke', { agentId: 'jokes' })
    expect((await waitForOutcome(t, assistantId)).payload).toMatchObject({
      message: { content: 'Hello from the workflow.', status: 'complete', model_id: 'workflow' },
    })
    const request = webhook.requests.at(-1)!
    expect(request).toEqual({
      chatInput: 'Tell me a joke',
      timestamp: expect.any(String),
      sessionId: chatId,
      agentId: 'jokes',
      config: {},
      history: [],
    })
    expect(Number.isNaN(Date.parse(request.timestamp as string))).toBe(false)
  })

  test('a message with files reaches the webhook as one text: the message, then each file', async () => {
    webhook.setScript({ status: 200, body: 'Read it.' })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const upload = async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      const res = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
      return (await res.json()).data.id as string
    }
    const ids = [
      await upload(new File(['Line one'], 'memo.txt', { type: 'text/plain' })),
      await upload(new File([TINY_PNG as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' })),
    ]
    await waitForOutcome(
      t,
      await chat.sendOk(await chat.createChat(), 'See attached', { attachmentIds: ids }),
    )
    expect(webhook.requests.at(-1)!.chatInput).toBe(
      'See attached\n\n[Files attached: memo.txt, logo.png]\n\n--- File: memo.txt ---\nLine one\n\n' +
        '[Image attached: logo.png — this model cannot see images]',
    )
  })

  test.each([
    ['an error answer', { status: 500, body: { error: 'boom' } }, WORKFLOW_ERROR_REPLY],
    ['an empty answer', { status: 200, body: '' }, WORKFLOW_EMPTY_REPLY],
    ['a plain-text answer', { status: 200, body: 'Just text.' }, 'Just text.'],
  ])('%s is stored as the assistant’s reply', async (_name, script, reply) => {
    webhook.setScript(script)
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Hello workflow')
    await waitForOutcome(t, assistantId)
    expect(await stored(t, assistantId)).toMatchObject({ content: reply, status: 'complete', error: null })
  })
})

describe('a workflow webhook that cannot be reached', () => {
  let t: TestApp
  beforeAll(async () => {
    const closed = startFakeWebhook()
    const url = closed.url
    await closed.close()
    t = await startApp({ N8N_WEBHOOK_URL: url })
  }, 60_000)
  afterAll(() => t.close())

  test('answers with the spec’s connection reply', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Is anyone home?')
    await waitForOutcome(t, assistantId)
    expect(await stored(t, assistantId)).toMatchObject({
      content: WORKFLOW_CONNECTION_REPLY,
      status: 'complete',
    })
  })
})

describe('no provider configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp()
  }, 60_000)
  afterAll(() => t.close())

  test('the demo model is the only model and the preferred one', async () => {
    const user = await t.createUser()
    const models = await (await t.request('/api/models', { headers: user.headers })).json()
    expect(models.data.map((model: { id: string }) => model.id)).toEqual(['demo'])
    const preferred = await (await t.request('/api/models/preferred', { headers: user.headers })).json()
    expect(preferred).toEqual({ success: true, data: { id: 'demo' } })
  })

  test('its streamed reply says plainly how to configure a provider', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Hello?')
    await waitForOutcome(t, assistantId)
    const row = await stored(t, assistantId)
    expect(row).toMatchObject({ content: DEMO_REPLY, status: 'complete', modelId: 'demo' })
    expect(row.content).toContain('No AI provider is configured')
    for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODELS', 'N8N_WEBHOOK_URL', 'restart']) {
      expect(row.content).toContain(name)
    }
  })

  test('it answers in the asking user’s language', async () => {
    const user = await t.createUser()
    const patched = await t.request('/api/profile', jsonInit(user, 'PATCH', { preferred_language: 'de' }))
    expect(patched.status).toBe(200)
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Hallo?')
    await waitForOutcome(t, assistantId)
    const row = await stored(t, assistantId)
    expect(row.content).toBe(DEMO_REPLIES.de!)
    expect(row.content).toContain('OPENAI_BASE_URL')
  })
})
