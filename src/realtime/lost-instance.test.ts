import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { messages } from '../../db/schema'
import { INTERRUPTED } from '../messages/interrupted-replies'
import { SEND_FAILED } from '../messages/run-reply'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, type ListeningApp, startInstances, TEST_ENV } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * Instance A (a real process) is killed with SIGKILL while it streams a reply; instance B (in this
 * process) streams another. B's tabs must see A's reply end as failed within 10 s, with the text
 * saved so far kept, and B's own reply must finish untouched.
 */
const root = join(import.meta.dir, '..', '..')
const words = Array.from({ length: 400 }, (_, i) => `word${i} `)
const FULL = words.join('')

describe.skipIf(!process.env.TEST_DATABASE_URL)('an instance killed mid-reply', () => {
  let fake: FakeOpenAi
  let cluster: Instances
  let proc: Bun.Subprocess | undefined
  const dataDir = `/tmp/parley-lost-${crypto.randomUUID()}`
  const sockets: Socket[] = []

  beforeAll(async () => {
    fake = startFakeOpenAi({ models: ['fake-model'] })
    cluster = await startInstances(1, { OPENAI_BASE_URL: fake.url })
  }, 60_000)
  afterAll(async () => {
    proc?.kill('SIGKILL')
    for (const socket of sockets) socket.close()
    await cluster.close()
    await fake.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('the tabs on the other instance see its replies fail within 10 s; the survivor’s reply is unaffected', async () => {
    const b = cluster.instances[0] as ListeningApp
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    const a = `http://127.0.0.1:${port}`
    proc = Bun.spawn(['bun', 'src/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: b.ctx.config.databaseUrl!,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        APP_SECRET: 'test-secret-test-secret-test-secret-0000',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'test-key',
        OPENAI_MODELS: 'fake-model',
      },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    await waitFor(async () => (await fetch(`${a}/api/health`).catch(() => null))?.ok === true, 60_000, 'A up')

    fake.setScript({ chunks: words, chunkDelayMs: 25 })
    const [alice, bob] = [await cluster.createUser(), await cluster.createUser()]
    const open = async (token: string, chatId: string) => {
      const socket = io(b.url, { transports: ['websocket'], reconnection: false, auth: { token } })
      sockets.push(socket)
      const seen = { deltas: 0, failed: [] as unknown[], completed: [] as { message: { content: string } }[] }
      socket.on('message:delta', () => {
        seen.deltas += 1
      })
      socket.on('message:failed', (event) => seen.failed.push(event))
      socket.on('message:completed', (event) => seen.completed.push(event))
      await new Promise((resolve) => socket.once('connect', () => resolve(null)))
      expect(await socket.timeout(10_000).emitWithAck('chat:join', { chatId })).toEqual({ ok: true })
      return seen
    }
    const aliceChat = (await b.as(alice).api.chats.post({})).data!.data.id
    const bobChat = (await b.as(bob).api.chats.post({})).data!.data.id
    const aliceTab = await open(alice.token, aliceChat)
    const bobTab = await open(bob.token, bobChat)

    // Alice's reply streams on A; Bob's on B.
    const sent = await fetch(`${a}/api/chats/${aliceChat}/messages`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Tell me a long story' }),
    })
    expect(sent.status).toBe(202)
    const messageId = ((await sent.json()) as { data: { assistantMessageId: string } }).data
      .assistantMessageId
    expect((await b.as(bob).api.chats({ id: bobChat }).messages.post({ content: 'Me too' })).status).toBe(202)
    const row = async () => (await b.ctx.db.select().from(messages).where(eq(messages.id, messageId)))[0]!
    await waitFor(async () => aliceTab.deltas > 5 && (await row()).content.length > 0, 20_000, 'A streaming')

    proc.kill('SIGKILL')
    await proc.exited
    const killedAt = performance.now()
    await waitFor(() => aliceTab.failed.length === 1, 10_000, 'message:failed on the other instance')
    expect(performance.now() - killedAt).toBeLessThan(10_000)
    expect(aliceTab.failed[0]).toEqual({
      chatId: aliceChat,
      messageId,
      error: SEND_FAILED,
      reason: INTERRUPTED,
      failure: { reason: 'interrupted' },
    })
    const stored = await row()
    expect(stored.status).toBe('failed')
    expect(stored.error).toBe(INTERRUPTED)
    expect(stored.content.length).toBeGreaterThan(0)
    expect(FULL.startsWith(stored.content)).toBe(true)

    // B's own reply goes on to the end.
    await waitFor(() => bobTab.completed.length === 1, 20_000, 'Bob’s reply')
    expect(bobTab.completed[0]!.message).toMatchObject({ content: FULL, status: 'complete' })
    expect(bobTab.failed).toEqual([])
  }, 90_000)
})
