import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import OpenAI from 'openai'
import {
  apiKeyReservations,
  apiKeys,
  budgetReservations,
  chats,
  groupMembers,
  groups,
  messages,
  usageRecords,
  users,
} from '../../db/schema'
import { forgetGroupPolicies } from '../groups/policy'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { type ListeningApp, startApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'

const fake = startFakeOpenAi({ models: ['fake-model', 'fake-model-large'] })
let t: ListeningApp

beforeAll(async () => {
  t = await startApp(
    {
      OPENAI_BASE_URL: fake.url,
      // $1000 per million tokens: a tenth of a cent a token; embeddings $500 per million input tokens.
      MODEL_PRICES: 'fake-model=1000/1000,text-embedding-3-small=500/0',
      API_KEY_RATE_LIMIT: '20',
    },
    { listen: true },
  )
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  fake.setScript({})
  fake.setEmbeddings({})
})

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = Record<string, any>

async function newKey(user: TestUser, body: Loose = {}): Promise<{ id: string; key: string }> {
  const res = await t.request('/api/keys', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Tests', scopes: ['chat', 'embeddings', 'models'], ...body }),
  })
  expect(res.status).toBe(201)
  return (await res.json()).data
}

const client = (key: string, options: { maxRetries?: number } = {}) =>
  new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: options.maxRetries ?? 0 })

async function raw(path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Loose | null = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, text, body: json as Loose }
}

/** The SDK's error for a call, or a failure when it succeeded. */
async function sdkError(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call
  } catch (error) {
    expect(error).toBeInstanceOf(OpenAI.APIError)
    return error as InstanceType<typeof OpenAI.APIError>
  }
  throw new Error('the call succeeded')
}

const usageOfKey = (keyId: string) =>
  t.ctx.db.select().from(usageRecords).where(eq(usageRecords.apiKeyId, keyId))

