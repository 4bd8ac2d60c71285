import { createFileRoute } from '@tanstack/react-router'
import { SessionGate } from '../features/auth/session-gate'
import { useModule } from '../lib/lazy-component'
import { LoadingScreen } from '../ui/loading-screen'

// Not a lazy route file: signed-out visitors get the sign-in screen here and must not fetch this.
const loadDashboard = () => import('../features/dashboard/dashboard')

/**
 * The signed-in app. A layout route, so moving between '/' and '/c/<id>' keeps the dashboard (and
 * its socket and composer text) mounted; the child routes only name the current chat.
 */
export const Route = createFileRoute('/_app')({
  component: () => <SessionGate>{(user) => <SignedIn userId={user.id} />}</SessionGate>,
})

function SignedIn({ userId }: { userId: string }) {
  const dashboard = useModule(loadDashboard)
  return dashboard ? <dashboard.Dashboard userId={userId} /> : <LoadingScreen />
}
