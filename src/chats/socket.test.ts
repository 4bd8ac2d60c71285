import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { io, type Socket } from 'socket.io-client'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type ListeningApp, startApp } from '../test/harness'
import type { TestUser } from '../test/messages'
import { waitFor } from '../test/wait'
import type { JoinAck } from './model'

const fake: FakeOpenAi = startFakeOpenAi({ models: ['fake-model'] })
let live: ListeningApp
let alice: TestUser
let bob: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  live = await startApp({ OPENAI_BASE_URL: fake.url }, { listen: true })
  alice = await live.createUser()
  bob = await live.createUser()
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await live.close()
  await fake.close()
})

interface Delta {
  chatId: string
  messageId: string
  delta: string
  seq: number
}
interface Received {
  deltas: Delta[]
  completed: { chatId: string; message: { id: string; content: string; status: string } }[]
  failed: unknown[]
  other: { event: string; payload: unknown }[]
}

async function connect(user: TestUser | null): Promise<{ socket: Socket; received: Received }> {
  const socket = io(live.url, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: user ? { token: user.token } : {},
    reconnection: false,
    forceNew: true,
  })
  sockets.push(socket)
  const received: Received = { deltas: [], completed: [], failed: [], other: [] }
  socket.on('message:delta', (payload: Delta) => received.deltas.push(payload))
  socket.on('message:completed', (payload: Received['completed'][number]) => received.completed.push(payload))
  socket.on('message:failed', (payload: unknown) => received.failed.push(payload))
  socket.onAny((event: string, payload: unknown) => received.other.push({ event, payload }))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', (error) => reject(error))
  })
  return { socket, received }
}

const join = (socket: Socket, chatId: string) =>
  socket.timeout(5000).emitWithAck('chat:join', { chatId }) as Promise<JoinAck>

const createChat = async (user: TestUser) => (await live.as(user).api.chats.post({})).data!.data.id
async function send(user: TestUser, chatId: string, content: string): Promise<string> {
  const { data, status } = await live.as(user).api.chats({ id: chatId }).messages.post({ content })
  expect(status).toBe(202)
  return data!.data.assistantMessageId
}
const messagesOf = async (user: TestUser, chatId: string) =>
  (await live.as(user).api.chats({ id: chatId }).messages.get()).data!.data.messages
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')

describe('streaming a reply over socket.io', () => {
  test('a joined socket receives every delta in order, then the completed message', async () => {
    // A token every 5 ms: deltas carry a frame's tokens together (delta-frames.ts), fewer events.
    fake.setScript({ reply: words(12), chunkDelayMs: 5 })
    const { socket, received } = await connect(alice)
    const chatId = await createChat(alice)
    expect(await join(socket, chatId)).toEqual({ ok: true })
    const messageId = await send(alice, chatId, 'Stream please')
    await waitFor(() => received.completed.length === 1, 10_000, 'message:completed')
    expect(received.deltas.length).toBeLessThan(12)
    expect(received.deltas.map((delta) => delta.seq)).toEqual(received.deltas.map((_, i) => i + 1))
    expect(received.deltas.every((delta) => delta.chatId === chatId && delta.messageId === messageId)).toBe(
      true,
    )
    expect(received.deltas.map((delta) => delta.delta).join('')).toBe(words(12))
    expect(received.completed[0]).toMatchObject({
      chatId,
      message: { id: messageId, content: words(12), status: 'complete' },
    })
  })

  test('two sockets of the same user both receive the whole reply', async () => {
    fake.setScript({ reply: words(8), chunkDelayMs: 5 })
    const first = await connect(alice)
    const second = await connect(alice)
    const chatId = await createChat(alice)
    await join(first.socket, chatId)
    await join(second.socket, chatId)
    await send(alice, chatId, 'Both tabs')
    await waitFor(() => first.received.completed.length && second.received.completed.length, 10_000)
    expect(second.received.deltas).toEqual(first.received.deltas)
    for (const { received } of [first, second]) {
      expect(received.deltas.map((delta) => delta.delta).join('')).toBe(words(8))
      expect(received.deltas.map((delta) => delta.seq)).toEqual(received.deltas.map((_, i) => i + 1))
    }
  })

  test('chat list changes reach the user’s other sockets', async () => {
    const { received } = await connect(alice)
    const chatId = await createChat(alice)
    await live.as(alice).api.chats({ id: chatId }).patch({ title: 'Renamed elsewhere' })
    await live.as(alice).api.chats({ id: chatId }).delete()
    await waitFor(() => received.other.some((entry) => entry.event === 'chat:deleted'))
    const chatEvents = received.other.filter((entry) => entry.event.startsWith('chat:'))
    expect(chatEvents.map((entry) => entry.event)).toEqual(['chat:created', 'chat:updated', 'chat:deleted'])
  })

  test('a reply is stored even when no socket is listening', async () => {
    fake.setScript({ reply: 'Nobody is watching.' })
    const chatId = await createChat(alice)
    const messageId = await send(alice, chatId, 'Anyone?')
    await waitFor(async () => {
      const messages = await messagesOf(alice, chatId)
      return messages.find((m) => m.id === messageId && m.status === 'complete')
    })
  })
})

