import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { sessions, users } from '../../db/schema'
import { createSession, SESSION_COOKIE } from '../auth/session'
import { toProfile } from '../profile/model'
import { findUser, type ListeningApp, startApp, startInstances } from '../test/harness'

let server: ListeningApp
let userId: string
let profile: ReturnType<typeof toProfile>
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startApp({}, { listen: true })
  userId = (await server.createUser({ fullName: 'Socket User' })).id
  profile = toProfile((await findUser(server.database, userId))!)
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.close()
})

function connect(options: {
  token?: string
  cookie?: string
  transports?: ('websocket' | 'polling')[]
}): Promise<{ socket: Socket; error?: Error }> {
  const socket = io(server.url, {
    transports: options.transports ?? ['websocket'],
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
    const banned = await server.createUser()
    await server.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id))
    const { token } = banned
    const { error } = await connect({ token })
    expect(error?.message).toBe('unauthorized')
  })
})

describe('the handshake checks Origin like cookie-authenticated REST mutations', () => {
  const withOrigin = (options: { token?: string; cookie?: string }, origin: string) => {
    const socket = io(server.url, {
      transports: ['websocket'],
      reconnection: false,
      auth: options.token ? { token: options.token } : {},
      extraHeaders: { ...(options.cookie ? { cookie: options.cookie } : {}), origin },
    })
    sockets.push(socket)
    return new Promise<Error | undefined>((resolve) => {
      socket.on('connect', () => resolve(undefined))
      socket.on('connect_error', (error) => resolve(error))
    })
  }

  test('a cookie handshake from a foreign Origin is refused', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const error = await withOrigin({ cookie: `${SESSION_COOKIE}=${token}` }, 'http://evil.example')
    expect(error?.message).toBe('forbidden:origin')
  })

  test('a cookie handshake from our own Origin, or with none (same-origin polling), is accepted', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    expect(await withOrigin({ cookie: `${SESSION_COOKIE}=${token}` }, server.url)).toBeUndefined()
    expect((await connect({ cookie: `${SESSION_COOKIE}=${token}` })).error).toBeUndefined()
  })

  test('an auth.token handshake is no ambient credential and skips the check', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    expect(await withOrigin({ token }, 'http://evil.example')).toBeUndefined()
  })
})

describe('malformed cookies at the handshake', () => {
  test.each(['parley_session=%E0%A4%A', 'parley_session=%', 'parley_session', '=;;=%zz'])(
    '%j is no credential: refused as unauthorized, and the server stays up',
    async (cookie) => {
      const { error } = await connect({ cookie })
      expect(error?.message).toBe('unauthorized')
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    },
  )

  test('a broken cookie of another name does not hide a good session cookie', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const { error } = await connect({ cookie: `other=%E0%A4%A; ${SESSION_COOKIE}=${token}` })
    expect(error).toBeUndefined()
  })
})

describe('user rooms', () => {
  test('events for a user reach every socket of that user, by token or by cookie, and no one else', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const a = await connect({ token })
    const b = await connect({ cookie: `${SESSION_COOKIE}=${token}` })
    const stranger = await connect({ token: (await server.createUser()).token })
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

describe('long-polling', () => {
  // Browsers start on polling and upgrade; a proxy that blocks WebSockets keeps them there. The
  // polling POSTs are text/plain packets that only the engine may read (a JSON-only body parser
  // in front of it once answered them 415, and no event reached a browser).
  test('a polling-only client joins a chat and receives its events', async () => {
    const { token } = await createSession(server.ctx.db, userId, new Date())
    const { socket, error } = await connect({ token, transports: ['polling'] })
    expect(error).toBeUndefined()
    const ack = await socket.timeout(5000).emitWithAck('chat:join', { chatId: 'not-a-chat' })
    expect(ack).toEqual({ ok: false, error: 'Chat not found' })
    const received = new Promise((resolve) => socket.on('profile:updated', resolve))
    server.ctx.realtime.toUser(userId, 'profile:updated', profile)
    expect(await received).toMatchObject({ id: userId })
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one Postgres', () => {
  test('an event emitted on one instance reaches a socket connected to another', async () => {
    const cluster = await startInstances(2)
    const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
    try {
      const { token, ...created } = await cluster.createUser()
      const user = await findUser(first.database, created.id)
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
      await cluster.close()
    }
  })

  test('a session ended on one instance loses its socket on another', async () => {
    const cluster = await startInstances(2)
    const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
    try {
      const { token } = await cluster.createUser()
      const socket = io(second.url, { transports: ['websocket'], reconnection: false, auth: { token } })
      sockets.push(socket)
      await new Promise((resolve) => socket.on('connect', () => resolve(null)))
      const cut = new Promise((resolve) => socket.on('disconnect', resolve))
      const started = performance.now()
      const { status } = await first
        .as({ headers: { authorization: `Bearer ${token}` } })
        .api.auth.logout.post()
      expect(status).toBe(200)
      expect(await cut).toBe('io server disconnect')
      expect(performance.now() - started).toBeLessThan(5000)
    } finally {
      await cluster.close()
    }
  })
})
