import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { io, type Socket } from 'socket.io-client'
import { openPostgres } from '../../db/client'
import { type Instances, type ListeningApp, startInstances } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * Postgres drops every connection (a restart, a failover): each instance listens again by itself
 * within seconds, and its tabs are reconnected so that they join again and reload what they missed.
 * (The server itself is shared by other suites, so its connections to this test's database are cut
 * instead of restarting it.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('Postgres connections lost', () => {
  let cluster: Instances
  const sockets: Socket[] = []

  beforeAll(async () => {
    cluster = await startInstances(2)
  }, 60_000)
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await cluster.close()
  }, 30_000)

  test('the instances listen again, reconnect their tabs, and events flow between them again', async () => {
    const [a, b] = cluster.instances as [ListeningApp, ListeningApp]
    const user = await cluster.createUser()
    const socket = io(b.url, {
      transports: ['websocket'],
      auth: { token: user.token },
      reconnectionDelay: 100,
    })
    sockets.push(socket)
    let connects = 0
    socket.on('connect', () => {
      connects += 1
    })
    const chats: string[] = []
    socket.on('chat:deleted', ({ chatId }: { chatId: string }) => chats.push(chatId))
    await waitFor(() => connects === 1)
    a.ctx.realtime.toUser(user.id, 'chat:deleted', { chatId: 'before' })
    await waitFor(() => chats.includes('before'))

    const admin = openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
    const name = new URL(b.ctx.config.databaseUrl!).pathname.slice(1)
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
    await admin.close()

    // The tab is reconnected (it reloads its messages then) once B listens again.
    await waitFor(() => connects === 2, 15_000, 'the tab reconnected')
    await waitFor(
      () => {
        a.ctx.realtime.toUser(user.id, 'chat:deleted', { chatId: 'after' })
        return chats.includes('after')
      },
      15_000,
      'an event from A after the cut',
    )
    expect(chats[0]).toBe('before')
  }, 60_000)
})
