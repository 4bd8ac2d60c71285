/**
 * The fields of a link that decide whether it works. Times are ISO strings on the wire; the API
 * client (Eden) hands them over as Dates.
 */
export interface LinkLife {
  audience: 'organization' | 'public'
  expires_at: string | Date | null
  revoked_at: string | Date | null
}

/**
 * What a link is now: revoked (for good), expired, paused (a public link while public links are
 * off: it works again once they are allowed), or active. Revoked wins over expired: it was an act.
 */
export type LinkState = 'active' | 'paused' | 'expired' | 'revoked'

export function linkState(link: LinkLife, publicLinks: boolean, now = Date.now()): LinkState {
  if (link.revoked_at !== null) return 'revoked'
  if (link.expires_at !== null && new Date(link.expires_at).getTime() <= now) return 'expired'
  if (link.audience === 'public' && !publicLinks) return 'paused'
  return 'active'
}

/** A link that may still be revoked: neither revoked nor expired (a paused one would work again). */
export const canRevoke = (state: LinkState) => state === 'active' || state === 'paused'

/** The public links that work now and would stop if public links were turned off. */
export function workingPublicLinks(links: readonly LinkLife[], now = Date.now()): number {
  return links.filter((link) => link.audience === 'public' && linkState(link, true, now) === 'active').length
}

/** The list with the link `id` marked revoked at `at` (the row says so before the list is read again). */
export function markRevoked<T extends LinkLife & { id: string }>(
  list: T[] | undefined,
  id: string,
  at: Date,
): T[] | undefined {
  return list?.map((link) =>
    link.id === id && link.revoked_at === null ? { ...link, revoked_at: at } : link,
  )
}