describe('POST /v1/chat/completions with the official SDK', () => {
  test('answers a chat.completion, records the usage against the person and the key, stores no chat', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    const completion = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello?' },
      ],
      temperature: 0.2,
      max_tokens: 50,
    })
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'fake-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello from the fake model.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
    })
    expect(completion.id).toStartWith('chatcmpl-')
    const sent = fake.completions().at(-1)!.body!
    expect(sent).toMatchObject({ model: 'fake-model', temperature: 0.2, max_tokens: 50 })
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello?' },
    ])
    const rows = await usageOfKey(id)
    expect(rows).toHaveLength(1)
    // 18 tokens at $1000 per million.
    expect(rows[0]).toMatchObject({
      userId: user.id,
      promptTokens: 12,
      completionTokens: 6,
      costMicros: 18_000,
      chatId: null,
    })
    expect(await t.ctx.db.select().from(chats).where(eq(chats.userId, user.id))).toHaveLength(0)
    // The key's spend and last use show in the person's list.
    const list = await (await t.request('/api/keys', { headers: user.headers })).json()
    expect(list.data.items[0]).toMatchObject({ spendThisMonth: 0.018 })
    await waitFor(
      async () => (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt !== null,
    )
  })

  test('streams chat.completion.chunk events as OpenAI does, with a final usage chunk when asked', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({ chunks: ['One ', 'two ', 'three.'] })
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    const chunks: Loose[] = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks[0]!.choices[0].delta).toEqual({ role: 'assistant', content: '' })
    const text = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')
    expect(text).toBe('One two three.')
    const finish = chunks.findLast((chunk) => chunk.choices.length > 0)!
    expect(finish.choices[0].finish_reason).toBe('stop')
    const last = chunks.at(-1)!
    expect(last.choices).toEqual([])
    expect(last.usage).toEqual({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 })
    for (const chunk of chunks)
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'fake-model' })
  })

  test('the raw stream is OpenAI’s server-sent events, ending with [DONE]; no usage chunk unless asked', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const res = await raw('/v1/chat/completions', key, {
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/event-stream')
    const events = res.text.split('\n\n').filter(Boolean)
    expect(events.every((event) => event.startsWith('data: '))).toBe(true)
    expect(events.at(-1)).toBe('data: [DONE]')
    const parsed = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)))
    expect(parsed.every((chunk) => chunk.usage === undefined && chunk.choices.length === 1)).toBe(true)
  })

  test('content parts (text and images) reach the provider; developer turns become system turns', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'developer', content: 'Rules.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
        { role: 'assistant', content: 'A picture.' },
        { role: 'user', content: 'Sure?' },
      ],
    })
    const sent = fake.completions().at(-1)!.body!
    expect((sent.messages as Loose[]).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect((sent.messages as Loose[])[1]!.content[1]).toEqual({
      type: 'image_url',
      image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' },
    })
  })

  // Past the JSON limit an inline image arrives into a temporary file and is put back under a share
  // of the server's allowance, held until the streamed answer has gone (decision 189).
  test('a large inline image reaches the provider exactly; its share of the allowance is held until the stream ends', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const url = `data:image/png;base64,${Buffer.alloc(1_500_000, 9).toString('base64')}`
    const free = t.ctx.largeBodies.available
    fake.setScript({ chunks: ['one', ' two', ' three'], chunkDelayMs: 300 })
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      stream: true,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Big?' },
            { type: 'image_url', image_url: { url } },
          ],
        },
      ],
    })
    const text: string[] = []
    let heldWhileStreaming = 0
    for await (const chunk of stream) {
      heldWhileStreaming = Math.max(heldWhileStreaming, free - t.ctx.largeBodies.available)
      text.push(chunk.choices[0]?.delta?.content ?? '')
    }
    expect(text.join('')).toBe('one two three')
    expect(heldWhileStreaming).toBe(url.length)
    await waitFor(() => t.ctx.largeBodies.available === free)
    const sent = fake.completions().at(-1)!.body!
    expect((sent.messages as Loose[])[0]!.content[1]).toEqual({ type: 'image_url', image_url: { url } })
  })

  // The images are read back only once the model is known: an unknown model is answered at once,
  // without a share of the allowance, even when all of it is taken (decision 189).
  test('a large inline image for an unknown model is a 404 that neither waits for nor takes the allowance', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const url = `data:image/png;base64,${Buffer.alloc(1_500_000, 9).toString('base64')}`
    const release = await t.ctx.largeBodies.take(t.ctx.largeBodies.capacity)
    try {
      const res = await t.request('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'no-such-model',
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
        }),
      })
      expect(res.status).toBe(404)
      expect(((await res.json()) as Loose).error.code).toBe('model_not_found')
      expect(t.ctx.largeBodies.available).toBe(0)
    } finally {
      release()
    }
  })

  test('a large inline image of the wrong form is refused by its parameter before the model is called', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const calls = fake.completions().length
    const res = await t.request('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'fake-model',
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: `ftp://${'a'.repeat(1_500_000)}` } }],
          },
        ],
      }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as Loose).error.param).toBe('messages[0].content[0].image_url.url')
    expect(fake.completions().length).toBe(calls)
  })

  test('a stop sequence ends the answer before it', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({ chunks: ['alpha be', 'ta END gamma'] })
    const whole = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Go' }],
      stop: [' END'],
    })
    expect(whole.choices[0]!.message.content).toBe('alpha beta')
    expect(whole.choices[0]!.finish_reason).toBe('stop')
  })

  test('the SDK retries a provider failure (502) and gets the answer', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const before = fake.completions().length
    fake.queueScript({ fail: { status: 500, message: 'upstream broke' } })
    const completion = await client(key, { maxRetries: 1 }).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(completion.choices[0]!.message.content).toBe('Hello from the fake model.')
    expect(fake.completions().length - before).toBe(2)
  })

  test('a provider failure is 502 with the reason, streamed or not', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({ fail: { status: 500, message: 'upstream broke' } })
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(502)
    expect(error.message).toContain('upstream broke')
    const streamed = await raw('/v1/chat/completions', key, {
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    expect(streamed.status).toBe(502)
    expect(streamed.body.error).toMatchObject({ type: 'api_error', code: 'provider_error' })
  })

  test('a client that goes away stops the provider’s call; what was used is still recorded', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    let release = () => {}
    fake.setScript({
      chunks: ['first ', 'second'],
      beforeFinish: new Promise<void>((resolve) => (release = resolve)),
    })
    const controller = new AbortController()
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'fake-model',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    try {
      await waitFor(async () => (await usageOfKey(id)).length === 1)
      await waitFor(() => fake.openRequests() === 0)
    } finally {
      release()
    }
  })

  test('a stream cut mid-answer ends with an error event the SDK throws, and no [DONE]', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({ chunks: ['a ', 'b ', 'c '], cutAfterChunks: 2 })
    const res = await raw('/v1/chat/completions', key, {
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('[DONE]')
    expect(res.text).toContain('"error"')
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    const failure = await sdkError(
      (async () => {
        for await (const _chunk of stream) {
        }
      })(),
    )
    expect(failure.message).toContain('The model provider failed')
  })
})

