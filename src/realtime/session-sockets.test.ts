import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { sessions, users } from '../../db/schema'
import { createSession, SESSION_TTL_MS } from '../auth/session'
import { toProfile } from '../profile/model'
import { findUser, type ListeningApp, startApp } from '../test/harness'
import { waitFor } from '../test/wait'

/*
 * A socket belongs to a session (DESIGN.md "Who is acting"): when the session ends, its sockets
 * are cut within 5 s and hear nothing more. Real server, real sockets.
 */

let server: ListeningApp
const sockets: Socket[] = []
const PASSWORD = 'password123'

beforeAll(async () => {
  server = await startApp({}, { listen: true })
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.close()
})

/** A user's database row (its profile), signed in with as many sessions as a test opens. */
async function newUser() {
  const { id } = await server.createUser({ password: PASSWORD })
  return (await findUser(server.database, id))!
}

const newSession = async (userId: string) => (await createSession(server.ctx.db, userId, new Date())).token

/** A connected socket, with what it heard and why it was disconnected. */
async function connect(token: string) {
  const socket = io(server.url, { transports: ['websocket'], reconnection: false, auth: { token } })
  sockets.push(socket)
  const heard: unknown[] = []
  let disconnectReason: string | undefined
  socket.on('profile:updated', (payload) => heard.push(payload))
  socket.on('disconnect', (reason) => {
    disconnectReason = reason
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve())
    socket.on('connect_error', reject)
  })
  return {
    socket,
    heard,
    /** Resolves with the reason once the server has cut the socket; fails after 5 s. */
    cut: () => waitFor(() => disconnectReason, 5000, 'the socket to be disconnected'),
  }
}

/** The typed client signed in with one session's token. */
const as = (token: string) => server.as({ headers: { authorization: `Bearer ${token}` } })

describe('a socket lives as long as its session', () => {
  test('logout cuts the sockets of that session within 5 s; another session of the same user survives', async () => {
    const user = await newUser()
    const [mine, other] = [await newSession(user.id), await newSession(user.id)]
    const leaving = await connect(mine)
    const staying = await connect(other)

    expect((await as(mine).api.auth.logout.post()).status).toBe(200)
    expect(await leaving.cut()).toBe('io server disconnect')

    server.ctx.realtime.toUser(user.id, 'profile:updated', toProfile(user))
    await waitFor(() => staying.heard.length === 1, 5000, 'the other session to hear the event')
    expect(staying.socket.connected).toBe(true)
    expect(leaving.heard).toEqual([])
  })

  test('a password change cuts the other sessions’ sockets and keeps this one', async () => {
    const user = await newUser()
    const [mine, other] = [await newSession(user.id), await newSession(user.id)]
    const kept = await connect(mine)
    const ended = await connect(other)
    const res = await as(mine).api.auth.password.patch({
      password: 'a-new-password',
      currentPassword: PASSWORD,
    })
    expect(res.status).toBe(200)
    expect(await ended.cut()).toBe('io server disconnect')
    await Bun.sleep(100)
    expect(kept.socket.connected).toBe(true)
  })

  test('a ban set directly in the database cuts every socket of the account within 5 s', async () => {
    const user = await newUser()
    const bystander = await newUser()
    const banned = await connect(await newSession(user.id))
    const alsoBanned = await connect(await newSession(user.id))
    const unaffected = await connect(await newSession(bystander.id))
    await server.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id))
    await Promise.all([banned.cut(), alsoBanned.cut()])
    expect(unaffected.socket.connected).toBe(true)
  })

  test('an expiry written to the database cuts the socket within 5 s', async () => {
    const user = await newUser()
    const { token, session } = await createSession(server.ctx.db, user.id, new Date())
    const expiring = await connect(token)
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id))
    await expiring.cut()
  })

  test('deleting the account cuts its sockets within 5 s', async () => {
    const user = await newUser()
    const [mine, other] = [await newSession(user.id), await newSession(user.id)]
    const here = await connect(mine)
    const elsewhere = await connect(other)
    expect((await as(mine).api.user['delete-account'].delete()).status).toBe(200)
    await Promise.all([here.cut(), elsewhere.cut()])
  })
})

describe('expiry by the clock', () => {
  test('when the context’s clock passes a session’s expiry, the sweep cuts its socket', async () => {
    const live = await startApp({}, { listen: true, sweepMs: 100 })
    try {
      const user = await live.createUser()
      const socket = io(live.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: user.token },
      })
      sockets.push(socket)
      await new Promise((resolve) => socket.on('connect', () => resolve(null)))
      let reason: string | undefined
      socket.on('disconnect', (why) => {
        reason = why
      })
      await Bun.sleep(300)
      expect(socket.connected).toBe(true)
      const later = new Date(Date.now() + SESSION_TTL_MS + 1000)
      live.ctx.now = () => later
      expect(await waitFor(() => reason, 5000, 'the expired socket to be cut')).toBe('io server disconnect')
    } finally {
      await live.close()
    }
  })
})
