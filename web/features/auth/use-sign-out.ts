import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '../../lib/api'
import { sessionQuery } from './session-query'

/** Ends the session on the server, then forgets everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await api.auth.logout.post().catch(() => undefined)
    // Set the session first: the screen switches to the sign-in card while observers still listen.
    queryClient.setQueryData(sessionQuery.queryKey, null)
    queryClient.removeQueries({
      predicate: (query) => !['session', 'branding'].includes(String(query.queryKey[0])),
    })
  }, [queryClient])
}
