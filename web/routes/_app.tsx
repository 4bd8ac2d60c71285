import { createFileRoute } from '@tanstack/react-router'
import { SessionGate } from '../features/auth/session-gate'
import { lazyComponent } from '../lib/lazy-component'
import { LoadingScreen } from '../ui/loading-screen'

// Not a lazy route file: signed-out visitors get the sign-in screen here and must not fetch this.
const Dashboard = lazyComponent(
  () => import('../features/dashboard/dashboard').then((module) => ({ default: module.Dashboard })),
  LoadingScreen,
)

/**
 * The signed-in app. A layout route, so moving between '/' and '/c/<id>' keeps the dashboard (and
 * its socket and composer text) mounted; the child routes only name the current chat.
 */
export const Route = createFileRoute('/_app')({
  component: () => <SessionGate>{(user) => <Dashboard userId={user.id} />}</SessionGate>,
})