describe('refusals in OpenAI’s shape', () => {
  test('a missing, unknown or malformed key is 401 invalid_api_key', async () => {
    const error = await sdkError(client('pk-not-a-real-key').models.list())
    expect(error.status).toBe(401)
    expect(error.code).toBe('invalid_api_key')
    const none = await raw('/v1/models', null)
    expect(none.status).toBe(401)
    expect(none.body.error).toMatchObject({
      code: 'invalid_api_key',
      type: 'invalid_request_error',
      param: null,
    })
    const user = await t.createUser()
    // A session token is not an API key.
    expect((await raw('/v1/models', user.token)).status).toBe(401)
  })

  test('a key in the query string, a session cookie or a browser Origin is refused', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const query = await raw(`/v1/models?api_key=${key}`, null)
    expect(query.status).toBe(401)
    expect(query.body.error.message).toContain('query string')
    expect((await raw(`/v1/models?key=${key}`, key)).status).toBe(401)
    const cookie = await raw('/v1/models', key, undefined, { cookie: `parley_session=${user.token}` })
    expect(cookie.status).toBe(403)
    expect(cookie.body.error.code).toBe('permission_denied')
    const origin = await raw('/v1/models', key, undefined, { origin: 'https://evil.example' })
    expect(origin.status).toBe(403)
    expect(origin.body.error.message).toContain('browser')
    // Not even the app's own origin.
    expect((await raw('/v1/models', key, undefined, { origin: t.url })).status).toBe(403)
  })

  test('an expired key is 401', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user, { expiresAt: new Date(Date.now() + 60_000).toISOString() })
    expect((await raw('/v1/models', key)).status).toBe(200)
    const now = t.ctx.now
    t.ctx.now = () => new Date(Date.now() + 120_000)
    try {
      const res = await raw('/v1/models', key)
      expect(res.status).toBe(401)
      expect(res.body.error.message).toContain('expired')
    } finally {
      t.ctx.now = now
    }
  })

  test('a banned person’s key stops within a second', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    expect((await raw('/v1/models', key)).status).toBe(200)
    await t.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id))
    await waitFor(async () => (await raw('/v1/models', key)).status === 401, 1500)
  })

  test('a deleted person’s key stops within a second', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    expect((await raw('/v1/models', key)).status).toBe(200)
    await t.ctx.db.delete(users).where(eq(users.id, user.id))
    await waitFor(async () => (await raw('/v1/models', key)).status === 401, 1500)
  })

  test('a scope the key lacks is 403', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user, { scopes: ['embeddings'] })
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(403)
    expect(error.code).toBe('permission_denied')
    expect((await sdkError(client(key).models.list())).status).toBe(403)
  })

  test('an unknown model is 404 model_not_found; a model the person’s groups do not allow is 403', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const before = fake.completions().length
    const error = await sdkError(
      client(key).chat.completions.create({ model: 'gpt-nope', messages: [{ role: 'user', content: 'Hi' }] }),
    )
    expect(error.status).toBe(404)
    expect(error.code).toBe('model_not_found')
    expect(error.param).toBe('model')
    const [group] = await t.ctx.db
      .insert(groups)
      .values({ name: `Narrow ${user.id}`, models: ['fake-model-large'] })
      .returning()
    await t.ctx.db.insert(groupMembers).values({ groupId: group!.id, userId: user.id, source: 'manual' })
    // This instance forgets its copy of the person's groups, as the admin's group routes do.
    forgetGroupPolicies(t.ctx, user.id)
    const refused = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(refused.status).toBe(403)
    expect(refused.code).toBe('model_not_allowed')
    const models = await client(key).models.list()
    expect(models.data.map((model) => model.id)).not.toContain('fake-model')
    expect(fake.completions().length).toBe(before)
  })

  test('tools pass through: the model’s calls come back to the client, and their results go on to the model', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ]
    fake.setScript({
      reply: '',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Lisbon"}' }],
    })
    const asked = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Weather in Lisbon?' }],
      tools,
      tool_choice: 'auto',
    })
    expect(asked.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
          },
        ],
      },
    })
    const sent = fake.completions().at(-1)!.body!
    expect(sent.tools).toEqual(tools)
    expect(sent.tool_choice).toBe('auto')

    // The client ran the function: its result goes back with the call, and the model answers.
    fake.setScript({ reply: 'Sunny, 24 °C.' })
    const answered = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'user', content: 'Weather in Lisbon?' },
        asked.choices[0]!.message,
        { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"sunny","celsius":24}' },
      ],
      tools,
    })
    expect(answered.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { content: 'Sunny, 24 °C.' },
    })
    expect((fake.completions().at(-1)!.body!.messages as unknown[]).slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"sunny","celsius":24}' },
    ])

    // Streamed: the SDK gathers the call from the chunks, as from OpenAI's.
    fake.setScript({
      reply: 'Let me look.',
      toolCalls: [{ id: 'call_2', name: 'get_weather', arguments: '{"city":"Porto"}' }],
    })
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'And Porto?' }],
      tools,
      stream: true,
    })
    let text = ''
    const calls: { id?: string; name?: string; arguments: string }[] = []
    let finish: string | null = null
    for await (const chunk of stream) {
      const choice = chunk.choices[0]
      if (!choice) continue
      text += choice.delta.content ?? ''
      for (const call of choice.delta.tool_calls ?? []) {
        calls[call.index] ??= { arguments: '' }
        const gathered = calls[call.index]!
        gathered.id ??= call.id
        gathered.name ??= call.function?.name
        gathered.arguments += call.function?.arguments ?? ''
      }
      finish = choice.finish_reason ?? finish
    }
    expect(text).toBe('Let me look.')
    expect(calls).toEqual([{ id: 'call_2', name: 'get_weather', arguments: '{"city":"Porto"}' }])
    expect(finish).toBe('tool_calls')
  })

  const weather = {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  }

  test('legacy functions reach the provider as tools; the model’s first call comes back as function_call', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    // Legacy functions have one call per turn: of the model's two calls, only the first comes back.
    fake.setScript({
      reply: '',
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Lisbon"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Porto"}' },
      ],
    })
    const asked = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Weather in Lisbon?' }],
      functions: [weather],
      function_call: { name: 'get_weather' },
    })
    expect(asked.choices[0]).toMatchObject({
      finish_reason: 'function_call',
      message: {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
      },
    })
    expect(asked.choices[0]!.message.tool_calls).toBeUndefined()
    const sent = fake.completions().at(-1)!.body!
    expect(sent.tools).toEqual([{ type: 'function', function: weather }])
    expect(sent.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } })
    expect(sent.functions).toBeUndefined()
    // Charged as any call.
    expect(await usageOfKey(id)).toHaveLength(1)
  })

  test('a legacy function_call and its function result reach the provider as a tool call and its tool message, paired by id', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({ reply: 'Sunny in Lisbon, rain in Porto.' })
    const answered = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [
        { role: 'user', content: 'Weather in Lisbon and Porto?' },
        {
          role: 'assistant',
          content: null,
          function_call: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
        },
        { role: 'function', name: 'get_weather', content: '{"sky":"sunny"}' },
        {
          role: 'assistant',
          content: null,
          function_call: { name: 'get_weather', arguments: '{"city":"Porto"}' },
        },
        { role: 'function', name: 'get_weather', content: '{"sky":"rain"}' },
      ],
      functions: [weather],
      function_call: 'auto',
    })
    expect(answered.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { content: 'Sunny in Lisbon, rain in Porto.' },
    })
    const sent = fake.completions().at(-1)!.body!
    expect(sent.tool_choice).toBe('auto')
    expect((sent.messages as unknown[]).slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_fn_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_fn_1', content: '{"sky":"sunny"}' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_fn_3',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Porto"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_fn_3', content: '{"sky":"rain"}' },
    ])
  })

  test('a streamed legacy function call comes as one function_call delta before the function_call finish', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setScript({
      reply: '',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Porto"}' }],
    })
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Weather in Porto?' }],
      functions: [weather],
      stream: true,
    })
    const choices: Loose[] = []
    for await (const chunk of stream) if (chunk.choices[0]) choices.push(chunk.choices[0])
    const calls = choices.filter((choice) => choice.delta.function_call)
    expect(calls.map((choice) => choice.delta.function_call)).toEqual([
      { name: 'get_weather', arguments: '{"city":"Porto"}' },
    ])
    expect(choices.some((choice) => choice.delta.tool_calls)).toBe(false)
    const finish = choices.findIndex((choice) => choice.finish_reason !== null)
    expect(choices[finish]!.finish_reason).toBe('function_call')
    expect(choices.indexOf(calls[0]!)).toBeLessThan(finish)
  })

  test('response_format json_schema reaches the provider as OpenAI names it; json_object stays JSON mode', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    }
    await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Where?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'place', schema, strict: true } },
    })
    expect(fake.completions().at(-1)!.body!.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'place', schema, strict: true },
    })
    await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Where?' }],
      response_format: { type: 'json_object' },
    })
    expect(fake.completions().at(-1)!.body!.response_format).toEqual({ type: 'json_object' })
  })

  test.each([
    ['model', { messages: [{ role: 'user', content: 'x' }] }],
    ['messages', { model: 'fake-model', messages: [] }],
    ['messages[0].role', { model: 'fake-model', messages: [{ role: 'robot', content: 'x' }] }],
    ['messages[0].content', { model: 'fake-model', messages: [{ role: 'user', content: 5 }] }],
    // A function result with no earlier call of its name (here, of another name) is refused by its message.
    ['messages[0]', { model: 'fake-model', messages: [{ role: 'function', content: 'x', name: 'f' }] }],
    [
      'messages[1]',
      {
        model: 'fake-model',
        messages: [
          { role: 'assistant', content: null, function_call: { name: 'g', arguments: '{}' } },
          { role: 'function', content: 'x', name: 'f' },
        ],
      },
    ],
    ['messages[0].tool_call_id', { model: 'fake-model', messages: [{ role: 'tool', content: 'x' }] }],
    [
      'messages[0].tool_calls[0].function.arguments',
      {
        model: 'fake-model',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: {} } }],
          },
        ],
      },
    ],
    ['temperature', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], temperature: 3 }],
    ['top_p', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], top_p: 'high' }],
    ['max_tokens', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], max_tokens: 0 }],
    [
      'max_completion_tokens',
      { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], max_completion_tokens: 1.5 },
    ],
    [
      'presence_penalty',
      { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], presence_penalty: -3 },
    ],
    [
      'response_format.type',
      { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'xml' } },
    ],
    [
      'response_format.json_schema.name',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_schema', json_schema: { name: 'a place', schema: {} } },
      },
    ],
    [
      'response_format.json_schema.schema',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_schema', json_schema: { name: 'place', schema: [] } },
      },
    ],
    [
      'response_format.json_schema',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_schema' },
      },
    ],
    [
      'stop',
      { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], stop: ['a', 'b', 'c', 'd', 'e'] },
    ],
    [
      'tools[0].function.name',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'get weather' } }],
      },
    ],
    [
      'tools',
      { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], tools: { type: 'function' } },
    ],
    [
      'tool_choice.function.name',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'f' } }],
        tool_choice: { type: 'function', function: { name: 'g' } },
      },
    ],
    [
      'functions[0].name',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        functions: [{ name: 'get weather' }],
      },
    ],
    [
      'function_call',
      {
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        functions: [{ name: 'f' }],
        function_call: { name: 'g' },
      },
    ],
    ['n', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], n: 0 }],
    ['n', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], n: 1.5 }],
    ['n', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], n: 9 }],
    ['n', { model: 'fake-model', messages: [{ role: 'user', content: 'x' }], n: '2' }],
  ])('bad input is 400 invalid_request_error naming %s', async (param, body) => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const res = await raw('/v1/chat/completions', key, body)
    expect(res.status).toBe(400)
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param })
  })

  test('tools and legacy functions together are refused, naming functions, as OpenAI refuses the mix', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const before = fake.completions().length
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'f' } }],
        functions: [{ name: 'g' }],
      }),
    )
    expect(error.status).toBe(400)
    expect(error.param).toBe('functions')
    expect(error.message).toContain("'tools'")
    expect(fake.completions().length).toBe(before)
  })

  test('malformed, NUL, non-object, non-JSON and huge bodies are 4xx in OpenAI’s shape, never 5xx', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    for (const [body, type] of [
      ['{"model":', 'application/json'],
      ['{"model":"fake-model","messages":[{"role":"user","content":"a\\u0000b"}]}', 'application/json'],
      ['[1,2]', 'application/json'],
      ['', 'application/json'],
      ['model=x', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await raw('/v1/chat/completions', key, body, { 'content-type': type })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body.error.type).toBe('invalid_request_error')
    }
    const huge = await raw(
      '/v1/embeddings',
      key,
      JSON.stringify({ model: 'x', input: 'y'.repeat(2_000_000) }),
    )
    expect(huge.status).toBe(413)
    expect(huge.body.error.type).toBe('invalid_request_error')
    // A stranger's body is refused for the key first.
    const stranger = await raw('/v1/chat/completions', null, '{"model":')
    expect(stranger.status).toBe(401)
  })

  test('an unknown /v1 route is 404 in OpenAI’s shape', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const res = await raw('/v1/completions', key, { model: 'fake-model', prompt: 'x' })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('unknown_url')
  })

  test('the per-key rate limit is 429 rate_limit_exceeded with Retry-After; another key is not limited', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    for (let i = 0; i < 20; i++) expect((await raw('/v1/models', key)).status).toBe(200)
    const error = await sdkError(client(key).models.list())
    expect(error.status).toBe(429)
    expect(error.code).toBe('rate_limit_exceeded')
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0)
    expect((await raw('/v1/models', (await newKey(user)).key)).status).toBe(200)
  })
})

