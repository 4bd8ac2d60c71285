import { readCookie } from '../auth/cookies'
import { SESSION_COOKIE } from '../auth/session'

/**
 * The admin's own session token while the browser uses a support session (decision 117). Sent only
 * to /api/impersonation (its Path), so the support session's pages and requests never carry it;
 * httpOnly like the session cookie.
 */
export const PARKED_COOKIE = 'parley_admin_session'
const PARKED_PATH = '/api/impersonation'

export const readSessionCookie = (request: Request) =>
  readCookie(request.headers.get('cookie'), SESSION_COOKIE) ?? null

export const readParkedCookie = (request: Request) =>
  readCookie(request.headers.get('cookie'), PARKED_COOKIE) ?? null

export const parkedSessionCookie = (token: string, expiresAt: Date, secure: boolean) =>
  `${PARKED_COOKIE}=${token}; Path=${PARKED_PATH}; HttpOnly; SameSite=Strict; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`

export const clearedParkedCookie = (secure: boolean) =>
  `${PARKED_COOKIE}=; Path=${PARKED_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`
