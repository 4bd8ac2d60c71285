import { Server as Engine } from '@socket.io/bun-engine'
import type pg from 'pg'
import { Server } from 'socket.io'
import { type Credential, resolveActor } from '../auth/actor'
import { readCookie } from '../auth/cookies'
import { isOurOrigin } from '../auth/guard'
import { SESSION_COOKIE } from '../auth/session'
import { registerChatSocket } from '../chats/socket'
import type { AppContext, Realtime } from '../context'
import { startImpersonationSweep } from '../impersonation/sweep'
import { failLostReplies } from '../messages/lost-replies'
import type { ServerEvent } from './events'
import { createFanout, type Frame, type Transport } from './fanout'
import type { ParleyServer } from './parley-server'
import { HEARTBEAT_MS } from './peers'
import { createPgTransport } from './pg-transport'
import { createPublicFeed, EVERYONE_ROOM } from './public-feed'
import { QUIET_CHECK_MS, QuietMemory } from './quiet-memory'
import { emitToRoom } from './room-emit'
import { SESSION_SWEEP_MS, startSessionSweep } from './session-sweep'

export const userRoom = (userId: string) => `user:${userId}`
export const sessionRoom = (sessionId: string) => `session:${sessionId}`
/** Administrators' own sockets (never a support session's): `Realtime.toAdmins`. */
export const ADMINS_ROOM = 'admins'

/**
 * socket.io on the same port as HTTP, through Bun's native engine. A socket must present a valid
 * session (cookie, or `auth.token` for non-browser clients) or it is refused at the handshake.
 * Every socket joins `user:<id>`, so events for a person reach all of their tabs,
 * `session:<id>`, so ending a session cuts exactly its sockets (`Realtime.endSessions`, and the
 * sweep for sessions ended behind the server's back); an administrator acting as themself also
 * joins `admins` (`Realtime.toAdmins`). `Realtime.toEveryone` reaches every socket.
 */
