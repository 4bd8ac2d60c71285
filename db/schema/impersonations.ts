import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { enumCheck } from './checks'
import { users } from './users'

/** Why an administrator opened someone's account (the start dialog's list). */
export const impersonationReasons = [
  'customer_request',
  'bug_investigation',
  'account_recovery',
  'compliance_review',
] as const
export type ImpersonationReason = (typeof impersonationReasons)[number]

/** How an impersonation ended. */
export const impersonationEndReasons = [
  'stopped',
  'expired',
  'ended_by_admin',
  'admin_banned',
  'admin_demoted',
  'admin_deleted',
  'target_deleted',
  'target_banned',
  'signed_out',
] as const
export type ImpersonationEndReason = (typeof impersonationEndReasons)[number]

/**
 * Support access (docs/decisions/117-support-access.md): an administrator acting as a user for a
 * bounded time. The row outlives the access: it is the target's 'Account access' list and the
 * admin area's history. The session it runs in is a `sessions` row pointing here
 * (`sessions.impersonation_id`); the admin's own session (`admin_session_id`) is left untouched and
 * comes back when it ends. The admin's name and e-mail are kept as they were, so the target's list
 * still says who opened the account after that admin's account is gone.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    adminName: text('admin_name'),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The SHA-256 id of the admin's own session, restored when the access ends. */
    adminSessionId: text('admin_session_id').notNull(),
    reasonCode: text('reason_code', { enum: impersonationReasons }).notNull(),
    caseNumber: text('case_number').notNull(),
    note: text('note'),
    durationMinutes: integer('duration_minutes').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once `impersonation:expiring` went out (by whichever instance's sweep got there first). */
    expiringNotifiedAt: timestamp('expiring_notified_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: impersonationEndReasons }),
    endedById: uuid('ended_by_id'),
  },
  (table) => [
    index('impersonations_target_idx').on(table.targetId, table.startedAt.desc()),
    index('impersonations_admin_idx').on(table.adminId),
    index('impersonations_started_idx').on(table.startedAt.desc(), table.id.desc()),
    index('impersonations_active_idx').on(table.expiresAt).where(sql`${table.endedAt} is null`),
    enumCheck('impersonations_reason_code_check', table.reasonCode, impersonationReasons),
    enumCheck('impersonations_end_reason_check', table.endReason, impersonationEndReasons),
  ],
)
export type ImpersonationRow = typeof impersonations.$inferSelect