describe('budgets and key limits', () => {
  test('a key’s monthly limit reached is 429 insufficient_quota, before the provider is called', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user, { monthlyLimit: 0.01 })
    await t.ctx.db
      .insert(usageRecords)
      .values({ userId: user.id, apiKeyId: id, modelId: 'fake-model', costMicros: 10_000 })
    const before = fake.completions().length
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(429)
    expect(error.code).toBe('insufficient_quota')
    expect(fake.completions().length).toBe(before)
    // Another key of the same person still works.
    const other = await newKey(user)
    expect(
      (
        await client(other.key).chat.completions.create({
          model: 'fake-model',
          messages: [{ role: 'user', content: 'Hi' }],
        })
      ).choices,
    ).toHaveLength(1)
  })

  test('calls in flight count against the key’s limit: a second call while the first runs is refused, and the first’s reservation goes when it is settled', async () => {
    const user = await t.createUser()
    // $0.05: the first call's worst case (100 tokens of answer at $1,000 per million) is over it,
    // its real cost (the fake's usage: 18 tokens) is under.
    const { id, key } = await newKey(user, { monthlyLimit: 0.05 })
    let answer!: () => void
    fake.queueScript({
      chunks: ['Hello'],
      beforeFirstChunk: new Promise<void>((resolve) => {
        answer = resolve
      }),
    })
    const before = fake.completions().length
    const first = client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 100,
    })
    while (fake.completions().length === before) await Bun.sleep(5)
    const held = await t.ctx.db.select().from(apiKeyReservations).where(eq(apiKeyReservations.apiKeyId, id))
    expect(held.map((row) => row.amountMicros)).toEqual([expect.any(Number)])
    expect(held[0]!.amountMicros).toBeGreaterThanOrEqual(100_000)
    // Nothing is spent yet; what the first call reserved is what refuses the second, on chat and on embeddings.
    const second = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(second.status).toBe(429)
    expect(second.code).toBe('insufficient_quota')
    const embed = await sdkError(
      client(key).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    )
    expect(embed.code).toBe('insufficient_quota')
    expect(fake.completions().length).toBe(before + 1)
    answer()
    expect((await first).choices[0]?.message.content).toBe('Hello')
    expect(
      await t.ctx.db.select().from(apiKeyReservations).where(eq(apiKeyReservations.apiKeyId, id)),
    ).toEqual([])
    // Its real cost is under the limit: the next call is admitted.
    const spent = (await usageOfKey(id)).reduce((sum, row) => sum + row.costMicros, 0)
    expect(spent).toBeLessThan(50_000)
    const third = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Again' }],
      max_tokens: 1,
    })
    expect(third.choices).toHaveLength(1)
  })

  test('a call the provider fails leaves no reservation on the key', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user, { monthlyLimit: 5 })
    fake.queueScript({ fail: { status: 500, message: 'upstream exploded' } })
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(502)
    expect(
      await t.ctx.db.select().from(apiKeyReservations).where(eq(apiKeyReservations.apiKeyId, id)),
    ).toEqual([])
  })

  test('the person’s budget exhausted is 429 insufficient_quota, before the provider is called', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    await t.ctx.db
      .insert(usageRecords)
      .values({ userId: user.id, modelId: 'fake-model', costMicros: 5_000_000 })
    const admin = await t.createUser({ role: 'admin' })
    const set = await t.request(`/api/admin/budgets/users/${user.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ monthlyLimit: 1, enforce: true }),
    })
    expect(set.status).toBe(200)
    const before = fake.completions().length
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(429)
    expect(error.code).toBe('insufficient_quota')
    const embed = await sdkError(
      client(key).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    )
    expect(embed.status).toBe(429)
    expect(fake.completions().length).toBe(before)
    expect(
      await t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id)),
    ).toEqual([])
  })

  test('an enforced budget’s reservation is dropped when the call is settled', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    const admin = await t.createUser({ role: 'admin' })
    await t.request(`/api/admin/budgets/users/${user.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ monthlyLimit: 100, enforce: true }),
    })
    await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
    })
    expect(
      await t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, user.id)),
    ).toEqual([])
    expect(await usageOfKey(id)).toHaveLength(1)
  })
})

