import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

/** An export is running until its zip is ready (or it failed); a ready one expires after 7 days. */
export const accountExportStatuses = ['running', 'ready', 'failed', 'expired'] as const

/**
 * "Download all my data" (issue 32, point 4; docs/decisions/175-account-export.md): one zip of the
 * person's profile, chats, files, images, prompts, knowledge and usage, written in the background by
 * the instance that received the request. The zip lives in the storage driver at `storage_key`
 * (`users/<user_id>/exports/<id>.zip`, so deleting the account takes it along). `heartbeat_at` moves
 * while the zip is written, so an instance starting on a shared Postgres fails only exports nobody writes.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: accountExportStatuses }).notNull().default('running'),
    storageKey: text('storage_key').notNull(),
    /** The zip's size in bytes once it is ready. */
    size: bigint('size', { mode: 'number' }),
    /** Why it failed, in plain English; null unless failed. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** When the zip is deleted (ready_at + 7 days). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    // The person's exports, newest first.
    index('account_exports_user_idx').on(table.userId, table.createdAt.desc()),
    // One running export per person, whichever instance received it.
    uniqueIndex('account_exports_one_running_idx').on(table.userId).where(sql`${table.status} = 'running'`),
    // The hourly sweep reads the ready zips whose time is up.
    index('account_exports_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'ready'`),
    enumCheck('account_exports_status_check', table.status, accountExportStatuses),
    nonNegativeCheck('account_exports_size_check', table.size),
  ],
)
export type AccountExport = typeof accountExports.$inferSelect
