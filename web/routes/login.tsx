import { createFileRoute, Navigate } from '@tanstack/react-router'
import { SessionGate } from '../features/auth/session-gate'

/**
 * Where a provider's sign-in that did not complete sends people back (`/login?signInError=<code>`,
 * src/identity): the sign-in card, which shows why. Signed in, the app's start.
 */
export const Route = createFileRoute('/login')({
  component: () => <SessionGate>{() => <Navigate to="/" replace />}</SessionGate>,
})
