import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { apiKeys } from './api-keys'
import { chats, messages } from './chats'
import { nonNegativeCheck } from './checks'
import { users } from './users'

/** Tokens and dollars spent by one model call; the budget reads these. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The team-API key the call came through (issue 31); null: the web app. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    modelId: text('model_id').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Integer micro-dollars: sums are exact (docs/decisions/102-exact-money-and-constraints.md). */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    /** True when the provider reported no usage and the counts were estimated. */
    estimated: boolean('estimated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('usage_user_created_idx').on(table.userId, table.createdAt),
    // The admin usage charts read every user's records of the last 30 or 90 days.
    index('usage_created_idx').on(table.createdAt),
    // Deleting a chat or a message sets these to null: without an index each delete scans the table.
    index('usage_chat_idx').on(table.chatId),
    index('usage_message_idx').on(table.messageId),
    // A key's spend this month, and the admin's per-key usage.
    index('usage_api_key_idx').on(table.apiKeyId, table.createdAt).where(sql`${table.apiKeyId} is not null`),
    nonNegativeCheck('usage_records_cost_check', table.costMicros),
  ],
)

export type UsageRecord = typeof usageRecords.$inferSelect
