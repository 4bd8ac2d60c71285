import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect as connectTcp } from 'node:net'
import { io, type Socket } from 'socket.io-client'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, type ListeningApp, startInstances, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * The small version of `bun run bench:scale`: two instances on one Postgres (then on Redis), 10
 * users with a socket on each instance (20 sockets), 10 replies streamed at once, half by each
 * instance. Every socket must get its own reply whole, in seq order with no gap or repeat, and no
 * socket anything of another user's.
 */
const USERS = 10
const TOKENS = 60
const REPLY = Array.from({ length: TOKENS }, (_, i) => `t${i}`).join(' ')

const redisUp = await new Promise<boolean>((resolve) => {
  const probe = connectTcp({ host: '127.0.0.1', port: 6379 })
  probe.setTimeout(500)
  probe.once('connect', () => {
    probe.destroy()
    resolve(true)
  })
  probe.once('error', () => resolve(false))
  probe.once('timeout', () => {
    probe.destroy()
    resolve(false)
  })
})

type Delta = { chatId: string; messageId: string; delta: string; seq: number }
interface Tab {
  user: number
  socket: Socket
  deltas: Delta[]
  outcomes: { chatId: string; messageId: string }[]
}

function suite(name: string, env: Record<string, string>, enabled: boolean) {
  describe.skipIf(!enabled)(name, () => {
    let fake: FakeOpenAi
    let cluster: Instances
    const tabs: Tab[] = []

    beforeAll(async () => {
      fake = startFakeOpenAi({ models: ['fake-model'] })
      fake.setScript({ reply: REPLY, chunkDelayMs: 5 })
      cluster = await startInstances(2, { OPENAI_BASE_URL: fake.url, ...env })
    }, 60_000)
    afterAll(async () => {
      for (const tab of tabs) tab.socket.close()
      await cluster.close()
      await fake.close()
    })

    const open = async (server: ListeningApp, user: TestUser, index: number): Promise<Tab> => {
      const socket = io(server.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: user.token },
      })
      const tab: Tab = { user: index, socket, deltas: [], outcomes: [] }
      socket.on('message:delta', (delta: Delta) => tab.deltas.push(delta))
      socket.on('message:completed', (event: { chatId: string; message: { id: string } }) =>
        tab.outcomes.push({ chatId: event.chatId, messageId: event.message.id }),
      )
      socket.on('message:failed', (event: { chatId: string; messageId: string }) => tab.outcomes.push(event))
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
      tabs.push(tab)
      return tab
    }

    test('every tab on both instances gets its own reply whole, and nothing of another user’s', async () => {
      const instances = cluster.instances as [ListeningApp, ListeningApp]
      const people = await Promise.all(Array.from({ length: USERS }, () => cluster.createUser()))
      const chats = await Promise.all(
        people.map(async (user) => (await instances[0].as(user).api.chats.post({})).data!.data.id),
      )
      const userTabs = await Promise.all(
        people.map((user, index) => Promise.all(instances.map((server) => open(server, user, index)))),
      )
      for (const [index, pair] of userTabs.entries()) {
        for (const tab of pair) {
          expect(await tab.socket.timeout(10_000).emitWithAck('chat:join', { chatId: chats[index] })).toEqual(
            {
              ok: true,
            },
          )
        }
      }
      // Half the replies streamed by each instance.
      const sent = await Promise.all(
        people.map((user, index) =>
          instances[index % 2]!.as(user).api.chats({ id: chats[index]! }).messages.post({ content: 'go' }),
        ),
      )
      expect(sent.map((res) => res.status)).toEqual(people.map(() => 202))
      const replyIds = sent.map((res) => res.data!.data.assistantMessageId)
      await waitFor(() => tabs.every((tab) => tab.outcomes.length === 1), 30_000, 'every outcome')

      for (const tab of tabs) {
        const chatId = chats[tab.user]!
        const messageId = replyIds[tab.user]!
        // Nothing of another user's chat or reply reached this socket.
        expect(
          tab.deltas.filter((delta) => delta.chatId !== chatId || delta.messageId !== messageId),
        ).toEqual([])
        expect(tab.outcomes).toEqual([{ chatId, messageId }])
        // No delta lost, repeated or out of order, and the text whole.
        expect(tab.deltas.map((delta) => delta.seq)).toEqual(tab.deltas.map((_, index) => index + 1))
        expect(tab.deltas.map((delta) => delta.delta).join('')).toBe(REPLY)
        // Coalesced: far fewer events than tokens.
        expect(tab.deltas.length).toBeLessThan(TOKENS)
      }
    }, 60_000)

    test('a tab that joins on the other instance mid-reply gets the text so far, then the rest', async () => {
      const [streaming, other] = cluster.instances as [ListeningApp, ListeningApp]
      const user = await cluster.createUser()
      const chatId = (await streaming.as(user).api.chats.post({})).data!.data.id
      fake.setScript({ reply: REPLY, chunkDelayMs: 20 })
      const sent = await streaming.as(user).api.chats({ id: chatId }).messages.post({ content: 'go' })
      const messageId = sent.data!.data.assistantMessageId
      await Bun.sleep(300)
      const late = await open(other, user, -1)
      const ack = (await late.socket.timeout(10_000).emitWithAck('chat:join', { chatId })) as {
        ok: true
        streaming?: { messageId: string; content: string; seq: number }
      }
      expect(ack.streaming?.messageId).toBe(messageId)
      expect(ack.streaming!.content.length).toBeGreaterThan(0)
      await waitFor(() => late.outcomes.length === 1, 30_000, 'the outcome')
      const after = late.deltas.filter((delta) => delta.seq > ack.streaming!.seq)
      expect(after.map((delta) => delta.seq)).toEqual(after.map((_, index) => ack.streaming!.seq + index + 1))
      expect(ack.streaming!.content + after.map((delta) => delta.delta).join('')).toBe(REPLY)
      fake.setScript({ reply: REPLY, chunkDelayMs: 5 })
    }, 60_000)
  })
}

suite('scale-out on Postgres: 2 instances, 20 sockets', {}, Boolean(process.env.TEST_DATABASE_URL))
suite(
  'scale-out on Redis: 2 instances, 20 sockets',
  { REDIS_URL: 'redis://127.0.0.1:6379' },
  Boolean(process.env.TEST_DATABASE_URL) && redisUp,
)