describe('GET /v1/models', () => {
  test('lists the person’s models and enabled agents in OpenAI’s list shape', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const listed = await raw('/v1/models', key)
    expect(listed.body.object).toBe('list')
    const ids = (listed.body.data as Loose[]).map((model) => model.id)
    expect(ids).toContain('fake-model')
    expect(ids).toContain('fake-model-large')
    expect(ids).toContain('agent:rag')
    for (const model of listed.body.data as Loose[]) {
      expect(model).toEqual({
        id: model.id,
        object: 'model',
        created: expect.any(Number),
        owned_by: expect.any(String),
      })
    }
    const sdk = await client(key).models.list()
    expect(sdk.data.map((model) => model.id)).toEqual(ids)
  })

  test('an agent answers through the person’s model (agent:jokes adds its instruction); an unknown agent is 404', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const listed = (await raw('/v1/models', key)).body.data as Loose[]
    const agents = listed.filter((model) => model.id.startsWith('agent:')).map((model) => model.id)
    if (agents.includes('agent:jokes')) {
      await client(key).chat.completions.create({
        model: 'agent:jokes',
        messages: [{ role: 'user', content: 'A joke' }],
      })
      const sent = fake.completions().at(-1)!.body!
      expect((sent.messages as Loose[])[0]!.role).toBe('system')
    }
    const rag = await client(key).chat.completions.create({
      model: 'agent:rag',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(rag.model).toBe('agent:rag')
    const error = await sdkError(
      client(key).chat.completions.create({
        model: 'agent:nope',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(error.status).toBe(404)
    expect(error.code).toBe('model_not_found')
  })
})

describe('POST /v1/embeddings', () => {
  test('embeds through the configured provider (the SDK’s base64 and plain floats), charged to the key', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    const result = await client(key).embeddings.create({
      model: 'text-embedding-3-small',
      input: ['one', 'two'],
    })
    expect(result.object).toBe('list')
    expect(result.data).toHaveLength(2)
    expect(result.data[0]!.embedding).toHaveLength(1536)
    const floats = await raw('/v1/embeddings', key, {
      model: 'text-embedding-3-small',
      input: 'one',
      encoding_format: 'float',
    })
    expect(floats.body.data[0].embedding).toHaveLength(1536)
    // float32 on the way through base64: the same vector to 6 digits.
    expect(result.data[0]!.embedding[0]).toBeCloseTo(floats.body.data[0].embedding[0], 5)
    const rows = await usageOfKey(id)
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.modelId === 'text-embedding-3-small')).toBe(true)
    // Charged at the embedding model's input price: $500 per million tokens is 500 micro-dollars a token.
    for (const row of rows) {
      expect(row.promptTokens).toBeGreaterThan(0)
      expect(row.costMicros).toBe(row.promptTokens * 500)
    }
  })

  test('a key without the embeddings scope, another model, or token arrays are refused', async () => {
    const user = await t.createUser()
    const chatOnly = await newKey(user, { scopes: ['chat'] })
    expect(
      (
        await sdkError(
          client(chatOnly.key).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
        )
      ).status,
    ).toBe(403)
    const { key } = await newKey(user)
    expect(
      (await sdkError(client(key).embeddings.create({ model: 'other-embedder', input: 'x' }))).code,
    ).toBe('model_not_found')
    const tokens = await raw('/v1/embeddings', key, { model: 'text-embedding-3-small', input: [[1, 2, 3]] })
    expect(tokens.status).toBe(400)
    expect(tokens.body.error.param).toBe('input')
  })

  test('a provider failure is 502', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.setEmbeddings({ fail: { status: 500, message: 'embedder down' } })
    const error = await sdkError(
      client(key).embeddings.create({ model: 'text-embedding-3-small', input: 'x' }),
    )
    expect(error.status).toBe(502)
    expect(error.message).toContain('embedder down')
  })
})

