import { useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { useModule } from '../../lib/lazy-component'
import { LoadingScreen } from '../../ui/loading-screen'
import { type SessionUser, sessionQuery } from './session-query'

// Signed-in visitors never download the sign-in screen (and the signed-in views are lazy too).
const loadLogin = () => import('./login-card')

/**
 * 'Loading...' while the session is read, the sign-in screen without one, else the signed-in view.
 * The same 'Loading...' stays up while the chosen screen's code arrives, so nothing jumps.
 */
export function SessionGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useQuery(sessionQuery)
  const signedOut = !session.isPending && !session.data
  const login = useModule(signedOut ? loadLogin : null)
  if (session.data) return <Suspense fallback={<LoadingScreen />}>{children(session.data)}</Suspense>
  return login ? <login.LoginScreen /> : <LoadingScreen />
}
