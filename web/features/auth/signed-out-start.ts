import { safeStorage } from '../../lib/safe-storage'

/**
 * What the page shows before the router's code is fetched (web/app.tsx, decision 191). A signed-out
 * visitor on a path whose route would show the sign-in card (SessionGate) gets the card straight
 * away, without TanStack Router; every other path (a shared chat, a link from a mail, an unknown
 * address) is the router's.
 */
export function gatedPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/login' ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    /^\/c\/[^/]+$/.test(pathname)
  )
}

const SIGNED_IN = 'parley_signed_in'

/**
 * Whether this browser was signed in the last time it read its session: then the router's code is
 * fetched at once, beside the session read, instead of after it. Only a hint for what to fetch
 * first; the session read decides what is shown. Without storage: `false`.
 */
export const seemsSignedIn = (): boolean => safeStorage()?.getItem(SIGNED_IN) === '1'

export function rememberSignedIn(signedIn: boolean) {
  if (signedIn) safeStorage()?.setItem(SIGNED_IN, '1')
  else safeStorage()?.removeItem(SIGNED_IN)
}
