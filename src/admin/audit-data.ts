import { and, desc, eq, gte, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type AuditEntry, auditLog } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { AppError } from '../http/errors'

export interface AuditInput {
  /** Dotted verb, `area.what` (`user.ban`, `budget.update`, ...). */
  action: string
  targetType: string
  targetId?: string | null
  details?: Record<string, unknown>
}

/**
 * The audit trail. Writing is open to any actor (an administrator's action, or any write made while
 * impersonating); reading is the admin area's, hence the explicit role check here and not only in
 * the route. The table refuses UPDATE and DELETE itself (migration 0006).
 */
export function auditFor(db: Db, actor: Actor & { email: string }) {
  return {
    async record(entry: AuditInput, ip: string | null): Promise<void> {
      await db.insert(auditLog).values({
        actorId: actor.realUserId,
        actorEmail: actor.email,
        actingAsId: actor.impersonation ? actor.userId : null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        details: entry.details ?? {},
        ip,
      })
    },

    /** Newest first, filtered; keyset-paged on (created_at, id). */
    async list(query: {
      actorId?: string
      targetId?: string
      action?: string
      from?: Date
      to?: Date
      before?: { createdAt: Date; id: string }
      limit: number
    }): Promise<AuditEntry[]> {
      if (actor.role !== 'admin' || actor.impersonation)
        throw new AppError('forbidden:admin', 'Admin access required')
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
            query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
            query.action ? eq(auditLog.action, query.action) : undefined,
            query.from ? gte(auditLog.createdAt, query.from) : undefined,
            query.to ? lt(auditLog.createdAt, query.to) : undefined,
            query.before
              ? or(
                  lt(auditLog.createdAt, query.before.createdAt),
                  and(eq(auditLog.createdAt, query.before.createdAt), lt(auditLog.id, query.before.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
    },
  }
}
