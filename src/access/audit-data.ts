import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'
import type { Actor } from './actor'

export interface AuditInput {
  /** Dotted verb, `area.what` (`user.ban`, `budget.update`, ...). */
  action: string
  targetType: string
  targetId?: string | null
  details?: Record<string, unknown>
}

/**
 * The audit trail's writer. Writing is open to any actor (an administrator's action, or any write
 * made while impersonating); reading is the admin area's (src/admin/audit/audit-data.ts, with its
 * own role check). The table refuses UPDATE and DELETE itself (migration 0006).
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
  }
}
