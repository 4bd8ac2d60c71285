import { useQuery } from '@tanstack/react-query'
import { LoadingScreen } from '../../ui/loading-screen'
import { displayName, profileQuery } from '../profile/profile-query'
import { AdminLayout } from './admin-layout'
import { AdminRefusal } from './admin-refusal'
import { RefusalBoundary } from './refusal-boundary'

/** The admin area. Only administrators may open it; others are told so and given a way back. */
export function AdminPage() {
  const profile = useQuery(profileQuery)
  if (profile.isPending) return <LoadingScreen />
  if (profile.data?.role !== 'admin') return <AdminRefusal />
  return (
    <RefusalBoundary>
      <AdminLayout adminName={displayName(profile.data)} />
    </RefusalBoundary>
  )
}
