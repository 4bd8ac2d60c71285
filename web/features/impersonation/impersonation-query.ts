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

export type ImpersonationData = NonNullable<
  Awaited<ReturnType<NonNullable<typeof impersonationQuery.queryFn>>>
>

/**
 * Ends the access (if it still runs) and goes back to the admin's own session: the server swaps the
 * parked cookie back in, the page reloads as the admin (spec: 'Stop ends impersonation and
 * reloads the page'). Also the way back after the access ended by itself.
 */
export async function returnToOwnSession() {
  await api.impersonation.delete().catch(() => undefined)
  window.location.reload()
}
