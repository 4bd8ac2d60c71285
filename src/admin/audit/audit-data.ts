import { and, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { auditLog, users } from '../../../db/schema'
import type { Actor } from '../../access/actor'
import { assertAdmin, likePattern } from '../users/users-data'

/** An entry's place in the newest-first order: created_at as microsecond text (a Date drops them) and id. */
export interface AuditPosition {
  key: string
  id: string
}

/**
 * Reading the audit trail: every administrator's and every impersonating actor's entries, so
 * cross-user on purpose (decision 103); for the admin role only, never while impersonating,
 * checked here as well as in the route. There is no update or delete here, and the table's
 * trigger refuses them anyway (migration 0006): entries are kept for good (decision 110).
 */
export function auditTrailFor(db: Db, actor: Actor) {
  assertAdmin(actor)
  return {
    /**
     * Newest first, filtered; keyset-paged on (created_at, id) over audit_log_created_idx, whose
     * `desc nulls last` the order repeats (a bare `desc` would not use it).
     */
    async list(query: {
      actorId?: string
      targetId?: string
      /** An e-mail or name, or part of one, of the actor (matched case-insensitively). */
      actorEmail?: string
      /** An e-mail or name, or part of one, of the target user, existing or deleted. */
      targetEmail?: string
      action?: string
      from?: Date
      to?: Date
      after?: AuditPosition
      limit: number
    }) {
      return db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          actingAsId: auditLog.actingAsId,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          ip: auditLog.ip,
          key: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(auditLog)
        .where(
          and(
            query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
            query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
            query.actorEmail ? actorMatching(db, query.actorEmail) : undefined,
            query.targetEmail ? targetMatching(db, query.targetEmail) : undefined,
            query.action ? eq(auditLog.action, query.action) : undefined,
            query.from ? gte(auditLog.createdAt, query.from) : undefined,
            query.to ? lt(auditLog.createdAt, query.to) : undefined,
            query.after
              ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${query.after.key}::timestamptz, ${query.after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
        .limit(query.limit)
    },
    /**
     * What happened during one support access, oldest first: every entry that names it
     * (`details.impersonationId`: its start, each write made in it, its stop or end).
     */
    forImpersonation(impersonationId: string, limit: number) {
      return db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          actingAsId: auditLog.actingAsId,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .where(eq(sql`${auditLog.details}->>'impersonationId'`, impersonationId))
        .orderBy(auditLog.createdAt, auditLog.id)
        .limit(limit)
    },
    /**
     * The accounts among `ids` that still exist, with their name and e-mail as they are now: one
     * query for a whole page of entries (actors, the users acted as, target users).
     */
    async people(ids: string[]): Promise<Map<string, { name: string | null; email: string }>> {
      if (!ids.length) return new Map()
      const rows = await db
        .select({ id: users.id, name: users.fullName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
      return new Map(rows.map((row) => [row.id, { name: row.name?.trim() || null, email: row.email }]))
    },
    /** How many writes each of these support accesses made (`impersonation.write` entries). */
    async writeCounts(impersonationIds: string[]): Promise<Map<string, number>> {
      if (!impersonationIds.length) return new Map()
      const id = sql<string>`${auditLog.details}->>'impersonationId'`
      const rows = await db
        .select({ id, count: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'impersonation.write'), inArray(id, impersonationIds)))
        .groupBy(id)
      return new Map(rows.map((row) => [row.id, Number(row.count)]))
    },
  }
}

/** The ids of the accounts whose e-mail or name contains `text`. */
const usersMatching = (db: Db, text: string) =>
  db
    .select({ id: sql<string>`${users.id}::text` })
    .from(users)
    .where(or(ilike(users.email, likePattern(text)), ilike(users.fullName, likePattern(text))))

/**
 * Entries by an actor with that e-mail as it was written down (the entry keeps it after the
 * account is deleted or its address changes), or by an existing account with that e-mail or name.
 */
function actorMatching(db: Db, text: string) {
  return or(
    ilike(auditLog.actorEmail, likePattern(text)),
    inArray(sql`${auditLog.actorId}::text`, usersMatching(db, text)),
  )
}

/**
 * Entries on an existing account with that e-mail or name, or on an account (deleted since, or
 * renamed) whose e-mail or name the entry's details recorded: user actions write `details.email`,
 * deletions also `details.fullName`. A target that is not a user (a model's id) matches as written.
 */
function targetMatching(db: Db, text: string) {
  return or(
    eq(auditLog.targetId, text),
    inArray(auditLog.targetId, usersMatching(db, text)),
    ilike(sql`${auditLog.details}->>'email'`, likePattern(text)),
    ilike(sql`${auditLog.details}->>'fullName'`, likePattern(text)),
  )
}
