import { and, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type ImpersonationEndReason, impersonations, sessions, users } from '../../db/schema'

/*
 * A support-access session's own rows (docs/decisions/117-support-access.md): its impersonation,
 * found on every request and ended as it runs out, signs out or is stopped. Shared by the actor
 * resolution (src/auth), support access itself (src/impersonation) and the admin area that ends
 * accesses (a ban, a demotion).
 */

/** The impersonation a session runs, with its target's account (password hash left out). */
export async function findSessionImpersonation(db: Db, impersonationId: string) {
  const [row] = await db
    .select({ impersonation: impersonations, target: users })
    .from(impersonations)
    .innerJoin(users, eq(impersonations.targetId, users.id))
    .where(eq(impersonations.id, impersonationId))
  if (!row) return undefined
  const { passwordHash: _, ...target } = row.target
  return { impersonation: row.impersonation, target }
}

/** Which active impersonations end: one, every one involving a user, or the ones past their expiry. */
export type EndScope =
  | { id: string }
  | { involving: string }
  | { asAdmin: string }
  | { asTarget: string }
  | { expiredAt: Date }

function scopeWhere(scope: EndScope): SQL | undefined {
  if ('id' in scope) return eq(impersonations.id, scope.id)
  if ('involving' in scope)
    return or(eq(impersonations.adminId, scope.involving), eq(impersonations.targetId, scope.involving))
  if ('asAdmin' in scope) return eq(impersonations.adminId, scope.asAdmin)
  if ('asTarget' in scope) return eq(impersonations.targetId, scope.asTarget)
  return lte(impersonations.expiresAt, scope.expiredAt)
}

export interface EndedImpersonation {
  id: string
  adminId: string | null
  targetId: string
  /** The support-access sessions removed (their sockets are to be cut). */
  sessionIds: string[]
}

/**
 * Ends the still-active impersonations in `scope` and deletes their sessions. The `ended_at is null`
 * condition makes it happen once, whichever instance or request gets there first (the others get
 * an empty list). Pass a transaction to make it part of a larger change (a ban).
 */
export async function endImpersonations(
  db: Db,
  scope: EndScope,
  reason: ImpersonationEndReason,
  now: Date,
  endedById: string | null = null,
): Promise<EndedImpersonation[]> {
  const ended = await db
    .update(impersonations)
    .set({ endedAt: now, endReason: reason, endedById })
    .where(and(isNull(impersonations.endedAt), scopeWhere(scope)))
    .returning({
      id: impersonations.id,
      adminId: impersonations.adminId,
      targetId: impersonations.targetId,
    })
  if (!ended.length) return []
  const gone = await db
    .delete(sessions)
    .where(
      inArray(
        sessions.impersonationId,
        ended.map(({ id }) => id),
      ),
    )
    .returning({ id: sessions.id, impersonationId: sessions.impersonationId })
  return ended.map((row) => ({
    ...row,
    sessionIds: gone.filter((session) => session.impersonationId === row.id).map(({ id }) => id),
  }))
}