describe('metadata.parley_chat', () => {
  test('saves the exchange as a chat in the person’s list, live', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Plan a picnic' }],
      metadata: { parley_chat: 'true' },
      store: false,
    })
    const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.userId, user.id))
    expect(chat).toBeDefined()
    const stored = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chat!.id))
    expect(stored.map((m) => [m.isUser, m.content]).sort()).toEqual([
      [false, 'Hello from the fake model.'],
      [true, 'Plan a picnic'],
    ])
    expect(t.events.some((event) => event.room === `user:${user.id}` && event.event === 'chat:created')).toBe(
      true,
    )
  })
})

describe('curl', () => {
  test('streams with a plain curl, as every tool built on OpenAI’s API does', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    const proc = Bun.spawn(
      [
        'curl',
        '-sN',
        `${t.url}/v1/chat/completions`,
        '-H',
        `Authorization: Bearer ${key}`,
        '-H',
        'Content-Type: application/json',
        '-d',
        JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      ],
      { stdout: 'pipe' },
    )
    const out = await new Response(proc.stdout).text()
    expect(await proc.exited).toBe(0)
    expect(out).toContain('"object":"chat.completion.chunk"')
    expect(out.trim().endsWith('data: [DONE]')).toBe(true)
  })
})

// Last: when `n` breaks, the replies these tests queue on the fake are left to whatever test runs next.
describe('n choices', () => {
  const setBudget = async (userId: string, monthlyLimit: number) => {
    const admin = await t.createUser({ role: 'admin' })
    const set = await t.request(`/api/admin/budgets/users/${userId}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ monthlyLimit, enforce: true }),
    })
    expect(set.status).toBe(200)
  }
  const reservationsOf = async (userId: string, keyId: string) => ({
    key: await t.ctx.db.select().from(apiKeyReservations).where(eq(apiKeyReservations.apiKeyId, keyId)),
    budget: await t.ctx.db.select().from(budgetReservations).where(eq(budgetReservations.userId, userId)),
  })

  test('n: 3 answers three choices, each its own generation; usage counts the prompt once and sums the completions; each call is recorded', async () => {
    const user = await t.createUser()
    const { id, key } = await newKey(user)
    const before = fake.completions().length
    // The fake answers its requests in the order they arrive, which need not be the choices' order.
    for (const [reply, completion_tokens] of [
      ['One.', 2],
      ['Two.', 3],
      ['Three.', 4],
    ] as const)
      fake.queueScript({ reply, usage: { prompt_tokens: 12, completion_tokens } })
    const completion = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Count' }],
      n: 3,
    })
    expect(completion.choices.map((choice) => choice.index)).toEqual([0, 1, 2])
    expect(completion.choices.map((choice) => choice.message.content).sort()).toEqual([
      'One.',
      'Three.',
      'Two.',
    ])
    expect(completion.choices.every((choice) => choice.finish_reason === 'stop')).toBe(true)
    expect(completion.usage).toEqual({ prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 })
    expect(fake.completions().length - before).toBe(3)
    // Each choice is its own provider call, which bills the prompt: recorded as spent, one row a call.
    const rows = await usageOfKey(id)
    expect(rows.map((row) => row.completionTokens).sort()).toEqual([2, 3, 4])
    expect(rows.every((row) => row.promptTokens === 12 && row.userId === user.id)).toBe(true)
    expect(rows.reduce((sum, row) => sum + row.costMicros, 0)).toBe((36 + 9) * 1000)
  })

  test('n: 2 streamed: the chunks carry their choice’s index, each choice finishes, one usage chunk, then [DONE]', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.queueScript({ chunks: ['a ', 'b'] })
    fake.queueScript({ chunks: ['c ', 'd'] })
    const stream = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Go' }],
      n: 2,
      stream: true,
      stream_options: { include_usage: true },
    })
    const texts: string[] = []
    const finishes: (string | null)[] = []
    const usages: unknown[] = []
    for await (const chunk of stream) {
      if (chunk.usage) usages.push(chunk.usage)
      for (const choice of chunk.choices) {
        texts[choice.index] = (texts[choice.index] ?? '') + (choice.delta.content ?? '')
        if (choice.finish_reason) finishes[choice.index] = choice.finish_reason
      }
    }
    expect(texts.toSorted()).toEqual(['a b', 'c d'])
    expect(finishes).toEqual(['stop', 'stop'])
    expect(usages).toEqual([{ prompt_tokens: 12, completion_tokens: 12, total_tokens: 24 }])
    const res = await raw('/v1/chat/completions', key, {
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Go' }],
      n: 2,
      stream: true,
    })
    expect(res.text.trim().endsWith('data: [DONE]')).toBe(true)
  })

  test('with tools, each choice carries its own calls', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.queueScript({ reply: '', toolCalls: [{ id: 'call_a', name: 'f', arguments: '{"x":1}' }] })
    fake.queueScript({ reply: 'No call.' })
    const completion = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Maybe call f' }],
      tools: [{ type: 'function', function: { name: 'f' } }],
      n: 2,
    })
    const called = completion.choices.find((choice) => choice.finish_reason === 'tool_calls')
    const answered = completion.choices.find((choice) => choice.finish_reason === 'stop')
    expect(called?.message).toMatchObject({
      content: null,
      tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }],
    })
    expect(answered?.message.content).toBe('No call.')
    expect(answered?.message.tool_calls).toBeUndefined()
  })

  test('metadata.parley_chat saves the first choice as the chat’s answer', async () => {
    const user = await t.createUser()
    const { key } = await newKey(user)
    fake.queueScript({ reply: 'First.' })
    fake.queueScript({ reply: 'Second.' })
    const completion = await client(key).chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Plan a picnic' }],
      metadata: { parley_chat: 'true' },
      n: 2,
    })
    const [chat, ...others] = await t.ctx.db.select().from(chats).where(eq(chats.userId, user.id))
    expect(others).toEqual([])
    const stored = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chat!.id))
    expect(stored.filter((m) => !m.isUser).map((m) => m.content)).toEqual([
      completion.choices[0]!.message.content!,
    ])
  })

  test('a key limit or a budget that affords one answer but not n is 429 insufficient_quota, before the provider is called', async () => {
    const user = await t.createUser()
    // $0.05: one choice's worst case (100 tokens of answer at $1,000 per million) is over it, so
    // the key admits one call at a time (decision 178), and not two choices at once.
    const limited = await newKey(user, { monthlyLimit: 0.05 })
    const ask = (key: string, n: number, maxTokens: number) =>
      client(key).chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: maxTokens,
        n,
      })
    const before = fake.completions().length
    const byKey = await sdkError(ask(limited.key, 2, 100))
    expect(byKey.status).toBe(429)
    expect(byKey.code).toBe('insufficient_quota')
    expect(fake.completions().length).toBe(before)
    expect(await reservationsOf(user.id, limited.id)).toEqual({ key: [], budget: [] })
    expect((await ask(limited.key, 1, 100)).choices).toHaveLength(1)

    // $1 a month: one choice's worst case (1,000 tokens of answer: $1 and the prompt) leaves nothing for a second.
    const budgeted = await t.createUser()
    await setBudget(budgeted.id, 1)
    const { id, key } = await newKey(budgeted, { monthlyLimit: 5 })
    const after = fake.completions().length
    const byBudget = await sdkError(ask(key, 2, 1000))
    expect(byBudget.status).toBe(429)
    expect(byBudget.code).toBe('insufficient_quota')
    expect(fake.completions().length).toBe(after)
    expect(await reservationsOf(budgeted.id, id)).toEqual({ key: [], budget: [] })
    expect((await ask(key, 1, 1000)).choices).toHaveLength(1)
    expect(await reservationsOf(budgeted.id, id)).toEqual({ key: [], budget: [] })
  })

  test('a choice the provider fails fails the request and stops the others; nothing stays reserved, what was used is recorded', async () => {
    const user = await t.createUser()
    await setBudget(user.id, 100)
    const { id, key } = await newKey(user, { monthlyLimit: 5 })
    let release = () => {}
    // One call fails at once; the other would wait for the test, were it not stopped.
    fake.setScript({
      chunks: ['partial '],
      beforeFinish: new Promise<void>((resolve) => (release = resolve)),
    })
    fake.queueScript({ fail: { status: 500, message: 'upstream broke' } })
    try {
      const error = await sdkError(
        client(key).chat.completions.create({
          model: 'fake-model',
          messages: [{ role: 'user', content: 'Hi' }],
          n: 2,
        }),
      )
      expect(error.status).toBe(502)
      expect(error.message).toContain('upstream broke')
      expect(await reservationsOf(user.id, id)).toEqual({ key: [], budget: [] })
      expect(await usageOfKey(id)).toHaveLength(2)
    } finally {
      release()
    }
  })

  test('streamed, a choice failing after another has spoken ends the stream with an error event; nothing stays reserved', async () => {
    const user = await t.createUser()
    await setBudget(user.id, 100)
    const { id, key } = await newKey(user, { monthlyLimit: 5 })
    let finish = () => {}
    let fail = () => {}
    fake.setScript({ chunks: ['first '], beforeFinish: new Promise<void>((resolve) => (finish = resolve)) })
    fake.queueScript({
      chunks: ['x ', 'y '],
      cutAfterChunks: 1,
      beforeFirstChunk: new Promise<void>((resolve) => (fail = resolve)),
    })
    try {
      const res = await fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'fake-model',
          messages: [{ role: 'user', content: 'Hi' }],
          n: 2,
          stream: true,
        }),
      })
      // The status came with the first choice's text; now the other choice's call breaks.
      expect(res.status).toBe(200)
      fail()
      const text = await res.text()
      expect(text).toContain('"content":"first "')
      expect(text).toContain('"error"')
      expect(text).not.toContain('[DONE]')
      expect(await reservationsOf(user.id, id)).toEqual({ key: [], budget: [] })
      expect(await usageOfKey(id)).toHaveLength(2)
    } finally {
      finish()
      fail()
    }
  })
})
