import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'

/**
 * The support access this tab's session runs, or null (spec section 3, 'Impersonation data', plus
 * the acting admin). Read once per page: a change of target is always a page load (start and stop
 * both reload), which is also how the dashboard clears its messages and current chat.
 */
export const impersonationQuery = queryOptions({
  queryKey: ['impersonation'],
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  queryFn: async () => {
    const { data, error } = await api.impersonation.get()
    if (error) return null
    return data.data
  },
})

/**
 * Whether this session's access still runs: false only when the server says it is over (401, or no
 * access); a failed request says nothing, so it counts as running.
 */
export async function accessRuns(): Promise<boolean> {
  const { data, error } = await api.impersonation.get()
  // The route's schema lists only its 422; the 401 comes from the session guard before it.
  const status: number | undefined = error?.status
  if (error) return status !== 401
  return data.data !== null
}

export type ImpersonationData = NonNullable<
  Awaited<ReturnType<NonNullable<typeof impersonationQuery.queryFn>>>
>

/** Where the admin was when the access started (this tab), to go back to when it ends. */
const RETURN_KEY = 'support_access_return'

/** Remembers the admin area's page the access is started from (the start dialog calls it). */
export function rememberAdminPage() {
  sessionStorage.setItem(RETURN_KEY, window.location.pathname + window.location.hash)
}

function adminPage() {
  const saved = sessionStorage.getItem(RETURN_KEY)
  sessionStorage.removeItem(RETURN_KEY)
  // Only a page of the admin area: the saved value is this tab's own, but stays a path, never a site.
  return saved && /^\/admin(?:[#/?]|$)/.test(saved) ? saved : '/admin'
}

let returning: Promise<void> | undefined

/** True once the tab is on its way back (a second trigger, e.g. the server's `impersonation:ended`, adds nothing). */
export const isReturningToOwnSession = () => returning !== undefined

/**
 * Ends the access (if it still runs) and goes back to the admin's own session: the server swaps the
 * parked cookie back in and the admin lands in the admin area they started from (issue 26: the
 * spec's 'reloads the page' reloaded the target's chat app). Also the way back after the access
 * ended by itself. Once per page: stopping makes the server announce the end to this very tab,
 * which would otherwise send the DELETE a second time.
 */
export function returnToOwnSession() {
  returning ??= (async () => {
    await api.impersonation.delete().catch(() => undefined)
    window.location.assign(adminPage())
  })()
  return returning
}
