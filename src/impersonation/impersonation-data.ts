import { and, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  type ImpersonationReason,
  type ImpersonationRow,
  impersonationReasons,
  impersonations,
  sessions,
  users,
} from '../../db/schema'
import { generateToken, hashToken } from '../auth/session'

/*
 * Support access's rows (docs/decisions/117-support-access.md). Cross-user by nature: an
 * impersonation names two people. The callers are the admin area (admin role checked by the
 * route's macro and the service), the sweep, and the target's own access list (`accessLogFor`,
 * scoped to the target). A session's own impersonation, which every request of it reads, is in
 * src/access/support-access-data.ts.
 */

/** The reason codes an access may be started with (the start dialog's list). */
export const REASON_CODES: readonly ImpersonationReason[] = impersonationReasons

export interface NewImpersonation {
  adminId: string
  adminEmail: string
  adminName: string | null
  adminSessionId: string
  targetId: string
  reasonCode: ImpersonationReason
  caseNumber: string
  note: string | null
  durationMinutes: number
  startedAt: Date
  expiresAt: Date
}

/**
 * The impersonation and the session it runs in, in one transaction: the session belongs to the
 * admin (`user_id`: banning or deleting the admin removes it with the rest of theirs) and expires
 * with the access, so the ordinary session checks (the sweep included) already end it on time.
 */
export async function insertImpersonation(db: Db, values: NewImpersonation) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(impersonations).values(values).returning()
    const token = generateToken()
    const [session] = await tx
      .insert(sessions)
      .values({
        id: hashToken(token),
        userId: values.adminId,
        expiresAt: values.expiresAt,
        impersonationId: row!.id,
      })
      .returning()
    return { impersonation: row!, token, session: session! }
  })
}

export async function findImpersonation(db: Db, id: string): Promise<ImpersonationRow | undefined> {
  const [row] = await db.select().from(impersonations).where(eq(impersonations.id, id))
  return row
}

/**
 * Active impersonations not yet warned whose expiry is within `horizon` and that `isDue` picks;
 * marks them warned and answers them with their sessions (once, across instances: the mark is a
 * conditional UPDATE, so of two instances claiming the same access only one gets it back).
 */
export async function claimExpiring(
  db: Db,
  now: Date,
  horizon: Date,
  isDue: (access: { startedAt: Date; expiresAt: Date }) => boolean,
) {
  const unwarned = and(isNull(impersonations.endedAt), isNull(impersonations.expiringNotifiedAt))
  const candidates = await db
    .select({
      id: impersonations.id,
      startedAt: impersonations.startedAt,
      expiresAt: impersonations.expiresAt,
    })
    .from(impersonations)
    .where(and(unwarned, lte(impersonations.expiresAt, horizon)))
  const due = candidates.filter(isDue).map(({ id }) => id)
  if (!due.length) return []
  const rows = await db
    .update(impersonations)
    .set({ expiringNotifiedAt: now })
    .where(and(unwarned, inArray(impersonations.id, due)))
    .returning({ id: impersonations.id, expiresAt: impersonations.expiresAt })
  if (!rows.length) return []
  const live = await db
    .select({ id: sessions.id, impersonationId: sessions.impersonationId })
    .from(sessions)
    .where(
      inArray(
        sessions.impersonationId,
        rows.map(({ id }) => id),
      ),
    )
  return rows.map((row) => ({
    ...row,
    sessionIds: live.filter((session) => session.impersonationId === row.id).map(({ id }) => id),
  }))
}

const targetUsers = users

/** For the admin area: the active ones (newest first) and the ended ones (newest first, up to `limit`). */
export async function listImpersonations(
  db: Db,
  options: { active: boolean; limit: number; targetId?: string },
) {
  const rows = await db
    .select({
      impersonation: impersonations,
      targetEmail: targetUsers.email,
      targetName: targetUsers.fullName,
    })
    .from(impersonations)
    .innerJoin(targetUsers, eq(impersonations.targetId, targetUsers.id))
    .where(
      and(
        options.active ? isNull(impersonations.endedAt) : isNotNull(impersonations.endedAt),
        options.targetId ? eq(impersonations.targetId, options.targetId) : undefined,
      ),
    )
    .orderBy(desc(impersonations.startedAt), desc(impersonations.id))
    .limit(options.limit)
  return rows
}

/** The accesses to one person's account, for that person (Account Settings › Account access). */
export function accessLogFor(db: Db, targetId: string, limit = 100) {
  return db
    .select()
    .from(impersonations)
    .where(eq(impersonations.targetId, targetId))
    .orderBy(desc(impersonations.startedAt), desc(impersonations.id))
    .limit(limit)
}

/** The e-mail and name of an account (the acting admin as it is now), or undefined. */
export async function findPerson(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      isBanned: users.isBanned,
      preferredLanguage: users.preferredLanguage,
      notificationsEnabled: users.notificationsEnabled,
    })
    .from(users)
    .where(eq(users.id, id))
  return row
}