describe('reconnecting in the middle of a reply', () => {
  test('the join ack carries the text so far; with the later deltas it is the whole reply, nothing doubled', async () => {
    fake.setScript({ reply: words(40), chunkDelayMs: 25 })
    const chatId = await createChat(alice)
    const before = await connect(alice)
    await join(before.socket, chatId)
    const messageId = await send(alice, chatId, 'Long answer please')
    await waitFor(() => before.received.deltas.length >= 5, 10_000)
    before.socket.disconnect()
    const seenBefore = before.received.deltas.length
    // Deltas keep flowing while no socket is connected.
    await Bun.sleep(150)

    const after = await connect(alice)
    const ack = await join(after.socket, chatId)
    if (!ack.ok || !ack.streaming) throw new Error(`expected a streaming ack, got ${JSON.stringify(ack)}`)
    expect(ack.streaming.messageId).toBe(messageId)
    expect(ack.streaming.seq).toBeGreaterThan(seenBefore)
    expect(
      ack.streaming.content.startsWith(before.received.deltas.map((delta) => delta.delta).join('')),
    ).toBe(true)

    await waitFor(() => after.received.completed.length === 1, 10_000, 'message:completed')
    const later = after.received.deltas.filter((delta) => delta.seq > ack.streaming!.seq)
    // The room was joined in the same tick as the snapshot: no delta at or before it arrives.
    expect(after.received.deltas).toEqual(later)
    expect(later.map((delta) => delta.seq)).toEqual(
      Array.from({ length: later.length }, (_, i) => ack.streaming!.seq + 1 + i),
    )
    const rebuilt = ack.streaming.content + later.map((delta) => delta.delta).join('')
    expect(rebuilt).toBe(words(40))
    expect(after.received.completed[0]!.message.content).toBe(words(40))
  })

  test('a join when nothing is streaming answers plain ok', async () => {
    const { socket } = await connect(alice)
    expect(await join(socket, await createChat(alice))).toEqual({ ok: true })
  })
})

describe('socket authorisation', () => {
  test('a socket without a session is refused at the handshake', async () => {
    await expect(connect(null)).rejects.toThrow('unauthorized')
  })

  test('another user cannot join a chat and receives none of its events', async () => {
    fake.setScript({ reply: words(6), chunkDelayMs: 5 })
    const chatId = await createChat(alice)
    const intruder = await connect(bob)
    expect(await join(intruder.socket, chatId)).toEqual({ ok: false, error: 'Chat not found' })
    expect(await join(intruder.socket, 'not-a-uuid')).toEqual({ ok: false, error: 'Chat not found' })
    const owner = await connect(alice)
    await join(owner.socket, chatId)
    await send(alice, chatId, 'Private stream')
    await waitFor(() => owner.received.completed.length === 1, 10_000)
    await Bun.sleep(50)
    expect(intruder.received.deltas).toEqual([])
    expect(intruder.received.completed).toEqual([])
  })

  test('after chat:leave the socket stops receiving the chat’s events', async () => {
    fake.setScript({ reply: words(4) })
    const chatId = await createChat(alice)
    const { socket, received } = await connect(alice)
    await join(socket, chatId)
    socket.emit('chat:leave', { chatId })
    await Bun.sleep(50)
    const messageId = await send(alice, chatId, 'After leaving')
    await waitFor(async () => {
      const messages = await messagesOf(alice, chatId)
      return messages.find((m) => m.id === messageId && m.status === 'complete')
    })
    await Bun.sleep(50)
    expect(received.deltas).toEqual([])
  })
})

describe('failures over the socket', () => {
  test('a provider error reaches the joined socket as message:failed with the spec text', async () => {
    fake.setScript({ fail: { status: 500 } })
    const chatId = await createChat(alice)
    const { socket, received } = await connect(alice)
    await join(socket, chatId)
    const messageId = await send(alice, chatId, 'Break please')
    await waitFor(() => received.failed.length === 1, 10_000)
    expect(received.failed[0]).toEqual({
      chatId,
      messageId,
      error: 'Failed to send message. Please try again.',
      reason: expect.any(String),
      // The reason's code and values, for the reader's language (decision 150).
      failure: { reason: 'provider_status', status: 500, detail: expect.any(String) },
    })
  })
})
