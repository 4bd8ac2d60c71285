/**
 * The session token from login/sign-up, kept for this tab only. Normal calls ride on the httpOnly
 * cookie; account deletion also sends it as a Bearer token, as the API documents.
 */
const KEY = 'parley_token'

export function saveSessionToken(token: string | undefined | null) {
  if (token) sessionStorage.setItem(KEY, token)
}

export function readSessionToken(): string | null {
  return sessionStorage.getItem(KEY)
}

export function forgetSessionToken() {
  sessionStorage.removeItem(KEY)
}
