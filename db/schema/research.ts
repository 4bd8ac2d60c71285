import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { Failure } from '../catalogues/failures'
import type { ResearchNote } from '../catalogues/research'
import { researchDepths, researchStatuses, researchSteps } from '../catalogues/research'
import { chats, messages } from './chats'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

export interface ResearchSourceChoice {
  web: boolean
  academic: boolean
  news: boolean
  stats: boolean
}

/** A source the run found: numbered in the order found; `[n]` in findings and the report point here. */
export interface ResearchSource {
  n: number
  kind: 'web' | 'news' | 'stats' | 'academic' | 'knowledge'
  title: string
  /** Empty for a knowledge entry (cited by its title). */
  url: string
  snippet: string
  /** The sub-question whose search found it. */
  question: string
  read: boolean
  /** Could not be read (refused, failed): not tried again. */
  failed?: boolean
  /** The text when the search gave it (an abstract, a knowledge entry), clipped: no page to fetch. */
  text?: string
}

/**
 * What a run has gathered so far, saved after every step (docs/decisions/126-deep-research.md):
 * a restarted job resumes from here instead of starting over.
 */
export interface ResearchState {
  /** The step to run next. */
  next: 'planning' | 'searching' | 'reading' | 'reflecting' | 'writing'
  /** The sub-questions of the current round. */
  questions: string[]
  /** Every sub-question searched, in all rounds (a reflection does not ask them again). */
  asked: string[]
  sources: ResearchSource[]
  /** Findings as short statements with `[n]` citations. */
  findings: string[]
  /** Set when the run stopped gathering early (a ceiling, the budget): the report says so. */
  stopReason?: string
  /**
   * The run's notes as codes, in the order of `research_runs.notes` (their English sentences),
   * docs/decisions/150. Absent in runs saved before codes: their notes are shown as stored.
   */
  noteCodes?: ResearchNote[]
  /** Why the run failed, as a code (its `error` holds the English), docs/decisions/150. */
  failure?: Failure
}

/**
 * One deep research run (`POST /api/research`): its chat, the assistant message the report goes
 * to, the options, the progress shown to the user, and its durable state. `lease_until` is the
 * instance running it: another instance (or a restart) takes over only after it passed.
 */
export const researchRuns = pgTable(
  'research_runs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    depth: text('depth', { enum: researchDepths }).notNull(),
    sources: jsonb('sources').$type<ResearchSourceChoice>().notNull(),
    modelId: text('model_id').notNull(),
    status: text('status', { enum: researchStatuses }).notNull().default('queued'),
    step: text('step', { enum: researchSteps }),
    round: integer('round').notNull().default(0),
    rounds: integer('rounds').notNull(),
    state: jsonb('state').$type<ResearchState>().notNull(),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    tokens: integer('tokens').notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    /** Time spent running, summed over attempts (a restart does not count the downtime). */
    elapsedMs: integer('elapsed_ms').notNull().default(0),
    /** When `elapsed_ms` was last saved (a reader adds the time since, while the run is running). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** The worker holding the run (random per attempt): only it may save the run's progress. */
    leaseId: uuid('lease_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('research_runs_user_idx').on(table.userId, table.createdAt),
    index('research_runs_chat_idx').on(table.chatId),
    index('research_runs_message_idx').on(table.messageId),
    index('research_runs_status_idx').on(table.status),
    enumCheck('research_runs_depth_check', table.depth, researchDepths),
    enumCheck('research_runs_status_check', table.status, researchStatuses),
    enumCheck('research_runs_step_check', table.step, researchSteps),
    nonNegativeCheck('research_runs_cost_check', table.costMicros),
  ],
)

export type ResearchRun = typeof researchRuns.$inferSelect
