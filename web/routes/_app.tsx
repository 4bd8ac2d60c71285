import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { SessionGate } from '../features/auth/session-gate'

// Not a lazy route file: signed-out visitors get the sign-in screen here and must not fetch this.
const Dashboard = lazy(() =>
  import('../features/dashboard/dashboard').then((module) => ({ default: module.Dashboard })),
)

/**
 * The signed-in app. A layout route, so moving between '/' and '/c/<id>' keeps the dashboard (and
 * its socket and composer text) mounted; the child routes only name the current chat.
 */
export const Route = createFileRoute('/_app')({
  component: () => <SessionGate>{(user) => <Dashboard userId={user.id} />}</SessionGate>,
})
