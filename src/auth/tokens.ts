import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { authTokens } from '../../db/schema'
import { generateToken, hashToken } from './session'

export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind']

const HOUR_MS = 60 * 60 * 1000
/** How long a mailed link works. A reset link is short-lived: it grants the account. */
export const TOKEN_TTL_MS: Record<AuthTokenKind, number> = {
  password_reset: HOUR_MS,
  email_confirm: 24 * HOUR_MS,
  email_change: 24 * HOUR_MS,
}

/**
 * Issues a single-use token for a mailed link. Only its SHA-256 is stored (like sessions), and an
 * unused older token of the same kind is withdrawn, so only the newest link works. `ttlMs` overrides
 * the kind's lifetime (an administrator's invitation: a set-password link that lasts 7 days).
 */
export async function createAuthToken(
  db: Db,
  input: { userId: string; kind: AuthTokenKind; newEmail?: string; now: Date; ttlMs?: number },
): Promise<string> {
  const token = generateToken()
  await db
    .delete(authTokens)
    .where(
      and(eq(authTokens.userId, input.userId), eq(authTokens.kind, input.kind), isNull(authTokens.usedAt)),
    )
  await db.insert(authTokens).values({
    id: hashToken(token),
    userId: input.userId,
    kind: input.kind,
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(input.now.getTime() + (input.ttlMs ?? TOKEN_TTL_MS[input.kind])),
  })
  return token
}

/**
 * Marks a token used and returns it, or null when it is unknown, used, expired or of another kind.
 * One conditional UPDATE, so two requests racing with the same link cannot both win.
 */
export async function consumeAuthToken(db: Db, token: string, kinds: AuthTokenKind[], now: Date) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.id, hashToken(token)),
        inArray(authTokens.kind, kinds),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning()
  return row ?? null
}

/** Whether a token would be accepted now, without spending it (to skip costly work for bad links). */
export async function isAuthTokenUsable(db: Db, token: string, kinds: AuthTokenKind[], now: Date) {
  if (!/^[a-z2-7]{32}$/.test(token)) return false
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.id, hashToken(token)),
        inArray(authTokens.kind, kinds),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
  return row !== undefined
}
