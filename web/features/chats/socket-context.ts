import { createContext, useContext } from 'react'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '../../../src/realtime/events'

/** The tab's socket, typed by the server's event map: a renamed event or changed payload fails the build. */
export type ParleySocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** The tab's socket (null until socket.io-client has loaded), shared by the chat features. */
export const SocketContext = createContext<ParleySocket | null>(null)

export function useSocket(): ParleySocket | null {
  return useContext(SocketContext)
}
