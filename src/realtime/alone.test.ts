import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import postgres from 'postgres'
import { io, type Socket } from 'socket.io-client'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, type ListeningApp, startInstances, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { PEER_TIMEOUT_MS } from './peers'
import { FANOUT_CHANNEL } from './pg-transport'

/*
 * An instance alone on its database sends its events nowhere (decision 186): they would be written
 * as NOTIFYs and come back to it unread. Only its heartbeats go out, once its first moments are
 * over. One that starts beside it is heard at once, and from its first socket gets every event, a
 * reply's first delta included. After a peer is lost, events go out for a while in case it returns.
 */
const TOKENS = 40
const REPLY = Array.from({ length: TOKENS }, (_, i) => `w${i}`).join(' ')

type Delta = { chatId: string; messageId: string; delta: string; seq: number }

describe.skipIf(!process.env.TEST_DATABASE_URL)('an instance alone on Postgres', () => {
  let fake: FakeOpenAi
  let cluster: Instances
  let listener: postgres.Sql
  const heard: string[] = []
  const sockets: Socket[] = []

  beforeAll(async () => {
    fake = startFakeOpenAi({ models: ['fake-model'] })
    fake.setScript({ reply: REPLY, chunkDelayMs: 5 })
    cluster = await startInstances(1, { OPENAI_BASE_URL: fake.url })
    listener = postgres(cluster.url, { max: 1, onnotice: () => {} })
    await listener.listen(FANOUT_CHANNEL, (payload) => heard.push(payload))
    // An instance sends everything for its first moments (another may not have heard it yet).
    await Bun.sleep(PEER_TIMEOUT_MS)
    heard.length = 0
  }, 60_000)
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await listener.end({ timeout: 2 })
    await cluster.close()
    await fake.close()
  })

  const open = async (server: ListeningApp, user: TestUser) => {
    const socket = io(server.url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: user.token },
    })
    sockets.push(socket)
    const deltas: Delta[] = []
    const outcomes: string[] = []
    socket.on('message:delta', (delta: Delta) => deltas.push(delta))
    socket.on('message:completed', (event: { message: { id: string } }) => outcomes.push(event.message.id))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    return { socket, deltas, outcomes }
  }

  const stream = async (server: ListeningApp, user: TestUser, chatId: string) => {
    const sent = await server.as(user).api.chats({ id: chatId }).messages.post({ content: 'go' })
    expect(sent.status).toBe(202)
    return sent.data!.data.assistantMessageId
  }

  test('streams a whole reply and sends only heartbeats to the channel', async () => {
    const [first] = cluster.instances as [ListeningApp]
    const user = await cluster.createUser()
    const chatId = (await first.as(user).api.chats.post({})).data!.data.id
    const tab = await open(first, user)
    expect(await tab.socket.timeout(10_000).emitWithAck('chat:join', { chatId })).toEqual({ ok: true })
    const messageId = await stream(first, user, chatId)
    await waitFor(() => tab.outcomes.length === 1, 20_000, 'the outcome')
    expect(tab.deltas.map((delta) => delta.delta).join('')).toBe(REPLY)
    // A heartbeat a second: the channel works, and carried nothing else.
    await waitFor(() => heard.length >= 2, 5_000, 'heartbeats')
    expect(heard.filter((payload) => payload.includes('"e":'))).toEqual([])
    expect(tab.outcomes).toEqual([messageId])
  }, 30_000)

  test('an instance started beside it gets a reply streamed at once, from its first delta', async () => {
    const [first] = cluster.instances as [ListeningApp]
    const user = await cluster.createUser()
    const chatId = (await first.as(user).api.chats.post({})).data!.data.id
    const second = await cluster.start()
    // No wait for a heartbeat: the new instance announced itself before it served.
    const tab = await open(second, user)
    expect(await tab.socket.timeout(10_000).emitWithAck('chat:join', { chatId })).toEqual({ ok: true })
    const messageId = await stream(first, user, chatId)
    await waitFor(() => tab.outcomes.length === 1, 20_000, 'the outcome on the new instance')
    expect(tab.outcomes).toEqual([messageId])
    expect(tab.deltas.map((delta) => delta.seq)).toEqual(tab.deltas.map((_, index) => index + 1))
    expect(tab.deltas.map((delta) => delta.delta).join('')).toBe(REPLY)
  }, 30_000)

  test('after the instance beside it is taken for lost, events still go out for a while', async () => {
    const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
    // Gone without a word, as a stalled or killed instance is: its heartbeats stop.
    cluster.instances.splice(1, 1)
    await second.close()
    await waitFor(() => first.ctx.peers.size === 0, 15_000, 'the other instance taken for lost')
    heard.length = 0
    const user = await cluster.createUser()
    const chatId = (await first.as(user).api.chats.post({})).data!.data.id
    const tab = await open(first, user)
    expect(await tab.socket.timeout(10_000).emitWithAck('chat:join', { chatId })).toEqual({ ok: true })
    await stream(first, user, chatId)
    await waitFor(() => tab.outcomes.length === 1, 20_000, 'the outcome')
    // Should it come back (it was only stalled), it finds this reply's events on the channel.
    await waitFor(() => heard.some((payload) => payload.includes('"message:completed"')), 5_000, 'the events')
  }, 40_000)
})
