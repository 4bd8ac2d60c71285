/*
 * When a support access counts as 'expiring soon' (docs/decisions/146-support-access-expiry-warning-and-way-back.md).
 * The spec's window is one hour (sections 4 and 9); a grant of an hour or two would then be red
 * from its start, so a short grant warns in its last quarter instead: the shorter of the two. The
 * server's sweep (`impersonation:expiring`) and the browser's banner both ask this module, so the
 * toast and the red banner come together.
 */

/** The spec's 'Expiry warning window: 1 hour' (section 9), the longest warning any access gets. */
export const EXPIRING_WINDOW_MAX_MS = 60 * 60 * 1000

type Instant = Date | string | number

const ms = (at: Instant) => (at instanceof Date ? at.getTime() : new Date(at).getTime())

/** How long before its end an access granted from `startedAt` to `expiresAt` is expiring soon. */
export function expiringWindowMs(startedAt: Instant, expiresAt: Instant) {
  const granted = Math.max(0, ms(expiresAt) - ms(startedAt))
  return Math.min(EXPIRING_WINDOW_MAX_MS, granted / 4)
}

/** True once less than the warning window is left (at `now`, in ms since the epoch). */
export function isExpiringSoon(access: { startedAt: Instant; expiresAt: Instant }, now: number) {
  return ms(access.expiresAt) - now < expiringWindowMs(access.startedAt, access.expiresAt)
}
