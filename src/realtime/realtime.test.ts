import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { sessions, users } from '../../db/schema'
import { createSession, SESSION_COOKIE } from '../auth/session'
import { toProfile } from '../profile/service'
import { createServerDatabaseUrl, startTestServer } from '../test/server'

let server: Awaited<ReturnType<typeof startTestServer>>
let userId: string
let profile: ReturnType<typeof toProfile>
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startTestServer()
  const [user] = await server.ctx.db
    .insert(users)
    .values({ email: 'socket@example.com', passwordHash: 'unused', fullName: 'Socket User' })
    .returning()
  userId = user!.id
  profile = toProfile(user!)
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.stop()
})

function connect(options: { token?: string; cookie?: string }): Promise<{ socket: Socket; error?: Error }> {
  const socket = io(server.url, {
    transports: ['websocket'],
    reconnection: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  })
  sockets.push(socket)
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ socket }))
    socket.on('connect_error', (error) => resolve({ socket, error }))
  })
}

describe('socket authentication', () => {
  test('a socket without a session is refused', async () => {
    const { error } = await connect({})
    expect(error?.message).toBe('unauthorized')
  })

  test('a tampered token is refused', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const tampered = (token.at(0) === 'a' ? 'b' : 'a') + token.slice(1)
    const { error } = await connect({ token: tampered })
    expect(error?.message).toBe('unauthorized')
  })

  test('an expired session is refused', async () => {
    const { token, session } = await createSession(server.ctx.db, userId, new Date())
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id))
    const { error } = await connect({ token })
    expect(error?.message).toBe('unauthorized')
  })

  test('a deleted session is refused', async () => {
    const { token, session } = await createSession(server.ctx.db, userId, new Date())
    await server.ctx.db.delete(sessions).where(eq(sessions.id, session.id))
    const { error } = await connect({ token })
    expect(error?.message).toBe('unauthorized')
  })

  test('a banned user is refused', async () => {
    const [banned] = await server.ctx.db
      .insert(users)
      .values({ email: 'banned@example.com', passwordHash: 'unused', isBanned: true })
      .returning()
    const { token } = await createSession(server.ctx.db, banned!.id, new Date())
    const { error } = await connect({ token })
    expect(error?.message).toBe('unauthorized')
  })
})

describe('user rooms', () => {
  test('events for a user reach every socket of that user, by token or by cookie, and no one else', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const a = await connect({ token })
    const b = await connect({ cookie: `${SESSION_COOKIE}=${token}` })
    const [other] = await server.ctx.db
      .insert(users)
      .values({ email: 'other@example.com', passwordHash: 'unused' })
      .returning()
    const stranger = await connect({
      token: (await createSession(server.ctx.db, other!.id, new Date())).token,
    })
    expect([a.error, b.error, stranger.error]).toEqual([undefined, undefined, undefined])

    const received: string[] = []
    a.socket.on('profile:updated', () => received.push('a'))
    b.socket.on('profile:updated', () => received.push('b'))
    stranger.socket.on('profile:updated', () => received.push('stranger'))
    server.ctx.realtime.toUser(userId, 'profile:updated', profile)
    await Bun.sleep(200)
    expect(received.sort()).toEqual(['a', 'b'])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one Postgres', () => {
  test('an event emitted on one instance reaches a socket connected to another', async () => {
    const database = await createServerDatabaseUrl(process.env.TEST_DATABASE_URL!)
    const first = await startTestServer({ DATABASE_URL: database.url })
    const second = await startTestServer({ DATABASE_URL: database.url })
    try {
      const [user] = await first.ctx.db
        .insert(users)
        .values({ email: 'multi@example.com', passwordHash: 'unused' })
        .returning()
      const { token } = await createSession(first.ctx.db, user!.id, new Date())
      const socket = io(second.url, { transports: ['websocket'], reconnection: false, auth: { token } })
      sockets.push(socket)
      await new Promise((resolve) => socket.on('connect', () => resolve(null)))
      const received = new Promise((resolve) => socket.on('profile:updated', resolve))
      first.ctx.realtime.toUser(user!.id, 'profile:updated', toProfile(user!))
      expect(await received).toEqual(toProfile(user!))

      // A burst (a reply's deltas) reaches both instances' sockets whole and in emit order.
      const local = io(first.url, { transports: ['websocket'], reconnection: false, auth: { token } })
      sockets.push(local)
      await new Promise((resolve) => local.on('connect', () => resolve(null)))
      const collect = (target: Socket) =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = []
          target.on('message:delta', ({ seq }: { seq: number }) => {
            seen.push(seq)
            if (seen.length === 300) resolve(seen)
          })
        })
      const [remote, near] = [collect(socket), collect(local)]
      for (let seq = 1; seq <= 300; seq += 1)
        first.ctx.realtime.toUser(user!.id, 'message:delta', { chatId: 'c', messageId: 'm', delta: '', seq })
      const expected = Array.from({ length: 300 }, (_, index) => index + 1)
      expect(await near).toEqual(expected)
      expect(await remote).toEqual(expected)
    } finally {
      await first.stop()
      await second.stop()
      await database.drop()
    }
  })
})
