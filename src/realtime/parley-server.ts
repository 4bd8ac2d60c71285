import type { Server } from 'socket.io'
import type { Actor } from '../auth/actor'
import type { ClientToServerEvents, ServerToClientEvents } from './events'
import { FANOUT_EVENT, type Frame } from './fanout'

export interface SocketData {
  /** Who is acting on this socket, resolved at the handshake exactly as for HTTP. */
  actor: Actor
}

/** Events between instances (server-side emits through the adapter). */
export interface InterServerEvents {
  /** A frame as JSON text (redis-transport.ts); an object from an instance of an older version. */
  [FANOUT_EVENT]: (frame: string | Frame) => void
}

/**
 * The socket.io server's type, apart from server.ts that builds it: the handlers it registers
 * (chats/socket.ts, session-sweep.ts) name it without importing their caller.
 */
export type ParleyServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
