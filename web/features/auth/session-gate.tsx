import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { lazyComponent } from '../../lib/lazy-component'
import { LoadingScreen } from '../../ui/loading-screen'
import { type SessionUser, sessionQuery } from './session-query'

// Signed-in visitors never download the sign-in screen (and the signed-in views are lazy too).
export const LoginScreen = lazyComponent(
  () => import('./login-card').then((module) => ({ default: module.LoginScreen })),
  LoadingScreen,
)

/**
 * 'Loading...' while the session is read, the sign-in screen without one, else the signed-in view.
 * The same 'Loading...' stays up while the chosen screen's code arrives, so nothing jumps.
 */
export function SessionGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useQuery(sessionQuery)
  if (session.isPending) return <LoadingScreen />
  return session.data ? children(session.data) : <LoginScreen />
}
