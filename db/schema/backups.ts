import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { backupRunStatuses, backupTriggers } from '../catalogues/backups'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

/**
 * A backup the server ran (Admin › Backups, docs/decisions/168-admin-backups.md): "Back up now" or
 * the daily schedule. `folder_id` names the backups folder it writes into (the id kept in
 * DATA_DIR/backups/.folder-id): each instance lists, rotates and marks interrupted only the runs of
 * its own folder. `file` is the archive's name in that folder once it is done. Backups made by the
 * CLI or before a migration have no row: they are the folder's other archives.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: text('folder_id').notNull(),
    trigger: text('trigger', { enum: backupTriggers }).notNull(),
    /** The administrator who asked for it; null for the schedule (or an account deleted since). */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: backupRunStatuses }).notNull().default('running'),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Why it failed, in words for the administrator (the banner and the mail). */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('backup_runs_folder_idx').on(table.folderId, table.startedAt.desc()),
    index('backup_runs_trigger_idx').on(table.trigger, table.startedAt.desc()),
    index('backup_runs_requested_by_idx').on(table.requestedBy),
    enumCheck('backup_runs_trigger_check', table.trigger, backupTriggers),
    enumCheck('backup_runs_status_check', table.status, backupRunStatuses),
    nonNegativeCheck('backup_runs_bytes_check', table.bytes),
  ],
)
export type BackupRun = typeof backupRuns.$inferSelect
