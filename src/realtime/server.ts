import { Server as Engine } from '@socket.io/bun-engine'
import { createAdapter } from '@socket.io/postgres-adapter'
import pg from 'pg'
import { Server } from 'socket.io'
import { type Actor, resolveActor } from '../auth/actor'
import { registerChatSocket } from '../chats/socket'
import type { AppContext, Realtime } from '../context'
import { createFanout, FANOUT_EVENT, type FanoutEvent } from './fanout'

export interface SocketData {
  /** Who is acting on this socket, resolved at the handshake exactly as for HTTP. */
  actor: Actor
}

/** Events between instances (server-side emits through the adapter). */
export interface InterServerEvents {
  [FANOUT_EVENT]: (batch: FanoutEvent[]) => void
}

export type ParleyServer = Server<
  Record<string, (...args: never[]) => void>,
  Record<string, (...args: unknown[]) => void>,
  InterServerEvents,
  SocketData
>

/**
 * socket.io on the same port as HTTP, through Bun's native engine. A socket must present a valid
 * session (cookie, or `auth.token` for non-browser clients) or it is refused at the handshake.
 * Every socket joins `user:<id>`, so events for a person reach all of their tabs.
 */
export async function createRealtime(ctx: Omit<AppContext, 'realtime'>) {
  const io: ParleyServer = new Server()
  const engine = new Engine({ path: '/socket.io/', maxHttpBufferSize: 1e6 })
  io.bind(engine)

  io.use(async (socket, next) => {
    const fromAuth =
      typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined
    const token = fromAuth ?? cookieToken(socket.handshake.headers.cookie)
    const auth = await resolveActor(ctx, token ? { token, via: fromAuth ? 'bearer' : 'cookie' } : null).catch(
      () => null,
    )
    if (!auth) return next(new Error('unauthorized'))
    socket.data.actor = auth.actor
    next()
  })

  io.on('connection', (socket) => {
    socket.join(`user:${socket.data.actor.userId}`)
  })
  registerChatSocket(io, ctx)

  // Several instances behind a load balancer share events through Postgres LISTEN/NOTIFY: each
  // event is emitted to this instance's sockets at once, then published to the others in batches.
  let pool: pg.Pool | undefined
  let fanout: ((event: FanoutEvent) => void) | undefined
  if (ctx.config.databaseUrl) {
    pool = new pg.Pool({ connectionString: ctx.config.databaseUrl, max: 2 })
    pool.on('error', (error) => ctx.log.error('socket.io adapter pool error', { error }))
    // Its socket_io_attachments table is created by migration 0005.
    io.adapter(createAdapter(pool))
    fanout = createFanout({ serverSideEmit: (packet) => io.of('/').adapter.serverSideEmit(packet) }, ctx.log)
    io.on(FANOUT_EVENT, (batch) => {
      for (const { room, event, payload } of batch) io.local.to(room).emit(event, payload)
    })
  }

  const emit = (room: string, event: string, payload: unknown) => {
    io.local.to(room).emit(event, payload)
    fanout?.({ room, event, payload })
  }
  const realtime: Realtime = {
    toUser: (userId, event, payload) => emit(`user:${userId}`, event, payload),
    toChat: (chatId, event, payload) => emit(`chat:${chatId}`, event, payload),
  }
  async function close() {
    await io.close()
    await pool?.end()
  }
  return { io, engine, realtime, close }
}

function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === 'parley_session') return decodeURIComponent(rest.join('='))
  }
  return undefined
}
