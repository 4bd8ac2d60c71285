import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { messages, usageRecords } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { outcome, startApp, type TestApp } from '../test/harness'
import { chatActions, deltasOf, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

const fake: FakeOpenAi = startFakeOpenAi()
let t: TestApp
let user: TestUser
let chat: ReturnType<typeof chatActions>

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' })
  user = await t.createUser()
  chat = chatActions(t, user)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setScript({}))

const storedMessage = async (id: string) =>
  (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!

describe('sending a message', () => {
  test('answers 202 with the stored user message, streams deltas in order, stores the reply', async () => {
    fake.setScript({ reply: 'The answer is forty two, obviously.' })
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { content: 'What is the answer?' })
    expect(res.status).toBe(202)
    const body = res.data!
    expect(body.data.userMessage).toMatchObject({
      chat_id: chatId,
      content: 'What is the answer?',
      is_user: true,
    })
    const assistantId = body.data.assistantMessageId

    const outcome = await waitForOutcome(t, assistantId)
    expect(outcome.event).toBe('message:completed')
    const deltas = deltasOf(t, assistantId)
    expect(deltas.map((delta) => delta.seq)).toEqual(deltas.map((_, index) => index + 1))
    expect(deltas.map((delta) => delta.delta).join('')).toBe('The answer is forty two, obviously.')
    expect(outcome.payload).toMatchObject({
      chatId,
      message: {
        id: assistantId,
        content: 'The answer is forty two, obviously.',
        status: 'complete',
        is_user: false,
      },
    })

    const page = await chat.messages(chatId)
    expect(page.messages.map((message) => [message.is_user, message.content, message.status])).toEqual([
      [true, 'What is the answer?', 'complete'],
      [false, 'The answer is forty two, obviously.', 'complete'],
    ])
  })

  test('the first message auto-titles the chat; later ones do not', async () => {
    const chatId = await chat.createChat()
    const first = await chat.sendOk(chatId, 'how do I write a function in python please')
    await waitForOutcome(t, first)
    const updated = await waitFor(() =>
      t.events.find(
        (event) =>
          event.event === 'chat:updated' && (event.payload as { chat: { id: string } }).chat.id === chatId,
      ),
    )
    expect(updated).toEqual({
      room: `user:${user.id}`,
      event: 'chat:updated',
      payload: { chat: expect.objectContaining({ id: chatId, title: 'How do I write a function?' }) },
    })
    const second = await chat.sendOk(chatId, 'and what about classes in java for beginners')
    await waitForOutcome(t, second)
    const list = (await t.as(user).api.chats.get({ query: { limit: 200 } })).data!
    expect(list.data.chats.find((c) => c.id === chatId)!.title).toBe('How do I write a function?')
  })

  test('the words the title rules add are in the sender’s language (decision 150)', async () => {
    const french = await t.createUser()
    const profile = await t.as(french).api.profile.patch({ preferred_language: 'fr' })
    expect(profile.status).toBe(200)
    const theirs = chatActions(t, french)
    const chatId = await theirs.createChat()
    await waitForOutcome(t, await theirs.sendOk(chatId, 'I have a pdf with quarterly numbers inside'))
    await waitFor(() =>
      t.events.find(
        (event) =>
          event.event === 'chat:updated' && (event.payload as { chat: { id: string } }).chat.id === chatId,
      ),
    )
    const list = (await t.as(french).api.chats.get({ query: { limit: 200 } })).data!
    expect(list.data.chats.find((c) => c.id === chatId)!.title).toBe('Analyse de document')
  })

  test('a chat the user renamed keeps its name after the first message', async () => {
    const chatId = await chat.createChat('My own title')
    await waitForOutcome(t, await chat.sendOk(chatId, 'what is the tallest mountain on earth'))
    const list = (await t.as(user).api.chats.get({ query: { q: 'My own' } })).data!
    expect(list.data.chats[0]!.title).toBe('My own title')
  })

  test('a blank message is refused with 400 and nothing is stored or sent', async () => {
    const chatId = await chat.createChat()
    const before = fake.completions().length
    for (const content of ['', '   \n ']) {
      const res = await chat.send(chatId, { content })
      expect(res.status).toBe(400)
      expect(outcome(res).body).toMatchObject({ success: false, error: 'Message cannot be empty' })
    }
    expect((await chat.messages(chatId)).messages).toEqual([])
    expect(fake.completions().length).toBe(before)
  })

  test('a message over 100,000 characters is refused with 413; exactly 100,000 is accepted', async () => {
    const chatId = await chat.createChat()
    const tooLong = await chat.send(chatId, { content: 'a'.repeat(100_001) })
    expect(tooLong.status).toBe(413)
    expect(tooLong.error?.value).toMatchObject({ error: 'Message is too long: at most 100,000 characters' })
    expect((await chat.messages(chatId)).messages).toEqual([])
    await waitForOutcome(t, await chat.sendOk(chatId, 'a'.repeat(100_000)))
  })

  test('a second send while a reply streams is refused with 409, and accepted afterwards', async () => {
    fake.setScript({ reply: 'one two three four five six', chunkDelayMs: 40 })
    const chatId = await chat.createChat()
    const first = await chat.sendOk(chatId, 'first question here please')
    const second = await chat.send(chatId, { content: 'impatient follow-up' })
    expect(second.status).toBe(409)
    expect(outcome(second).body).toEqual({
      success: false,
      error: 'A reply is already in progress for this chat',
      code: 'conflict:reply',
    })
    await waitForOutcome(t, first)
    fake.setScript({})
    await waitForOutcome(t, await chat.sendOk(chatId, 'now the follow-up'))
    expect((await chat.messages(chatId)).messages).toHaveLength(4)
  })

  test('the conversation so far is sent to the model, oldest first', async () => {
    fake.setScript({ reply: 'Paris.' })
    const chatId = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(chatId, 'Capital of France?'))
    fake.setScript({ reply: 'About 2.1 million.' })
    await waitForOutcome(t, await chat.sendOk(chatId, 'Population?'))
    expect(fake.completions().at(-1)!.body!.messages).toEqual([
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'Population?' },
    ])
  })

  test('messages page the current path oldest first, the latest page first, each message once', async () => {
    const chatId = await chat.createChat()
    for (const question of ['q1', 'q2', 'q3']) await waitForOutcome(t, await chat.sendOk(chatId, question))
    const first = await chat.messages(chatId, { limit: 4 })
    expect(first.messages.map((m) => m.is_user)).toEqual([true, false, true, false])
    expect(first.messages[0]!.content).toBe('q2')
    expect(first.messages[2]!.content).toBe('q3')
    const second = await chat.messages(chatId, { limit: 4, cursor: first.nextCursor! })
    expect(second.messages.map((m) => m.content)).toEqual(['q1', expect.any(String)])
    expect(second.nextCursor).toBeNull()
  })
})

