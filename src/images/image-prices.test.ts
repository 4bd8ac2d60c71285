import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, generatedImages, usageRecords } from '../../db/schema'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, type TestUser } from '../test/messages'

const fake = startFakeOpenAi()
let t: TestApp
let admin: TestUser
let n = 0
const newUser = () => t.createUser({ email: `priced${++n}@example.com` })

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    IMAGE_MODEL: 'fake-image-model',
    // 1792x1024 is left out: it keeps the default ($0.08).
    IMAGE_PRICES: '1024x1024=0.05,1024x1792=0.07',
    AI_TIMEOUT_MS: '1000',
  })
  admin = await t.createUser({ role: 'admin', email: 'image-boss@example.com' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(async () => {
  fake.setImageScript({})
  const reset = await put(admin, { '1024x1024': null, '1024x1792': null, '1792x1024': null })
  expect(reset.status).toBe(200)
})

const put = (user: TestUser, prices: Record<string, unknown>, headers = user.headers) =>
  t.request('/api/admin/models/image-prices', {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ prices }),
  })
const listed = async (user: TestUser = admin) => {
  const res = await t.request('/api/admin/models/image-prices', { headers: user.headers })
  return { status: res.status, body: (await res.json()) as { data: { items: unknown[] }; code?: string } }
}
const imageRequests = () => fake.requests.filter((request) => request.path === '/v1/images/generations')

describe('/api/admin/models/image-prices', () => {
  test('each size’s price comes from the setting, else IMAGE_PRICES, else the default', async () => {
    expect((await listed()).body.data.items).toEqual([
      {
        size: '1024x1024',
        price: 0.05,
        source: 'environment',
        fallbackPrice: 0.05,
        fallbackSource: 'environment',
      },
      {
        size: '1024x1792',
        price: 0.07,
        source: 'environment',
        fallbackPrice: 0.07,
        fallbackSource: 'environment',
      },
      { size: '1792x1024', price: 0.08, source: 'default', fallbackPrice: 0.08, fallbackSource: 'default' },
    ])
    const res = await put(admin, { '1024x1024': 0.011, '1792x1024': 0 })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: { items: unknown[] } }).data.items).toEqual([
      {
        size: '1024x1024',
        price: 0.011,
        source: 'setting',
        fallbackPrice: 0.05,
        fallbackSource: 'environment',
      },
      {
        size: '1024x1792',
        price: 0.07,
        source: 'environment',
        fallbackPrice: 0.07,
        fallbackSource: 'environment',
      },
      { size: '1792x1024', price: 0, source: 'setting', fallbackPrice: 0.08, fallbackSource: 'default' },
    ])
    // A size left out stays; null returns it to IMAGE_PRICES.
    expect((await put(admin, { '1024x1024': null })).status).toBe(200)
    expect((await listed()).body.data.items).toMatchObject([
      { size: '1024x1024', price: 0.05, source: 'environment' },
      { size: '1024x1792', price: 0.07, source: 'environment' },
      { size: '1792x1024', price: 0, source: 'setting' },
    ])
  })

  test('a change is audited with each size old → new; saving the same value is not', async () => {
    expect((await put(admin, { '1024x1792': 0.12 })).status).toBe(200)
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'model.image_prices'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'organisation',
      details: { changes: { '1024x1792': { from: null, to: 0.12 } } },
    })
    const count = async () =>
      (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'model.image_prices'))).length
    const before = await count()
    expect((await put(admin, { '1024x1792': 0.12 })).status).toBe(200)
    expect(await count()).toBe(before)
  })

  test('negative, too precise, too large or non-number prices are 400 and change nothing', async () => {
    for (const prices of [
      { '1024x1024': -1 },
      { '1024x1024': 0.0000001 },
      { '1024x1024': 1001 },
      { '1024x1024': 'cheap' },
    ]) {
      const res = await put(admin, prices)
      expect({ prices, status: res.status }).toEqual({ prices, status: 400 })
    }
    const tooBig = (await (await put(admin, { '1024x1792': 5000 })).json()) as { code: string; error: string }
    expect(tooBig).toMatchObject({
      code: 'bad_request:image_price',
      error:
        'The price of a 1024x1792 image must be dollars from 0 to 1000 with at most six decimals, or null',
    })
    expect((await listed()).body.data.items).toMatchObject([
      { source: 'environment' },
      { source: 'environment' },
      { source: 'default' },
    ])
  })

  test('a user who is not an administrator is refused (403)', async () => {
    const bob = await newUser()
    expect((await listed(bob)).status).toBe(403)
    const res = await put(bob, { '1024x1024': 0 })
    expect(res.status).toBe(403)
    expect((await listed()).body.data.items[0]).toMatchObject({ source: 'environment' })
  })

  test('an administrator acting as another user is refused (403 forbidden:impersonating)', async () => {
    const bob = await newUser()
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: bob.id,
        reasonCode: 'compliance_review',
        caseNumber: 'IMG-1',
        durationMinutes: 30,
      }),
    })
    expect(started.status).toBe(201)
    const token = ((await started.json()) as { data: { token: string } }).data.token
    const res = await put(admin, { '1024x1024': 0 }, { authorization: `Bearer ${token}` })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe('forbidden:impersonating')
    expect((await listed()).body.data.items[0]).toMatchObject({ source: 'environment' })
  })

  test('the price charged to the budget follows the setting', async () => {
    const alice = await newUser()
    expect((await put(admin, { '1024x1024': 0.025 })).status).toBe(200)
    expect(
      (await t.as(alice).api['generate-image'].post({ prompt: 'a fox', size: '1024x1024' })).status,
    ).toBe(200)
    expect((await put(admin, { '1024x1024': null })).status).toBe(200)
    expect(
      (await t.as(alice).api['generate-image'].post({ prompt: 'a hare', size: '1024x1024' })).status,
    ).toBe(200)
    expect(
      (await t.as(alice).api['generate-image'].post({ prompt: 'a wolf', size: '1792x1024' })).status,
    ).toBe(200)
    const costs = (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, alice.id)))
      .map((row) => row.costMicros)
      .sort((a, b) => a - b)
    expect(costs).toEqual([25_000, 50_000, 80_000])
  })
})

