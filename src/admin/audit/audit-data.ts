import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { auditLog } from '../../../db/schema'
import type { Actor } from '../../auth/actor'
import { assertAdmin } from '../users/users-data'

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
  }
}
