import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { messages, models, usageRecords } from '../../db/schema'
import { outcome, startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions } from '../test/messages'

let t: TestApp
let owner: TestUser
let other: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin' })
  owner = await t.createUser()
  other = await t.createUser()
}, 60_000)
afterAll(() => t.close())

const rate = (
  user: TestUser,
  messageId: string,
  body: { rating: 'up' | 'down' | null; comment?: string | null },
) => t.as(user).api.messages({ id: messageId }).feedback.put(body)

/**
 * A chat of `user` with one answered question, written as a reply leaves it (the question, the
 * answer under it, the answer's usage record): the chat and both message ids.
 */
async function answeredChat(user: TestUser) {
  const chatId = await chatActions(t, user).createChat()
  const now = t.ctx.now()
  const [question] = await t.ctx.db
    .insert(messages)
    .values({ chatId, userId: user.id, content: 'What is the answer?', isUser: true, createdAt: now })
    .returning()
  const [answer] = await t.ctx.db
    .insert(messages)
    .values({
      chatId,
      userId: user.id,
      parentId: question!.id,
      content: 'Forty two.',
      isUser: false,
      modelId: 'gpt-4o-mini',
      createdAt: new Date(now.getTime() + 1),
    })
    .returning()
  await t.ctx.db.insert(usageRecords).values({
    userId: user.id,
    chatId,
    messageId: answer!.id,
    modelId: 'gpt-4o-mini',
    promptTokens: 12,
    completionTokens: 6,
    costMicros: 30,
  })
  return { chatId, questionId: question!.id, answerId: answer!.id }
}

const stored = async (id: string) => (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!

const feedbackEvents = (messageId: string) =>
  t.events.filter(
    (event) =>
      event.event === 'message:feedback' && (event.payload as { messageId: string }).messageId === messageId,
  )

describe('rating an answer', () => {
  test('rates up, changes to down with a comment, and takes it back; each change goes to the person’s tabs', async () => {
    const { chatId, answerId } = await answeredChat(owner)

    const up = await rate(owner, answerId, { rating: 'up' })
    expect(up.status).toBe(200)
    expect(up.data!.data.message).toMatchObject({
      id: answerId,
      chat_id: chatId,
      is_user: false,
      feedback: { rating: 'up', comment: null },
    })
    expect(await stored(answerId)).toMatchObject({ feedbackRating: 'up', feedbackComment: null })

    const down = await rate(owner, answerId, { rating: 'down', comment: '  Too short.  ' })
    expect(down.data!.data.message.feedback).toEqual({ rating: 'down', comment: 'Too short.' })
    expect(await stored(answerId)).toMatchObject({ feedbackRating: 'down', feedbackComment: 'Too short.' })

    // The list read shows the rating too (a reload, another device).
    const page = await chatActions(t, owner).messages(chatId)
    expect(page.messages.find((message) => message.id === answerId)?.feedback).toEqual({
      rating: 'down',
      comment: 'Too short.',
    })

    const cleared = await rate(owner, answerId, { rating: null, comment: 'ignored' })
    expect(cleared.status).toBe(200)
    expect(cleared.data!.data.message.feedback).toBeUndefined()
    expect(await stored(answerId)).toMatchObject({ feedbackRating: null, feedbackComment: null })

    expect(feedbackEvents(answerId)).toEqual([
      {
        room: `user:${owner.id}`,
        event: 'message:feedback',
        payload: { chatId, messageId: answerId, feedback: { rating: 'up', comment: null } },
      },
      {
        room: `user:${owner.id}`,
        event: 'message:feedback',
        payload: { chatId, messageId: answerId, feedback: { rating: 'down', comment: 'Too short.' } },
      },
      {
        room: `user:${owner.id}`,
        event: 'message:feedback',
        payload: { chatId, messageId: answerId, feedback: null },
      },
    ])
  })

  test('the answer keeps its usage in what the rating answers', async () => {
    const { answerId } = await answeredChat(owner)
    const res = await rate(owner, answerId, { rating: 'up' })
    expect(res.data!.data.message).toMatchObject({
      usage: { input_tokens: 12, output_tokens: 6, cost: 0.00003 },
      sibling_ids: [answerId],
    })
  })

  test('a comment of 2,000 characters is kept; a longer one is refused and changes nothing', async () => {
    const { answerId } = await answeredChat(owner)
    const longest = 'a'.repeat(2000)
    expect((await rate(owner, answerId, { rating: 'up', comment: longest })).status).toBe(200)
    expect((await stored(answerId)).feedbackComment).toBe(longest)

    const res = await rate(owner, answerId, { rating: 'down', comment: 'b'.repeat(2001) })
    expect(outcome(res)).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Comment is too long: at most 2,000 characters',
        code: 'bad_request:feedback',
      },
    })
    expect(await stored(answerId)).toMatchObject({ feedbackRating: 'up', feedbackComment: longest })
  })

  test('a rating other than up, down or null is refused', async () => {
    const { answerId } = await answeredChat(owner)
    const res = await t.request(`/api/messages/${answerId}/feedback`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 'meh' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      success: false,
      error: 'rating must be "up", "down" or null',
      code: 'bad_request:validation',
    })
  })

  test('a question cannot be rated', async () => {
    const { questionId } = await answeredChat(owner)
    expect(outcome(await rate(owner, questionId, { rating: 'up' }))).toEqual({
      status: 400,
      body: { success: false, error: 'Only answers can be rated', code: 'bad_request:feedback' },
    })
    expect((await stored(questionId)).feedbackRating).toBeNull()
  })

  test('another person’s answer, an unknown id and a malformed id read as missing; nothing changes, nothing is sent', async () => {
    const { answerId } = await answeredChat(owner)
    const missing = {
      status: 404,
      body: { success: false, error: 'Message not found', code: 'not_found:message' },
    }
    expect(outcome(await rate(other, answerId, { rating: 'down', comment: 'Bad' }))).toEqual(missing)
    expect(outcome(await rate(other, answerId, { rating: null }))).toEqual(missing)
    expect(outcome(await rate(owner, crypto.randomUUID(), { rating: 'up' }))).toEqual(missing)
    expect(outcome(await rate(owner, 'not-a-message', { rating: 'up' }))).toEqual(missing)
    expect(await stored(answerId)).toMatchObject({ feedbackRating: null, feedbackComment: null })
    expect(feedbackEvents(answerId)).toEqual([])
  })

  test('without a session: 401', async () => {
    const { answerId } = await answeredChat(owner)
    const res = await t.request(`/api/messages/${answerId}/feedback`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 'up' }),
    })
    expect(res.status).toBe(401)
    expect((await stored(answerId)).feedbackRating).toBeNull()
  })
})

