import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { messages } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, type ListeningApp, startInstances } from '../test/harness'
import { waitFor } from '../test/wait'

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')

// Several instances need a shared Postgres; on the embedded database every reply is local.
describe.skipIf(!process.env.TEST_DATABASE_URL)('stop across instances on one Postgres', () => {
  let fake: FakeOpenAi
  let cluster: Instances

  beforeAll(async () => {
    fake = startFakeOpenAi({ models: ['fake-model'] })
    cluster = await startInstances(2, { OPENAI_BASE_URL: fake.url })
  }, 60_000)
  afterAll(async () => {
    await cluster.close()
    await fake.close()
  })

  test('a stop taken by instance B stops the reply streaming on instance A and keeps its text so far', async () => {
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const user = await cluster.createUser()
    // 400 words, 25 ms apart: about ten seconds, far longer than the test needs.
    const full = words(400)
    fake.setScript({ reply: full, chunkDelayMs: 25 })
    const chatId = (await a.as(user).api.chats.post({})).data!.data.id
    const sent = await a.as(user).api.chats({ id: chatId }).messages.post({
      content: 'Talk a lot',
    })
    expect(sent.status).toBe(202)
    const messageId = sent.data!.data.assistantMessageId
    const row = async () => (await b.ctx.db.select().from(messages).where(eq(messages.id, messageId)))[0]!
    // Some text has been streamed and saved: the reply is running on A, and only there.
    await waitFor(async () => (await row()).content.length > 0, 10_000, 'a partial save')
    expect(a.ctx.liveReplies.get(chatId)?.messageId).toBe(messageId)
    expect(b.ctx.liveReplies.get(chatId)).toBeUndefined()

    const stop = await b.as(user).api.chats({ id: chatId }).stop.post()
    expect({ status: stop.status, body: stop.data }).toEqual({
      status: 200,
      body: { success: true, data: { stopped: true, messageId } },
    })
    // Answered once stored: no waiting needed for the final state.
    const stored = await row()
    expect(stored.status).toBe('stopped')
    expect(stored.content.length).toBeGreaterThan(0)
    expect(stored.content.length).toBeLessThan(full.length)
    expect(full.startsWith(stored.content)).toBe(true)
    expect(a.ctx.liveReplies.get(chatId)).toBeUndefined()
    // The chat is free again, from either instance.
    fake.setScript({ reply: 'Short.' })
    const again = await b.as(user).api.chats({ id: chatId }).messages.post({ content: 'Briefly' })
    expect(again.status).toBe(202)
  }, 30_000)

  test('a stop with nothing running anywhere says so', async () => {
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const user = await cluster.createUser()
    const chatId = (await a.as(user).api.chats.post({})).data!.data.id
    const stop = await b.as(user).api.chats({ id: chatId }).stop.post()
    expect({ status: stop.status, body: stop.data }).toEqual({
      status: 200,
      body: { success: true, data: { stopped: false, messageId: null } },
    })
  })

  test('a streaming row no instance owns (its instance died) is not reported as stopped', async () => {
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const user = await cluster.createUser()
    const chatId = (await a.as(user).api.chats.post({})).data!.data.id
    const [orphan] = await a.ctx.db
      .insert(messages)
      .values({ chatId, userId: user.id, content: 'half', isUser: false, status: 'streaming' })
      .returning()
    const stop = await b.as(user).api.chats({ id: chatId }).stop.post()
    expect(stop.data).toEqual({ success: true, data: { stopped: false, messageId: null } })
    const [after] = await a.ctx.db.select().from(messages).where(eq(messages.id, orphan!.id))
    expect(after!.status).toBe('streaming')
  }, 30_000)

  test('another user cannot stop the reply', async () => {
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const owner = await cluster.createUser()
    const stranger = await cluster.createUser()
    fake.setScript({ reply: words(400), chunkDelayMs: 25 })
    const chatId = (await a.as(owner).api.chats.post({})).data!.data.id
    const sent = await a.as(owner).api.chats({ id: chatId }).messages.post({ content: 'Go on' })
    const messageId = sent.data!.data.assistantMessageId
    expect((await b.as(stranger).api.chats({ id: chatId }).stop.post()).status).toBe(404)
    expect(a.ctx.liveReplies.get(chatId)?.messageId).toBe(messageId)
    expect((await b.as(owner).api.chats({ id: chatId }).stop.post()).data?.data).toEqual({
      stopped: true,
      messageId,
    })
  }, 30_000)
})
