import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { enumCheck } from './checks'
import { users } from './users'

/** An import is running until it is done, failed (nothing imported) or cancelled (nothing imported). */
export const importStatuses = ['running', 'done', 'failed', 'cancelled'] as const
/** The export an import was recognised as; null until the file has been read. */
export const importSources = ['chatgpt', 'claude', 'parley'] as const

/**
 * A conversation, or a part of one, that an import left out, and why: in English, and as a code and
 * values the client words in the reader's language (decision 150; older rows have no code).
 */
export interface ImportSkip {
  title: string
  reason: string
  code?: string
  values?: Record<string, string | number>
}

/** What an import did: chats and messages written, conversations already imported, what was left out. */
export interface ImportReport {
  chats: number
  messages: number
  duplicates: number
  /** The first IMPORT_LIMITS.listedSkips entries; `skipped_count` counts them all. */
  skipped: ImportSkip[]
  skipped_count: number
  /** Why a failed import failed, as a code and values (the row's `error` holds the English). */
  failure?: { code: string; values?: Record<string, string | number> }
}

/**
 * One import of a ChatGPT, Claude or Parley export (issue 32, point 5; docs/decisions/173-imports.md).
 * The job runs on the instance that received the file, which keeps the parsed export in memory;
 * this row holds what the person sees: status, progress, the report. `heartbeat_at` moves with the
 * progress, so an instance starting up on a shared Postgres fails only imports no one is running.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The uploaded file's name, made safe (shown as text). */
    fileName: text('file_name').notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('running'),
    source: text('source', { enum: importSources }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    report: jsonb('report')
      .$type<ImportReport>()
      .notNull()
      .default({ chats: 0, messages: 0, duplicates: 0, skipped: [], skipped_count: 0 }),
    /** Why the whole import failed, in plain English; null unless failed. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The person's imports, newest first.
    index('imports_user_idx').on(table.userId, table.createdAt.desc()),
    // One running import per person, whichever instance received it.
    uniqueIndex('imports_one_running_idx').on(table.userId).where(sql`${table.status} = 'running'`),
    enumCheck('imports_status_check', table.status, importStatuses),
    enumCheck('imports_source_check', table.source, importSources),
    check('imports_progress_check', sql`${table.progressDone} >= 0 and ${table.progressTotal} >= 0`),
  ],
)
export type Import = typeof imports.$inferSelect
