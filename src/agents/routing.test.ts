import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { auditLog, messages } from '../../db/schema'
import {
  WORKFLOW_CONNECTION_REPLY,
  WORKFLOW_EMPTY_REPLY,
  WORKFLOW_ERROR_REPLY,
} from '../ai/workflow-response'
import { startFakeWebhook } from '../test/fakes/n8n-server'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions, deltasOf, waitForOutcome } from '../test/messages'
import { noWorkflowReply } from './reply-texts'
import { JOKES_INSTRUCTION } from './routing'

/*
 * Sending to an agent (issue 14, docs/decisions/124): refusals before anything is stored, the
 * routing per model (workflow model: the agent's workflow; a model: RAG natively, jokes as an
 * instruction), signed workflow requests with the history, n8n's streamed answers as deltas, the
 * section 8 replies for a workflow that is down, slow, or floods, and the admin's agent settings.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = any

const SECRET = 'default-signing-secret'
const webhook = startFakeWebhook({ secret: SECRET })
const openai = startFakeOpenAi()
let t: TestApp
let admin: TestUser

beforeAll(async () => {
  t = await startApp({
    N8N_WEBHOOK_URL: webhook.url,
    WORKFLOW_SIGNING_SECRET: SECRET,
    OPENAI_BASE_URL: openai.url,
    OPENAI_MODELS: 'fake-model',
  })
  admin = await t.createUser({ role: 'admin' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await webhook.close()
  await openai.close()
})

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await t.request(path, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text) as Loose, text }
}

const storedIn = (chatId: string) => t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))
const contentOf = async (id: string) =>
  (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!

async function workflowSend(user: TestUser, content: string, agentId = 'rag', chatId?: string) {
  const chat = chatActions(t, user)
  const id = chatId ?? (await chat.createChat())
  const assistantId = await chat.sendOk(id, content, { agentId, modelId: 'workflow' })
  await waitForOutcome(t, assistantId, 15_000)
  return { chatId: id, assistantId }
}

describe('refusals before anything is stored', () => {
  test('an unknown or disabled agent: 400 bad_request:agent, no message, no call', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const calls = webhook.calls.length
    const completions = openai.completions().length
    for (const agentId of ['weather', 'jokes', 'calendar']) {
      for (const modelId of ['workflow', 'fake-model']) {
        const res = await call(user, 'POST', `/api/chats/${chatId}/messages`, {
          content: 'hi',
          agentId,
          modelId,
        })
        expect({ agentId, modelId, status: res.status, code: res.body.code }).toEqual({
          agentId,
          modelId,
          status: 400,
          code: 'bad_request:agent',
        })
      }
    }
    const legacy = await call(user, 'POST', '/api/chat', {
      message: 'hi',
      sessionId: chatId,
      agentId: 'jokes',
    })
    expect(legacy.status).toBe(400)
    expect(await storedIn(chatId)).toHaveLength(0)
    expect(webhook.calls.length).toBe(calls)
    expect(openai.completions().length).toBe(completions)
    // A disabled agent becomes usable once enabled (the user's cache is dropped at once).
    expect((await call(user, 'PUT', '/api/agents/jokes/settings', { enabled: true })).status).toBe(200)
    await chat.sendOk(chatId, 'hi', { agentId: 'jokes', modelId: 'fake-model' })
  })
})

describe('routing', () => {
  test('the workflow model: the agent’s workflow, signed, with the history and the agent’s config', async () => {
    const user = await t.createUser()
    webhook.setScript({ status: 200, body: [{ output: 'First answer.' }] })
    const first = await workflowSend(user, 'What is our leave policy?')
    webhook.setScript({ status: 200, body: { output: 'Second answer.' } })
    await workflowSend(user, 'And for part-time staff?', 'rag', first.chatId)
    const call = webhook.calls.at(-1)!
    expect(call.signatureValid).toBe(true)
    expect(call.headers['x-parley-signature']).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(Number(call.headers['x-parley-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60)
    expect(JSON.parse(call.rawBody)).toEqual({
      chatInput: 'And for part-time staff?',
      timestamp: expect.any(String),
      sessionId: first.chatId,
      agentId: 'rag',
      config: {},
      history: [
        { role: 'user', content: 'What is our leave policy?' },
        { role: 'assistant', content: 'First answer.' },
      ],
    })
    // The secret itself never travels.
    expect(webhook.calls.at(-1)!.rawBody).not.toContain(SECRET)
  })

  test('a model: RAG runs natively (no workflow call), jokes as an instruction to the model', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const calls = webhook.calls.length
    openai.setScript({ reply: 'Native answer.' })
    await waitForOutcome(
      t,
      await chat.sendOk(await chat.createChat(), 'Find the handbook', {
        agentId: 'rag',
        modelId: 'fake-model',
      }),
    )
    expect(webhook.calls.length).toBe(calls)
    const ragPrompt = JSON.stringify(openai.completions().at(-1)!.body)
    expect(ragPrompt).not.toContain('Employee agent')

    expect((await call(user, 'PUT', '/api/agents/jokes/settings', { enabled: true })).status).toBe(200)
    await waitForOutcome(
      t,
      await chat.sendOk(await chat.createChat(), 'Tell me a joke', {
        agentId: 'jokes',
        modelId: 'fake-model',
      }),
    )
    expect(webhook.calls.length).toBe(calls)
    const sent = openai.completions().at(-1)!.body as { messages: { role: string; content: string }[] }
    expect(sent.messages[0]).toEqual({ role: 'system', content: JOKES_INSTRUCTION })
  })

  test('no agent id (older clients): the default flow, as before', async () => {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    webhook.setScript({ status: 200, body: 'Plain.' })
    const assistantId = await chat.sendOk(await chat.createChat(), 'Hello', { modelId: 'workflow' })
    await waitForOutcome(t, assistantId)
    expect((await contentOf(assistantId)).content).toBe('Plain.')
    expect(webhook.requests.at(-1)).not.toHaveProperty('agentId')
  })
})

describe('regenerate', () => {
  test('takes the agent too: a disabled one is refused and the answer stays', async () => {
    const user = await t.createUser()
    webhook.setScript({ status: 200, body: 'First.' })
    const { chatId, assistantId } = await workflowSend(user, 'Say something')
    const refused = await call(user, 'POST', `/api/chats/${chatId}/regenerate`, {
      agentId: 'jokes',
      modelId: 'workflow',
    })
    expect([refused.status, refused.body.code]).toEqual([400, 'bad_request:agent'])
    expect((await storedIn(chatId)).map((m) => m.id)).toContain(assistantId)
    await call(user, 'PUT', '/api/agents/jokes/settings', { enabled: true })
    webhook.setScript({ status: 200, body: 'Funnier.' })
    const again = await call(user, 'POST', `/api/chats/${chatId}/regenerate`, {
      agentId: 'jokes',
      modelId: 'workflow',
    })
    expect(again.status).toBe(202)
    await waitForOutcome(t, again.body.data.assistantMessageId)
    expect(webhook.requests.at(-1)).toMatchObject({
      agentId: 'jokes',
      chatInput: 'Say something',
      history: [],
    })
  })
})

describe('streamed workflow answers', () => {
  test.each([
    ['application/json', 'application/json; charset=utf-8'],
    ['application/x-ndjson', 'application/x-ndjson'],
  ])('n8n’s begin/item/end chunks (%s) arrive as several deltas', async (_name, contentType) => {
    const user = await t.createUser()
    webhook.setScript({
      status: 200,
      stream: ['Once ', 'upon ', 'a ', 'time.'],
      streamContentType: contentType,
      chunkDelayMs: 30,
    })
    const { assistantId } = await workflowSend(user, 'Tell me a story')
    const deltas = deltasOf(t, assistantId)
    expect(deltas.map((delta) => delta.delta)).toEqual(['Once ', 'upon ', 'a ', 'time.'])
    expect(deltas.map((delta) => delta.seq)).toEqual([1, 2, 3, 4])
    expect(await contentOf(assistantId)).toMatchObject({ content: 'Once upon a time.', status: 'complete' })
  })

  test('a stream that reports an error before any text: the spec’s error reply', async () => {
    const user = await t.createUser()
    webhook.setScript({ status: 200, stream: [], streamError: true })
    const { assistantId } = await workflowSend(user, 'Fail please')
    expect((await contentOf(assistantId)).content).toBe(WORKFLOW_ERROR_REPLY)
    webhook.setScript({ status: 200, stream: [] })
    const empty = await workflowSend(user, 'Nothing please')
    expect((await contentOf(empty.assistantId)).content).toBe(WORKFLOW_EMPTY_REPLY)
  })
})

describe('a workflow that misbehaves: the section 8 replies, the question kept', () => {
  test('the replies are written in the asker’s language (decision 150)', async () => {
    const marie = await t.createUser()
    await t.as(marie).api.profile.patch({ preferred_language: 'fr' })
    webhook.setScript({ status: 502, body: '<html>Bad gateway</html>' })
    expect((await contentOf((await workflowSend(marie, 'Bonjour ?')).assistantId)).content).toBe(
      'Je suis désolé, une erreur s’est produite lors du traitement de votre demande.',
    )
    webhook.setScript({ status: 200, body: '' })
    expect((await contentOf((await workflowSend(marie, 'Rien ?')).assistantId)).content).toBe(
      'J’ai reçu une réponse vide du service d’IA. Veuillez réessayer.',
    )
    webhook.setScript({ status: 200, body: 'ok' })
  })

  test('a 50 MB garbage answer is cut at the cap: the error reply', async () => {
    const user = await t.createUser()
    webhook.setScript({ status: 200, bigBytes: 50 * 1024 * 1024 })
    const started = performance.now()
    const { chatId, assistantId } = await workflowSend(user, 'Flood me')
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(await contentOf(assistantId)).toMatchObject({ content: WORKFLOW_ERROR_REPLY, status: 'complete' })
    expect((await storedIn(chatId)).some((m) => m.isUser && m.content === 'Flood me')).toBe(true)
  })

  test('an error status and an unreadable answer', async () => {
    const user = await t.createUser()
    webhook.setScript({ status: 502, body: '<html>Bad gateway</html>' })
    expect((await contentOf((await workflowSend(user, 'Hello?')).assistantId)).content).toBe(
      WORKFLOW_ERROR_REPLY,
    )
  })

  test('slow past the agent’s time limit, and down: the connection reply', async () => {
    const user = await t.createUser()
    const limit = await call(admin, 'PUT', '/api/admin/agents/rag', { timeoutSeconds: 1 })
    expect(limit.status).toBe(200)
    try {
      webhook.setScript({ status: 200, body: 'Too late', delayMs: 3000 })
      const started = performance.now()
      const slow = await workflowSend(user, 'Quick?')
      expect(performance.now() - started).toBeLessThan(2800)
      expect((await contentOf(slow.assistantId)).content).toBe(WORKFLOW_CONNECTION_REPLY)

      const closed = startFakeWebhook()
      const deadUrl = closed.url
      await closed.close()
      expect((await call(admin, 'PUT', '/api/admin/agents/rag', { webhookUrl: deadUrl })).status).toBe(200)
      const down = await workflowSend(user, 'Anyone?')
      expect((await contentOf(down.assistantId)).content).toBe(WORKFLOW_CONNECTION_REPLY)
      expect((await storedIn(down.chatId)).some((m) => m.isUser && m.content === 'Anyone?')).toBe(true)
    } finally {
      await call(admin, 'PUT', '/api/admin/agents/rag', { timeoutSeconds: null, webhookUrl: null })
    }
  })
})

describe('the admin’s agent settings', () => {
  test('listed with their defaults; an agent’s own webhook and secret are used, never returned, audited', async () => {
    const list = await call(admin, 'GET', '/api/admin/agents')
    expect(list.status).toBe(200)
    expect(list.body.data.items.map((item: Loose) => item.id)).toEqual(['rag', 'jokes', 'calendar'])
    expect(list.body.data.items[1]).toEqual({
      id: 'jokes',
      name: 'Employee agent',
      offered: true,
      webhookUrl: null,
      secretSaved: false,
      timeoutSeconds: null,
      usesDefaults: true,
    })
    const own = startFakeWebhook({ secret: 'jokes-own-secret' })
    try {
      const saved = await call(admin, 'PUT', '/api/admin/agents/jokes', {
        webhookUrl: `${own.base}/webhook/jokes`,
        secret: 'jokes-own-secret',
        timeoutSeconds: 30,
      })
      expect(saved.status).toBe(200)
      expect(saved.body.data).toMatchObject({ secretSaved: true, usesDefaults: false, timeoutSeconds: 30 })
      expect(saved.text).not.toContain('jokes-own-secret')
      const [entry] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'agents.update'), eq(auditLog.targetId, 'jokes')))
      expect(entry!.details).toMatchObject({
        changes: { secret: 'changed', timeoutSeconds: { from: null, to: 30 } },
      })
      expect(JSON.stringify(entry)).not.toContain('jokes-own-secret')

      const user = await t.createUser()
      await call(user, 'PUT', '/api/agents/jokes/settings', { enabled: true })
      own.setScript({ status: 200, body: 'A joke.' })
      const { assistantId } = await workflowSend(user, 'Joke!', 'jokes')
      expect((await contentOf(assistantId)).content).toBe('A joke.')
      expect(own.calls.at(-1)!.path).toBe('/webhook/jokes')
      expect(own.calls.at(-1)!.signatureValid).toBe(true)
    } finally {
      await call(admin, 'PUT', '/api/admin/agents/jokes', {
        webhookUrl: null,
        secret: null,
        timeoutSeconds: null,
      })
      await own.close()
    }
  })

  test('an agent withdrawn is gone from the list and refused on send; non-admins are refused', async () => {
    const user = await t.createUser()
    expect((await call(user, 'GET', '/api/admin/agents')).status).toBe(403)
    expect((await call(user, 'PUT', '/api/admin/agents/rag', { offered: false })).status).toBe(403)
    expect((await call(admin, 'PUT', '/api/admin/agents/nope', { offered: false })).status).toBe(404)
    const bad = await call(admin, 'PUT', '/api/admin/agents/rag', { webhookUrl: 'ftp://x' })
    expect([bad.status, bad.body.code]).toEqual([400, 'bad_request:agent_workflow'])
    expect((await call(admin, 'PUT', '/api/admin/agents/rag', { offered: false })).status).toBe(200)
    try {
      const agents = await call(user, 'GET', '/api/agents')
      expect(agents.body.data.items.map((agent: Loose) => agent.id)).toEqual(['jokes', 'calendar'])
      const chatId = await chatActions(t, user).createChat()
      const res = await call(user, 'POST', `/api/chats/${chatId}/messages`, { content: 'hi', agentId: 'rag' })
      expect([res.status, res.body.code]).toEqual([400, 'bad_request:agent'])
      expect((await call(user, 'PUT', '/api/agents/rag/settings', { visible: false })).status).toBe(404)
    } finally {
      await call(admin, 'PUT', '/api/admin/agents/rag', { offered: true })
    }
  })
})

describe('without N8N_WEBHOOK_URL', () => {
  const model = startFakeOpenAi()
  let app: TestApp
  beforeAll(async () => {
    app = await startApp({ OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-model' })
  }, 60_000)
  afterAll(async () => {
    await app.close()
    await model.close()
  })
  const request = async (user: TestUser, method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Loose }
  }

  test('RAG and jokes run natively and say so; the calendar agent says it needs a workflow', async () => {
    const user = await app.createUser()
    const agents = await request(user, 'GET', '/api/agents')
    expect(
      agents.body.data.items.map((agent: Loose) => [agent.id, agent.runsOn, agent.workflowConfigured]),
    ).toEqual([
      ['rag', 'native', false],
      ['jokes', 'native', false],
      ['calendar', 'workflow', false],
    ])
    await request(user, 'PUT', '/api/agents/calendar/settings', { enabled: true })
    const chat = chatActions(app, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Book Friday', { agentId: 'calendar' })
    await waitForOutcome(app, assistantId)
    const [row] = await app.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
    expect(row).toMatchObject({ content: noWorkflowReply('calendar'), status: 'complete' })
  })

  test('a German sender is told in German, the agent named as their screens name it', async () => {
    const hans = await app.createUser()
    await app.as(hans).api.profile.patch({ preferred_language: 'de' })
    await request(hans, 'PUT', '/api/agents/calendar/settings', { enabled: true })
    const chat = chatActions(app, hans)
    const assistantId = await chat.sendOk(await chat.createChat(), 'Termin am Freitag', {
      agentId: 'calendar',
    })
    await waitForOutcome(app, assistantId)
    const [row] = await app.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
    expect(row!.content).toBe(
      'Der Kalender-Agent braucht einen Workflow, und es ist keiner eingerichtet. Bitte einen Administrator, einen einzurichten.',
    )
  })

  test('an agent’s own webhook set by an administrator brings the workflow model', async () => {
    const admin = await app.createUser({ role: 'admin' })
    const user = await app.createUser()
    const models = async () =>
      (await request(user, 'GET', '/api/models')).body.data.map((entry: { id: string }) => entry.id)
    expect(await models()).not.toContain('workflow')
    const own = startFakeWebhook()
    try {
      expect(
        (await request(admin, 'PUT', '/api/admin/agents/calendar', { webhookUrl: `${own.base}/cal` })).status,
      ).toBe(200)
      expect(await models()).toContain('workflow')
      // RAG has no workflow of its own: with the workflow model it says so plainly.
      const chat = chatActions(app, user)
      const assistantId = await chat.sendOk(await chat.createChat(), 'Hi', {
        agentId: 'rag',
        modelId: 'workflow',
      })
      await waitForOutcome(app, assistantId)
      const [row] = await app.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
      expect(row!.content).toBe(noWorkflowReply('rag'))
    } finally {
      await request(admin, 'PUT', '/api/admin/agents/calendar', { webhookUrl: null })
      await own.close()
    }
    expect(await models()).not.toContain('workflow')
  })
})
