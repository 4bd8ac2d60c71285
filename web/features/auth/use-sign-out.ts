import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { activateLocale } from '../../i18n/i18n'
import { signedOutLocale } from '../../i18n/signed-out-locale'
import { api } from '../../lib/api'
import { returnToOwnSession } from '../impersonation/impersonation-query'
import { sessionQuery } from './session-query'

/**
 * Ends the session on the server (a support session: back to the admin's own), then forgets everything cached for this user. The sign-in card
 * comes back in the signed-out language (as after a reload), not the profile's.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const ended = await api.auth.logout.post().catch(() => undefined)
    // Signing out of support access ends it and brings the admin's own session back (the parked
    // cookie, decision 117), as Stop Impersonation does: back to the admin area, once.
    if (ended?.data?.data.supportAccessEnded) return returnToOwnSession()
    await activateLocale(signedOutLocale()).catch(() => undefined)
    // Set the session first: the screen switches to the sign-in card while observers still listen.
    queryClient.setQueryData(sessionQuery.queryKey, null)
    queryClient.removeQueries({
      predicate: (query) => !['session', 'branding'].includes(String(query.queryKey[0])),
    })
  }, [queryClient])
}
