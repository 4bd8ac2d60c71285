import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Socket } from 'socket.io-client'
import { type Profile, profileQuery } from '../profile/profile-query'

/**
 * One socket per signed-in tab (same origin, cookie auth). Pushed events update the query cache,
 * so a change made in another tab or device shows here at once. socket.io-client is loaded only
 * after sign-in, keeping it out of the sign-in screen's download. Returns the socket once
 * connected-to-be, for the chat features to subscribe to.
 */
export function useRealtime(userId: string | undefined): Socket | null {
  const queryClient = useQueryClient()
  const [socket, setSocket] = useState<Socket | null>(null)
  useEffect(() => {
    if (!userId) return
    let closed = false
    let disconnect = () => {}
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      const socket = io({ path: '/socket.io/', withCredentials: true })
      socket.on('profile:updated', (profile: Profile) => {
        queryClient.setQueryData(profileQuery.queryKey, profile)
      })
      setSocket(socket)
      disconnect = () => {
        socket.disconnect()
        setSocket(null)
      }
    })
    return () => {
      closed = true
      disconnect()
    }
  }, [userId, queryClient])
  return socket
}