describe('regenerating an image answer', () => {
  test('draws a new image from the same prompt, size and style, beside the old answer', async () => {
    const alice = await newUser()
    const chats = chatActions(t, alice)
    const chatId = await chats.createChat()
    const first = await t.as(alice).api['generate-image'].post({
      prompt: 'a paper boat',
      size: '1024x1792',
      style: 'vintage',
      chatId,
    })
    expect(first.status).toBe(200)
    const oldAnswer = first.data!.data.assistantMessage!
    const chatRequests = fake.requests.filter((request) => request.path === '/v1/chat/completions').length
    const before = imageRequests().length
    const eventsBefore = t.events.length
    const res = await t.request(`/api/chats/${chatId}/regenerate`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(202)
    const { data } = (await res.json()) as { data: { assistantMessageId: string } }
    // The image path was taken, the chat model was not asked.
    const sent = imageRequests().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({
      size: '1024x1792',
      prompt: 'a paper boat in a vintage/retro style',
    })
    expect(fake.requests.filter((request) => request.path === '/v1/chat/completions').length).toBe(
      chatRequests,
    )
    const page = await chats.messages(chatId)
    expect(page.messages).toHaveLength(2)
    const [question, answer] = page.messages
    // The old answer stays beside the new one (docs/decisions/158).
    expect(answer!.sibling_ids).toEqual([oldAnswer.id, data.assistantMessageId])
    expect(question).toMatchObject({ is_user: true, content: 'Generate an image: a paper boat' })
    const [image] = await t.ctx.db
      .select()
      .from(generatedImages)
      .where(eq(generatedImages.messageId, data.assistantMessageId))
    expect(image).toMatchObject({ prompt: 'a paper boat', size: '1024x1792', style: 'vintage' })
    expect(answer).toMatchObject({
      id: data.assistantMessageId,
      status: 'complete',
      content: `I've generated an image based on your prompt: "a paper boat"\n\n![Generated Image](/api/images/${image!.id})`,
    })
    expect(answer!.content).not.toBe(oldAnswer.content)
    const pushed = t.events
      .slice(eventsBefore)
      .filter((event) => event.room === `chat:${chatId}`)
      .map((event) => event.event)
    expect(pushed).toEqual(['message:created', 'message:completed'])
    // Charged again at the portrait price (IMAGE_PRICES: $0.07).
    const costs = (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, alice.id))).map(
      (row) => row.costMicros,
    )
    expect(costs).toEqual([70_000, 70_000])
    // The new answer is an image answer too: it can be drawn again.
    const again = await t.request(`/api/chats/${chatId}/regenerate`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(again.status).toBe(202)
    expect(imageRequests().length).toBe(before + 2)
  })

  test('a failed image keeps the old answer', async () => {
    const alice = await newUser()
    const chats = chatActions(t, alice)
    const chatId = await chats.createChat()
    const first = await t.as(alice).api['generate-image'].post({ prompt: 'a kite', chatId })
    const oldAnswer = first.data!.data.assistantMessage!
    fake.setImageScript({ fail: { status: 500, message: 'The server had an error' } })
    const res = await t.request(`/api/chats/${chatId}/regenerate`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(503)
    expect(((await res.json()) as { code: string }).code).toBe('unavailable:image_provider')
    const page = await chats.messages(chatId)
    expect(page.messages.map((message) => message.id)).toContain(oldAnswer.id)
    expect(page.messages).toHaveLength(2)
    // The chat is free again: the next regenerate is not refused as "a reply is in progress".
    fake.setImageScript({})
    const retry = await t.request(`/api/chats/${chatId}/regenerate`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(retry.status).toBe(202)
  })
})
