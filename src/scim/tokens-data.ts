import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { scimTokens } from '../../db/schema'

/** How often a token's `last_used_at` is written: a busy sync would otherwise write on every call. */
export const LAST_USED_EVERY_MS = 60_000

/** The token with this hash when it is not revoked. */
export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: scimTokens.id, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)))
  return row
}

/** Notes a use at `now`, unless one was noted in the last minute (checked in the update itself). */
export async function noteTokenUse(db: Db, id: string, now: Date) {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(scimTokens.id, id),
        or(
          isNull(scimTokens.lastUsedAt),
          lt(scimTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    )
}
