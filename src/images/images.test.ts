import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { generatedImages, messages, usageRecords } from '../../db/schema'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { outcome, startApp, type TestApp } from '../test/harness'
import { TINY_JPEG, TINY_PNG } from '../test/images'
import { chatActions, type TestUser } from '../test/messages'
import { waitFor } from '../test/wait'

const fake = startFakeOpenAi()
let t: TestApp
let n = 0
const newUser = () => t.createUser({ email: `painter${++n}@example.com` })

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    IMAGE_MODEL: 'fake-image-model',
    IMAGE_PRICES: '1024x1024=0.04,1024x1792=0.08',
    BUDGET_DAILY_LIMIT: '0.1',
    BUDGET_ENFORCE: 'true',
    AI_TIMEOUT_MS: '1000',
  })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setImageScript({}))

const generate = (user: TestUser, body: Record<string, unknown>) =>
  t.as(user).api['generate-image'].post(body as { prompt: string })
const imageRequests = () => fake.requests.filter((request) => request.path === '/v1/images/generations')
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer())

async function nothingStoredFor(user: TestUser) {
  expect(await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.userId, user.id))).toEqual([])
  expect(await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id))).toEqual([])
  const { rows } = await t.database
    .query<{ n: number }>('select count(*)::int as n from budget_reservations where user_id = $1', [user.id])
    .then((result) => ({ rows: result }))
  expect(rows[0]!.n).toBe(0)
}

