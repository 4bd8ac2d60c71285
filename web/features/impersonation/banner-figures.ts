/* The banner's figures, kept free of the API client so they can be tested alone. */

import { isExpiringSoon as isAccessExpiringSoon } from '../../../src/impersonation/expiring'

/** The reason as the banner shows it: upper-cased, underscores as spaces (spec section 2). */
export const reasonLabel = (code: string) => code.replaceAll('_', ' ').toUpperCase()

/**
 * Red with '⚠️ EXPIRING SOON' in the last hour (spec section 9), or in the last quarter of a shorter
 * grant; the server's `impersonation:expiring` goes out by the same rule (decision 146).
 */
export const isExpiringSoon = (access: { started_at: string; expires_at: string }, now: number) =>
  isAccessExpiringSoon({ startedAt: access.started_at, expiresAt: access.expires_at }, now)

/** h:mm:ss (or m:ss under an hour) until the end, never negative. */
export function countdown(expiresAt: string, now: number) {
  const total = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}
