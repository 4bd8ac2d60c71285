import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { sessionQuery } from '../auth/session-query'
import { applyBrand } from '../branding/branding-feed'
import { brandingQuery } from '../branding/branding-query'
import type { ParleySocket } from '../chats/socket-context'
import { modelsQuery } from '../models/models-query'
import { profileQuery } from '../profile/profile-query'

/**
 * One socket per signed-in tab (same origin, cookie auth). Pushed events update the query cache,
 * so a change made in another tab or device shows here at once. socket.io-client is loaded only
 * after sign-in, keeping it out of the sign-in screen's download. Returns the socket once
 * connected-to-be, for the chat features to subscribe to.
 */
export function useRealtime(userId: string | undefined): ParleySocket | null {
  const queryClient = useQueryClient()
  const [socket, setSocket] = useState<ParleySocket | null>(null)
  useEffect(() => {
    if (!userId) return
    let closed = false
    let disconnect = () => {}
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      // A WebSocket from the start: one handshake, where long polling first took four requests and
      // an upgrade. A network that refuses WebSockets still gets long polling (tryAllTransports).
      const socket: ParleySocket = io({
        path: '/socket.io/',
        withCredentials: true,
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      })
      socket.on('profile:updated', (profile) => {
        queryClient.setQueryData(profileQuery.queryKey, profile)
      })
      // An administrator changed the models (names, prices, enabled, the default): the list and the
      // preferred model (['models', 'preferred']) are fetched again.
      socket.on('models:updated', () => {
        void queryClient.invalidateQueries({ queryKey: modelsQuery.queryKey })
      })
      // Someone saved, changed, used or deleted a prompt this user sees: the library and the '/'
      // picker read again when open (['prompts'] is the prompts feature's key prefix, named here
      // so this always-loaded file does not pull that lazy feature in).
      socket.on('prompts:changed', () => void queryClient.invalidateQueries({ queryKey: ['prompts'] }))
      // This user's agent settings or calendar connection changed (another tab, the calendar
      // provider's return, an administrator's offer): the agent list is read again (['agents'] is
      // the agents feature's key, named here so this always-loaded file stays small).
      socket.on('agents:changed', () => void queryClient.invalidateQueries({ queryKey: ['agents'] }))
      // An administrator changed the brand: names, images and colours change here at once.
      socket.on('branding:updated', (brand) => applyBrand(queryClient, brand))
      // A change made while the socket was away would be missed: read the brand again.
      socket.io.on(
        'reconnect',
        () => void queryClient.invalidateQueries({ queryKey: brandingQuery.queryKey }),
      )
      // The server cuts a socket when its session ends (signed out elsewhere, password changed
      // on another device, account deleted or suspended): ask who is signed in, so this tab shows
      // the sign-in card instead of a screen that silently stopped updating.
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect')
          void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
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
