import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { chats, messages } from './chats'
import { enumCheck } from './checks'
import { users } from './users'

export const shareAudiences = ['organization', 'public'] as const

/**
 * A link to a snapshot of a chat's branch (issue 32): the path from the chat's first message down to
 * `leaf_id` as it was when shared. A path from a given message never changes (an edit or a
 * regenerate adds siblings), so the leaf is the snapshot. The link's token is stored as its SHA-256.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    leafId: uuid('leaf_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The chat's title when it was shared. */
    title: text('title').notNull(),
    audience: text('audience', { enum: shareAudiences }).notNull().default('organization'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shares_token_idx').on(table.tokenHash),
    index('shares_user_idx').on(table.userId, table.createdAt),
    index('shares_chat_idx').on(table.chatId),
    index('shares_leaf_idx').on(table.leafId),
    index('shares_created_idx').on(table.createdAt),
    enumCheck('shares_audience_check', table.audience, shareAudiences),
    check('shares_view_count_check', sql`${table.viewCount} >= 0`),
  ],
)
export type Share = typeof shares.$inferSelect
