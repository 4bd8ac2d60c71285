import { useQuery } from '@tanstack/react-query'
import { lazyComponent } from '../../lib/lazy-component'
import { impersonationQuery } from './impersonation-query'

const ActiveBanner = lazyComponent(() => import('./active-banner'))

/**
 * The warning banner while an administrator acts as a user (spec section 2, 'Impersonation
 * banner'; section 4, 'Impersonation'). Nothing when the session is the person's own.
 */
export function ImpersonationBanner() {
  const impersonation = useQuery(impersonationQuery).data
  if (!impersonation) return null
  return <ActiveBanner impersonation={impersonation} />
}