describe('POST /api/generate-image', () => {
  test('a b64_json answer is stored and served to its owner; the style phrase and size reach the provider', async () => {
    const alice = await newUser()
    fake.setImageScript({ format: 'b64_json', image: TINY_JPEG })
    const before = imageRequests().length
    const res = await generate(alice, {
      prompt: 'a red fox',
      size: '1792x1024',
      style: 'cartoon',
      model: 'x',
    })
    expect(res.status).toBe(200)
    const { imageUrl, data } = res.data!
    expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/)
    expect(data.userMessage).toBeNull()
    const sent = imageRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({
      model: 'fake-image-model',
      prompt: 'a red fox in a cartoon/animated style',
      size: '1792x1024',
      n: 1,
    })
    const file = await t.request(imageUrl, { headers: alice.headers })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.headers.get('content-disposition')).toStartWith('inline')
    expect(await bytesOf(file)).toEqual(TINY_JPEG)
  })

  test('with a chat: the spec’s two messages are stored and pushed, and the image outlives the provider’s URL', async () => {
    const alice = await newUser()
    const chats = chatActions(t, alice)
    const chatId = await chats.createChat()
    const res = await generate(alice, { prompt: 'a lighthouse at dusk', size: '1024x1024', chatId })
    expect(res.status).toBe(200)
    const { imageUrl, data } = res.data!
    fake.expireImageUrls()
    const page = await chats.messages(chatId)
    const [question, answer] = page.messages
    expect(question).toMatchObject({ is_user: true, content: 'Generate an image: a lighthouse at dusk' })
    expect(answer).toMatchObject({
      is_user: false,
      status: 'complete',
      content: `I've generated an image based on your prompt: "a lighthouse at dusk"\n\n![Generated Image](${imageUrl})`,
    })
    expect(data.assistantMessage?.id).toBe(answer!.id)
    const pushed = t.events.filter((event) => event.room === `chat:${chatId}`).map((event) => event.event)
    expect(pushed).toEqual(['message:created', 'message:created', 'message:completed'])
    const file = await t.request(imageUrl, { headers: alice.headers })
    expect(file.status).toBe(200)
    expect(await bytesOf(file)).toEqual(TINY_PNG)
    // The first message titles a new chat, as a typed one does.
    const renamed = await waitFor(() =>
      t.events.find(
        (event) =>
          event.event === 'chat:updated' && (event.payload as { chat: { id: string } }).chat.id === chatId,
      ),
    )
    expect((renamed.payload as { chat: { title: string } }).chat.title).toContain('Generate an image')
  })

  test('the two messages are written in the asker’s language; the image markdown stays as the client reads it', async () => {
    const hans = await newUser()
    await t.as(hans).api.profile.patch({ preferred_language: 'de' })
    const chatId = await chatActions(t, hans).createChat()
    const res = await generate(hans, { prompt: 'ein Leuchtturm $& {prompt}', size: '1024x1024', chatId })
    expect(res.status).toBe(200)
    const { imageUrl, data } = res.data!
    expect(data.userMessage?.content).toBe('Erstelle ein Bild: ein Leuchtturm $& {prompt}')
    expect(data.assistantMessage?.content).toBe(
      `Ich habe ein Bild nach deiner Beschreibung erstellt: „ein Leuchtturm $& {prompt}“\n\n![Generated Image](${imageUrl})`,
    )
    // As stored, and as the client finds the image in it (its alt and its /api/images/<id> address).
    const [stored] = await t.ctx.db.select().from(messages).where(eq(messages.id, data.assistantMessage!.id))
    expect(stored!.content).toMatch(/\n\n!\[Generated Image\]\(\/api\/images\/[0-9a-f-]{36}\)$/)

    const marie = await newUser()
    await t.as(marie).api.profile.patch({ preferred_language: 'fr' })
    const other = await chatActions(t, marie).createChat()
    const french = await generate(marie, { prompt: 'un phare', size: '1024x1024', chatId: other })
    expect(french.data!.data.userMessage?.content).toBe('Génère une image\u00a0: un phare')
    expect(french.data!.data.assistantMessage?.content).toStartWith(
      'J’ai généré une image à partir de votre description\u00a0: «\u00a0un phare\u00a0»\n\n![Generated Image](/api/images/',
    )
  })

  test('the cost is recorded per image and size, and the budget refuses the next image over the limit', async () => {
    const alice = await newUser()
    expect((await generate(alice, { prompt: 'tall tower', size: '1024x1792' })).status).toBe(200)
    const [usage] = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, alice.id))
    expect(usage).toMatchObject({ modelId: 'fake-image-model', costMicros: 80_000 })
    expect((await generate(alice, { prompt: 'another tower', size: '1024x1024' })).status).toBe(200)
    const before = imageRequests().length
    const refused = await generate(alice, { prompt: 'a third tower' })
    expect(outcome(refused)).toMatchObject({ status: 429, body: { code: 'rate_limited:budget' } })
    expect(imageRequests().length).toBe(before)
  })

  test('blank or over-long descriptions, unknown sizes and styles are 400 naming the field', async () => {
    const alice = await newUser()
    const before = imageRequests().length
    expect(outcome(await generate(alice, { prompt: '   ' }))).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Please enter a description for the image',
        code: 'bad_request:image_prompt',
      },
    })
    const long = outcome(await generate(alice, { prompt: 'x'.repeat(3901) }))
    expect(long).toMatchObject({ status: 400, body: { code: 'bad_request:image_prompt_length' } })
    expect((long.body as { error: string }).error).toStartWith('prompt:')
    expect(outcome(await generate(alice, { prompt: 'fox', size: '512x512' }))).toMatchObject({
      status: 400,
      body: { code: 'bad_request:image_size', error: 'size: must be one of 1024x1024, 1024x1792, 1792x1024' },
    })
    expect(outcome(await generate(alice, { prompt: 'fox', style: 'baroque' }))).toMatchObject({
      status: 400,
      body: { code: 'bad_request:image_style' },
    })
    expect(imageRequests().length).toBe(before)
    await nothingStoredFor(alice)
  })

  test('another user’s image and another user’s chat are 404', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const { imageUrl } = (await generate(alice, { prompt: 'private sketch' })).data!
    const peek = await t.request(imageUrl, { headers: bob.headers })
    expect(peek.status).toBe(404)
    expect(await peek.json()).toMatchObject({ code: 'not_found:image' })
    expect((await t.request('/api/images/not-a-uuid', { headers: alice.headers })).status).toBe(404)
    const aliceChat = await chatActions(t, alice).createChat()
    const before = imageRequests().length
    expect(outcome(await generate(bob, { prompt: 'sneaky', chatId: aliceChat }))).toMatchObject({
      status: 404,
      body: { code: 'not_found:chat' },
    })
    expect(imageRequests().length).toBe(before)
    expect((await chatActions(t, alice).messages(aliceChat)).messages).toEqual([])
  })

  describe('failures store nothing half-made', () => {
    async function failsWith(script: Parameters<typeof fake.setImageScript>[0], expected: object) {
      const alice = await newUser()
      const chats = chatActions(t, alice)
      const chatId = await chats.createChat()
      fake.setImageScript(script)
      const res = await generate(alice, { prompt: 'a quiet harbour', chatId })
      expect(outcome(res)).toMatchObject(expected)
      expect((await chats.messages(chatId)).messages).toEqual([])
      await nothingStoredFor(alice)
      expect(t.events.filter((event) => event.room === `chat:${chatId}`)).toEqual([])
    }

    test('a provider error gives "Failed to generate image"', () =>
      failsWith(
        { fail: { status: 500, message: 'The server had an error' } },
        {
          status: 503,
          body: { success: false, error: 'Failed to generate image', code: 'unavailable:image_provider' },
        },
      ))

    test('a content-policy refusal (400 content_policy_violation) says so', () =>
      failsWith(
        {
          fail: {
            status: 400,
            message: 'Your request was rejected as a result of our safety system.',
            type: 'invalid_request_error',
            code: 'content_policy_violation',
          },
        },
        { status: 422, body: { code: 'unprocessable:image_content_policy' } },
      ))

    test('a provider that never answers times out', () =>
      failsWith({ hang: true }, { status: 503, body: { code: 'unavailable:image_timeout' } }))

    test('an image URL that cannot be fetched gives "Failed to save generated image"', () =>
      failsWith(
        { brokenUrl: true },
        {
          status: 503,
          body: { error: 'Failed to save generated image', code: 'unavailable:image_download' },
        },
      ))

    test('an answer that is not an image is not stored', () =>
      failsWith(
        { format: 'b64_json', image: new TextEncoder().encode('<html>nope</html>') },
        { status: 503, body: { code: 'unavailable:image_download' } },
      ))
  })

  test('needs a session', async () => {
    const res = await t.request('/api/generate-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' }),
    })
    expect(res.status).toBe(401)
  })
})

describe('without an image-capable provider', () => {
  test('the route answers 503 unavailable:image_generation and capabilities say so', async () => {
    const bare = await startApp()
    try {
      const user = await bare.createUser()
      expect(outcome(await bare.as(user).api['generate-image'].post({ prompt: 'a fox' }))).toEqual({
        status: 503,
        body: {
          success: false,
          error: 'Image generation is not configured on this server',
          code: 'unavailable:image_generation',
        },
      })
      expect((await bare.as(user).api.capabilities.get()).data?.data).toEqual({
        webSearch: false,
        imageGeneration: false,
        transcription: false,
      })
    } finally {
      await bare.close()
    }
  })

  test('IMAGE_MODEL set empty turns image generation off although a provider is configured', async () => {
    const off = await startApp({ OPENAI_BASE_URL: fake.url, IMAGE_MODEL: '' })
    try {
      const user = await off.createUser()
      expect((await off.as(user).api.capabilities.get()).data?.data).toMatchObject({
        imageGeneration: false,
        transcription: true,
      })
    } finally {
      await off.close()
    }
  })
})