export async function createRealtime(
  ctx: Omit<AppContext, 'realtime'>,
  options: { sweepMs?: number; impersonationSweepMs?: number } = {},
) {
  const io: ParleyServer = new Server()
  const engine = new Engine({ path: '/socket.io/', maxHttpBufferSize: 1e6 })
  io.bind(engine)

  io.use(async (socket, next) => {
    const credential = handshakeCredential(socket.handshake)
    // A page on another site could open a socket that rides on the visitor's cookie (cross-site
    // WebSocket hijacking), as it could send a cookie-authenticated POST: refuse a foreign Origin.
    // A missing Origin is let through, unlike REST mutations: a browser's same-origin polling GET
    // carries none, and a cross-site page cannot suppress the header. `auth.token` is no ambient
    // credential, so non-browser clients skip the check.
    const origin = socket.handshake.headers.origin
    if (credential?.via === 'cookie' && origin) {
      const headers = socket.handshake.headers
      const host = headers['x-forwarded-host'] ?? headers.host
      if (!isOurOrigin(ctx, origin, typeof host === 'string' ? host : undefined)) {
        return next(new Error('forbidden:origin'))
      }
    }
    const auth = await resolveActor({ ...ctx, realtime }, credential).catch(() => null)
    if (!auth) return next(new Error('unauthorized'))
    socket.data.actor = auth.actor
    next()
  })

  io.on('connection', (socket) => {
    const { actor } = socket.data
    socket.join([userRoom(actor.userId), sessionRoom(actor.sessionId)])
    if (actor.role === 'admin' && !actor.impersonation) socket.join(ADMINS_ROOM)
  })
  registerChatSocket(io, ctx)

  // Several instances behind a load balancer share events (decision 128): each event is emitted to
  // this instance's sockets at once, then sent to the others in frames, through Postgres
  // LISTEN/NOTIFY, or Redis when REDIS_URL is set. socket.io's own adapter (on the same server)
  // carries its cluster requests: cutting a session's sockets on every instance.
  let pool: pg.Pool | undefined
  let transport: Transport | undefined
  let fanout: ReturnType<typeof createFanout> | undefined
  // Signed-out pages listening on the public stream (GET /api/branding/events) of this instance.
  const publicFeed = createPublicFeed(ctx.log)
  type Emitter = { emit(event: string, payload: unknown): boolean }
  // Payloads are typed where they are emitted (Realtime); past that point an event is an event.
  // After a burst (hundreds of replies streamed or relayed here), the memory it took goes back.
  const quiet = new QuietMemory()
  const quietCheck = setInterval(() => quiet.check(), QUIET_CHECK_MS)
  quietCheck.unref?.()
  const emitLocal = (room: string, event: ServerEvent, payload: unknown) => {
    quiet.sent()
    if (room === EVERYONE_ROOM) {
      // The feed itself drops anything but a public event, whatever arrives from another instance.
      publicFeed.deliver(event, payload)
      ;(io.local as unknown as Emitter).emit(event, payload)
      return
    }
    emitToRoom(io, room, event, payload)
  }
  const instanceId = crypto.randomUUID()
  const peers = ctx.peers
  // Events from the other instances were lost (Postgres away, a publish that failed): every tab
  // here reconnects, joins its chat again and reloads its messages from the database. The
  // connection, not the socket.io session: a tab told 'io server disconnect' would stay away (that
  // is how an ended session is cut); a closed transport reconnects by itself.
  let resyncedAt = Number.NEGATIVE_INFINITY
  const resync = (why: string) => {
    peers.forgetText()
    if (performance.now() - resyncedAt < 5_000) return
    resyncedAt = performance.now()
    ctx.log.warn('events from other instances were lost; reconnecting this instance’s sockets', { why })
    for (const socket of io.of('/').sockets.values()) socket.conn.close()
  }
  const receive = (frame: Frame) => {
    const known = peers.size
    const heard = peers.receive(frame)
    // A new instance: it hears this one at once, not at the next heartbeat, so that each sends the
    // other its events from now on (an instance alone sends none, below).
    if (peers.size > known) fanout?.heartbeat()
    if (heard === 'seen') return
    for (const [room, event, payload] of frame.e ?? []) emitLocal(room, event, payload)
    if (heard === 'missed') resync('missed frames')
  }
  // The adapters and their clients are imported only when configured: a single instance (the
  // embedded database) loads neither (docs/decisions/137-idle-memory.md).
  if (ctx.config.redisUrl) {
    const { createRedisTransport } = await import('./redis-transport')
    transport = await createRedisTransport(io as unknown as Server, {
      url: ctx.config.redisUrl,
      log: ctx.log,
      receive,
    })
  } else if (ctx.config.databaseUrl) {
    const [{ default: pg }, { createAdapter }] = await Promise.all([
      import('pg'),
      import('@socket.io/postgres-adapter'),
    ])
    pool = new pg.Pool({ connectionString: ctx.config.databaseUrl, max: 2 })
    pool.on('error', (error) => ctx.log.error('socket.io adapter pool error', { error }))
    // The adapter keeps one client checked out for LISTEN and handles its 'end' (it reconnects),
    // not its 'error': unhandled, a dropped connection (a Postgres restart) would end the process.
    pool.on('connect', (client) =>
      client.on('error', (error) => ctx.log.warn('socket.io adapter connection lost', { error })),
    )
    // Its socket_io_attachments table is created by migration 0005.
    io.adapter(createAdapter(pool))
    const pgTransport = createPgTransport({
      url: ctx.config.databaseUrl,
      instanceId,
      log: ctx.log,
      receive,
      relistened: () => resync('listening again'),
    })
    await pgTransport.ready
    transport = pgTransport
  }
  let heartbeat: ReturnType<typeof setInterval> | undefined
  if (transport) {
    fanout = createFanout(instanceId, transport)
    // Before this instance serves anything: the others hear of it before its first socket joins.
    fanout.heartbeat()
    // Alive (to the others), and the others' replies ended when one of them goes silent.
    heartbeat = setInterval(() => {
      fanout?.heartbeat()
      for (const lost of peers.takeLost(transport?.hearing() ?? true)) {
        ctx.log.warn('another instance went silent', { instance: lost.id, replies: lost.replies.length })
        void failLostReplies(
          { ...ctx, realtime },
          lost.replies.map((reply) => reply.messageId),
        )
      }
    }, HEARTBEAT_MS)
    heartbeat.unref?.()
  }

  const emit = (room: string, event: ServerEvent, payload: unknown) => {
    emitLocal(room, event, payload)
    // Alone, an instance sends its events nowhere (Peers.sharing). One that starts says so before it
    // serves (its first heartbeat, above) and is answered at once (`receive`), so the others' events
    // reach its first socket (decision 186).
    if (peers.sharing) fanout?.publish({ room, event, payload })
  }
  const realtime: Realtime = {
    toUser: (userId, event, payload) => emit(userRoom(userId), event, payload),
    toChat: (chatId, event, payload) => emit(`chat:${chatId}`, event, payload),
    toSession: (sessionId, event, payload) => emit(sessionRoom(sessionId), event, payload),
    toAdmins: (event, payload) => emit(ADMINS_ROOM, event, payload),
    setAdmin(userId, isAdmin) {
      const room = io.in(userRoom(userId))
      if (!isAdmin) {
        room.socketsLeave(ADMINS_ROOM)
        return
      }
      // `user:<id>` also holds a support session acting as this person: it never joins `admins`.
      void room
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) if (!socket.data.actor.impersonation) socket.join(ADMINS_ROOM)
        })
        .catch((error) => ctx.log.warn('could not move sockets into the admins room', { error }))
    },
    endSessions(sessionIds) {
      if (!sessionIds.length) return
      // No request on this instance is answered from a cached copy of an ended session.
      ctx.sessionCache.forget(sessionIds)
      const rooms = sessionIds.map(sessionRoom)
      // This instance's sockets go at once, before any later emit can reach them; the cluster
      // adapter then asks the other instances over NOTIFY (it logs and drops a failed publish,
      // which the other instances' sweeps make up for).
      io.local.in(rooms).disconnectSockets(true)
      if (transport) io.in(rooms).disconnectSockets(true)
    },
    toEveryone: (event, payload) => emit(EVERYONE_ROOM, event, payload),
    listenPublic: (listener) => publicFeed.listen(listener),
  }
  const sweep = startSessionSweep(io, ctx, options.sweepMs ?? SESSION_SWEEP_MS)
  // Through a getter: a test that moves `ctx.now` moves the support-access sweep's clock too.
  const accessSweep = startImpersonationSweep(
    { db: ctx.db, log: ctx.log, realtime, now: () => ctx.now() },
    options.impersonationSweepMs,
  )
  async function close() {
    clearInterval(heartbeat)
    clearInterval(quietCheck)
    await sweep.stop()
    await accessSweep.stop()
    // Frames still queued are dropped with the transport, before the adapter goes.
    await transport?.close()
    await io.close()
    // The adapter never gives back a LISTEN client whose connection dropped: pool.end() would wait
    // for it forever.
    if (pool) await Promise.race([pool.end(), Bun.sleep(2_000)])
  }
  return { io, engine, realtime, close }
}

/** `auth.token` (non-browser clients) first, then the session cookie, as for HTTP. */
function handshakeCredential(handshake: {
  auth: unknown
  headers: Record<string, unknown>
}): Credential | null {
  const auth = handshake.auth as { token?: unknown } | undefined
  if (typeof auth?.token === 'string') return { token: auth.token, via: 'bearer' }
  const cookie = handshake.headers.cookie
  const token = readCookie(typeof cookie === 'string' ? cookie : undefined, SESSION_COOKIE)
  return token ? { token, via: 'cookie' } : null
}
