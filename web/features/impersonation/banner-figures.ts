/* The banner's figures, kept free of the API client so they can be tested alone. */

/** The reason as the banner shows it: upper-cased, underscores as spaces (spec section 2). */
export const reasonLabel = (code: string) => code.replaceAll('_', ' ').toUpperCase()

/** Less than an hour left (spec section 9, 'Expiry warning window: 1 hour'). */
export const EXPIRING_SOON_MS = 60 * 60 * 1000
export const isExpiringSoon = (expiresAt: string, now: number) =>
  new Date(expiresAt).getTime() - now < EXPIRING_SOON_MS

/** h:mm:ss (or m:ss under an hour) until the end, never negative. */
export function countdown(expiresAt: string, now: number) {
  const total = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}