describe('what a chat cost', () => {
  test('sums the chat’s usage records; another chat’s and another person’s are not counted', async () => {
    const chat = chatActions(t, owner)
    const chatId = await chat.createChat()
    const elsewhere = await chat.createChat()
    const usage = (
      chat: string,
      user: TestUser,
      promptTokens: number,
      completionTokens: number,
      costMicros: number,
    ) => ({
      userId: user.id,
      chatId: chat,
      modelId: 'gpt-4o-mini',
      promptTokens,
      completionTokens,
      costMicros,
    })
    await t.ctx.db
      .insert(usageRecords)
      .values([
        usage(chatId, owner, 1200, 300, 1_250),
        usage(chatId, owner, 800, 700, 3_000_000),
        usage(elsewhere, owner, 5, 5, 5),
      ])
    const res = await t.as(owner).api.chats({ id: chatId }).usage.get()
    expect(outcome(res)).toEqual({
      status: 200,
      body: { success: true, data: { input_tokens: 2000, output_tokens: 1000, cost: 3.00125, messages: 2 } },
    })
  })

  test('a chat without answers costs nothing', async () => {
    const chatId = await chatActions(t, owner).createChat()
    expect((await t.as(owner).api.chats({ id: chatId }).usage.get()).data!.data).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cost: 0,
      messages: 0,
    })
  })

  test('another person’s chat, or none: 404', async () => {
    const chatId = await chatActions(t, owner).createChat()
    const notFound = {
      status: 404,
      body: { success: false, error: 'Chat not found', code: 'not_found:chat' },
    }
    expect(outcome(await t.as(other).api.chats({ id: chatId }).usage.get())).toEqual(notFound)
    expect(outcome(await t.as(owner).api.chats({ id: crypto.randomUUID() }).usage.get())).toEqual(notFound)
  })
})

describe('ratings in the admin usage', () => {
  test('counts up and down per model, with the model’s name; unrated answers and other windows are not counted', async () => {
    await t.ctx.db
      .insert(models)
      .values({ id: 'rated-model', name: 'rated-model', provider: 'openai', displayName: 'Rated' })
      .onConflictDoNothing()
    const chatId = await chatActions(t, owner).createChat()
    const now = t.ctx.now()
    const answer = (rating: 'up' | 'down' | null, modelId: string, createdAt = now) => ({
      chatId,
      userId: owner.id,
      content: 'An answer',
      isUser: false,
      status: 'complete' as const,
      modelId,
      feedbackRating: rating,
      createdAt,
    })
    const longAgo = new Date(now.getTime() - 200 * 24 * 3600_000)
    await t.ctx.db
      .insert(messages)
      .values([
        answer('up', 'rated-model'),
        answer('up', 'rated-model'),
        answer('down', 'rated-model'),
        answer(null, 'rated-model'),
        answer('down', 'unlisted-model'),
        answer('up', 'rated-model', longAgo),
      ])
    const res = await t.as(admin).api.admin.usage.get({ query: {} })
    expect(res.status).toBe(200)
    const ratings = res.data!.data.ratings
    expect(ratings.find((row) => row.modelId === 'rated-model')).toEqual({
      modelId: 'rated-model',
      name: 'Rated',
      up: 2,
      down: 1,
    })
    expect(ratings.find((row) => row.modelId === 'unlisted-model')).toEqual({
      modelId: 'unlisted-model',
      name: 'unlisted-model',
      up: 0,
      down: 1,
    })
  })

  test('only administrators see them', async () => {
    expect((await t.as(owner).api.admin.usage.get({ query: {} })).status).toBe(403)
  })
})