describe('chat settings are applied to the model call', () => {
  test('system prompt, sampling settings and penalties are sent', async () => {
    const chatId = await chat.createChat()
    await t.as(user).api.chats({ id: chatId }).config.patch({
      system_prompt: 'You are a pirate.',
      temperature: 1.4,
      max_tokens: 300,
      top_p: 0.9,
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
    })
    await waitForOutcome(t, await chat.sendOk(chatId, 'Hello there'))
    expect(fake.completions().at(-1)!.body).toMatchObject({
      messages: [
        { role: 'system', content: 'You are a pirate.' },
        { role: 'user', content: 'Hello there' },
      ],
      temperature: 1.4,
      max_tokens: 300,
      top_p: 0.9,
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  test('json asks for a JSON object', async () => {
    const chatId = await chat.createChat()
    await t.as(user).api.chats({ id: chatId }).config.patch({ response_format: 'json' })
    await waitForOutcome(t, await chat.sendOk(chatId, 'List three colours'))
    const body = fake.completions().at(-1)!.body!
    expect(body.response_format).toEqual({ type: 'json_object' })
    expect(JSON.stringify(body.messages)).toContain('JSON')
  })

  test('markdown adds a formatting instruction to the system prompt', async () => {
    const chatId = await chat.createChat()
    await t
      .as(user)
      .api.chats({ id: chatId })
      .config.patch({ system_prompt: 'Be brief.', response_format: 'markdown' })
    await waitForOutcome(t, await chat.sendOk(chatId, 'Compare cats and dogs'))
    const body = fake.completions().at(-1)!.body!
    expect(body.response_format).toBeUndefined()
    const system = (body.messages as { role: string; content: string }[])[0]!
    expect(system.role).toBe('system')
    expect(system.content).toStartWith('Be brief.')
    expect(system.content).toContain('Markdown')
  })
})

describe('stop and regenerate', () => {
  test('stop aborts the provider call, keeps the partial text and marks it stopped', async () => {
    fake.setScript({ reply: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 25 })
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Tell me a long story')
    await waitFor(() => deltasOf(t, assistantId).length >= 3)
    const res = await t.as(user).api.chats({ id: chatId }).stop.post()
    expect(outcome(res).body).toEqual({ success: true, data: { stopped: true, messageId: assistantId } })

    const stored = await storedMessage(assistantId)
    expect(stored.status).toBe('stopped')
    const streamed = deltasOf(t, assistantId)
      .map((delta) => delta.delta)
      .join('')
    expect(stored.content).toBe(streamed)
    expect(stored.content.length).toBeGreaterThan(0)
    expect(stored.content).not.toContain('w39')
    expect((await waitForOutcome(t, assistantId)).payload).toMatchObject({ message: { status: 'stopped' } })
    await waitFor(() => fake.openRequests() === 0, 2000, 'the provider request to be closed')
  })

  test('stop with nothing running says so', async () => {
    const chatId = await chat.createChat()
    const res = await t.as(user).api.chats({ id: chatId }).stop.post()
    expect(outcome(res).body).toEqual({ success: true, data: { stopped: false, messageId: null } })
  })

  test('regenerate adds a new answer beside the last one, which stays', async () => {
    fake.setScript({ reply: 'First try.' })
    const chatId = await chat.createChat()
    const firstId = await chat.sendOk(chatId, 'Give me a slogan')
    await waitForOutcome(t, firstId)
    fake.setScript({ reply: 'Second try.' })
    const res = await t.as(user).api.chats({ id: chatId }).regenerate.post({})
    expect(res.status).toBe(202)
    const body = res.data!
    await waitForOutcome(t, body.data.assistantMessageId)
    const page = await chat.messages(chatId)
    expect(page.messages.map((m) => m.content)).toEqual(['Give me a slogan', 'Second try.'])
    expect(page.messages[1]!.sibling_ids).toEqual([firstId, body.data.assistantMessageId])
    expect(fake.completions().at(-1)!.body!.messages).toEqual([{ role: 'user', content: 'Give me a slogan' }])
  })

  test('regenerate in an empty chat is a 400', async () => {
    const chatId = await chat.createChat()
    const res = await t.as(user).api.chats({ id: chatId }).regenerate.post({})
    expect(res.status).toBe(400)
  })
})

describe('provider failures keep what was said', () => {
  test.each([
    [500, 'The AI provider answered 500: upstream exploded'],
    [401, 'The AI provider answered 401: Incorrect API key provided'],
    [429, 'The AI provider answered 429: Rate limit reached'],
  ])(
    'HTTP %p → reply failed with the reason, user message kept, message:failed pushed',
    async (status, error) => {
      const message = error.split(': ')[1]!
      fake.setScript({ fail: { status, message } })
      const chatId = await chat.createChat()
      const assistantId = await chat.sendOk(chatId, 'Will this work?')
      const outcome = await waitForOutcome(t, assistantId)
      expect(outcome).toEqual({
        room: `chat:${chatId}`,
        event: 'message:failed',
        payload: {
          chatId,
          messageId: assistantId,
          error: 'Failed to send message. Please try again.',
          reason: error,
          failure: { reason: 'provider_status', status, detail: message },
        },
      })
      const page = await chat.messages(chatId)
      expect(page.messages.map((m) => [m.is_user, m.status, m.content, m.error])).toEqual([
        [true, 'complete', 'Will this work?', null],
        [false, 'failed', '', error],
      ])
      // The reason as a code and its values, worded by the client in the reader's language (decision 150).
      expect(page.messages[1]).toMatchObject({
        error_code: 'provider_status',
        error_values: { status, detail: message },
      })
      expect(page.messages[1]).not.toHaveProperty('notes')
    },
  )

  test('a stream cut mid-way keeps the partial text and fails', async () => {
    fake.setScript({ reply: 'alpha beta gamma delta epsilon', cutAfterChunks: 3, chunkDelayMs: 20 })
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Say five words')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:failed')
    const stored = await storedMessage(assistantId)
    expect(stored).toMatchObject({ status: 'failed', content: 'alpha beta gamma' })
    expect(stored.error).toBe('The connection to the AI provider was lost before the answer was complete')
    expect((await chat.messages(chatId)).messages[1]).toMatchObject({
      error_code: 'provider_stream_lost',
      error_values: {},
    })
    expect((await chat.messages(chatId)).messages[0]).toMatchObject({
      is_user: true,
      content: 'Say five words',
    })
  })

  test('a failed reply is left out of the next prompt', async () => {
    fake.setScript({ fail: { status: 500 } })
    const chatId = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(chatId, 'first attempt'))
    fake.setScript({})
    await waitForOutcome(t, await chat.sendOk(chatId, 'second attempt'))
    expect(fake.completions().at(-1)!.body!.messages).toEqual([
      { role: 'user', content: 'first attempt' },
      { role: 'user', content: 'second attempt' },
    ])
  })
})

describe('POST /api/chat (spec section 7)', () => {
  test('waits for the whole reply and answers {success, message, error, modelUsed}', async () => {
    fake.setScript({ reply: 'Synchronous hello.' })
    const chatId = await chat.createChat()
    const res = await t.as(user).api.chat.post({
      message: 'Hi',
      sessionId: chatId,
      modelId: 'fake-model-large',
      agentId: 'rag',
    })
    expect(res.status).toBe(200)
    expect(outcome(res).body).toEqual({
      success: true,
      message: 'Synchronous hello.',
      error: null,
      modelUsed: 'fake-model-large',
    })
    expect(fake.completions().at(-1)!.body!.model).toBe('fake-model-large')
  })

  test('an unknown model id falls back to the preferred model', async () => {
    const chatId = await chat.createChat()
    const res = await t.as(user).api.chat.post({ message: 'Hi', sessionId: chatId, modelId: 'nope' })
    expect(res.data?.modelUsed).toBe('fake-model')
  })

  test('a provider failure is a non-OK answer with the spec’s message', async () => {
    fake.setScript({ fail: { status: 500 } })
    const chatId = await chat.createChat()
    const res = await t.as(user).api.chat.post({ message: 'Hi', sessionId: chatId })
    expect(res.status).toBe(502)
    expect(outcome(res).body).toMatchObject({
      success: false,
      error: 'Failed to send message. Please try again.',
    })
  })

  test('an unknown chat is a 404', async () => {
    const res = await t
      .as(user)
      .api.chat.post({ message: 'Hi', sessionId: '00000000-0000-4000-8000-000000000000' })
    expect(res.status).toBe(404)
    expect(res.error?.value).toMatchObject({ error: 'Chat not found' })
  })
})

describe('usage', () => {
  test('reported usage is recorded per assistant message', async () => {
    fake.setScript({ usage: { prompt_tokens: 321, completion_tokens: 54 } })
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Count my tokens')
    await waitForOutcome(t, assistantId)
    const [record] = await waitFor(() =>
      t.ctx.db
        .select()
        .from(usageRecords)
        .where(eq(usageRecords.messageId, assistantId))
        .then((rows) => (rows.length ? rows : null)),
    )
    expect(record).toMatchObject({
      promptTokens: 321,
      completionTokens: 54,
      estimated: false,
      modelId: 'fake-model',
    })
  })

  test('without reported usage the counts are estimated and flagged', async () => {
    fake.setScript({ reply: 'x'.repeat(400), usage: false })
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'y'.repeat(80))
    await waitForOutcome(t, assistantId)
    const [record] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(record).toMatchObject({ completionTokens: 100, estimated: true })
    expect(record!.promptTokens).toBeGreaterThanOrEqual(20)
  })
})
