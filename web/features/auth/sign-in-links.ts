import type { MessageId } from '../../i18n/catalogue'

/**
 * Where a "Sign in with …" button goes: the server's start of the provider's flow, which comes back
 * to `returnTo` (the page the person was on; the app's start from /login) in the card's language.
 */
export function providerStartUrl(
  id: string,
  location: { pathname: string; search: string },
  lang: string,
): string {
  const params = new URLSearchParams(location.search)
  params.delete('signInError')
  const rest = params.toString()
  const returnTo = location.pathname === '/login' ? '/' : `${location.pathname}${rest ? `?${rest}` : ''}`
  const query = new URLSearchParams({ returnTo, lang })
  return `/api/auth/oidc/${encodeURIComponent(id)}/start?${query}`
}

const SIGN_IN_ERRORS = {
  state: 'auth.signInError.state',
  denied: 'auth.signInError.denied',
  invalid: 'auth.signInError.invalid',
  unavailable: 'auth.signInError.unavailable',
  unverified: 'auth.signInError.unverified',
  domain: 'auth.signInError.domain',
  closed: 'auth.signInError.closed',
  suspended: 'auth.signInError.suspended',
  email: 'auth.signInError.email',
} as const satisfies Record<string, MessageId>

/**
 * Why the provider's sign-in sent the person back (`?signInError=<code>`, src/identity): the
 * message for its code, a general one for a code this client does not know, null without one.
 */
export function signInErrorOf(
  search: string,
): (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS] | 'auth.signInError.other' | null {
  const code = new URLSearchParams(search).get('signInError')
  if (code === null) return null
  return Object.hasOwn(SIGN_IN_ERRORS, code)
    ? SIGN_IN_ERRORS[code as keyof typeof SIGN_IN_ERRORS]
    : 'auth.signInError.other'
}

/** The address without `signInError`, so a reload or a later visit does not show the message again. */
export function withoutSignInError(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('signInError')
  return `${url.pathname}${url.search}${url.hash}`
}
