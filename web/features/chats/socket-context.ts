import { createContext, useContext } from 'react'
import type { Socket } from 'socket.io-client'

/** The tab's socket (null until socket.io-client has loaded), shared by the chat features. */
export const SocketContext = createContext<Socket | null>(null)

export function useSocket(): Socket | null {
  return useContext(SocketContext)
}
