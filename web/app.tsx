import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { LoginScreen } from './features/auth/session-gate'
import { sessionQuery } from './features/auth/session-query'
import { gatedPath, rememberSignedIn, seemsSignedIn } from './features/auth/signed-out-start'
import { useBrandColors } from './features/branding/use-branding'
import { useThemePreference } from './features/theme/theme'
import { useT } from './i18n/i18n'
import { lazyComponent } from './lib/lazy-component'
import { LazyToaster } from './ui/lazy-toaster'
import { LoadingScreen } from './ui/loading-screen'

const AppRouter = lazyComponent(
  () => import('./app-router').then((module) => ({ default: module.AppRouter })),
  LoadingScreen,
)

/**
 * Above the sidebar's foot (Archived chats, Select), which a toast must not cover; higher while the
 * selection bar stands there (`--toast-above`, set by web/features/chats/selection-bar.tsx).
 */
const TOAST_OFFSET = { bottom: 'max(64px, var(--toast-above, 0px))', left: 16 }
/** The composer's height and bottom margin on a phone, so a toast never covers Send. */
const TOAST_MOBILE_OFFSET = { bottom: 128, left: 12, right: 12 }

/**
 * The page: the sign-in card for a signed-out visitor on a signed-in path, else the routes (a chunk
 * of their own, decision 191), so the first visit does not fetch TanStack Router. Once the routes
 * are shown they stay: signing out inside them shows their own sign-in card (SessionGate).
 */
export function App() {
  useBrandColors()
  const t = useT()
  const theme = useThemePreference()
  const [gated] = useState(() => gatedPath(window.location.pathname))
  const routed = useRef(!gated || seemsSignedIn())
  // Read at once on a signed-in path, beside the routes' code when that comes too (the routes' own
  // gate then finds it read or under way). Elsewhere the routes read it if they need it.
  const session = useQuery({ ...sessionQuery, enabled: gated })
  useEffect(() => {
    if (session.data !== undefined) rememberSignedIn(session.data !== null)
  }, [session.data])
  if (session.data) routed.current = true
  // While the card is shown, the routes' code comes as soon as the person types in it (or a
  // password manager fills it), so that signing in does not wait for it; a visit that only looks
  // fetches none of it.
  useEffect(() => {
    if (routed.current) return
    const prefetch = () => void AppRouter.preload()
    document.addEventListener('input', prefetch, { capture: true, once: true })
    return () => document.removeEventListener('input', prefetch, { capture: true })
  }, [])
  return (
    <>
      {routed.current ? <AppRouter /> : session.isPending ? <LoadingScreen /> : <LoginScreen />}
      <LazyToaster
        theme={theme}
        // At the top, toasts covered the header's budget banner and the titles of dialogs. Bottom
        // left sits over the sidebar, just above its foot, clear of the composer and the answers
        // beside it; on phones (full width) just above the composer.
        position="bottom-left"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        closeButton
        containerAriaLabel={t('common.toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('common.toasts.close') }}
      />
    </>
  )
}
