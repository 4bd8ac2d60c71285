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
 * first; the session read decides what is shown. Private modes that refuse storage get `false`.
 */
export function seemsSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN) === '1'
  } catch {
    return false
  }
}

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN, '1')
    else localStorage.removeItem(SIGNED_IN)
  } catch {
    // Storage refused: the next visit reads its session before fetching the router.
  }
}
