import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { enumCheck } from './checks'
import { impersonations } from './impersonations'
import { users } from './users'

export const authTokenKinds = ['password_reset', 'email_confirm', 'email_change'] as const

/** A signed-in browser or API client. The id is the SHA-256 of the token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set on a support-access session: `user_id` is then the administrator who signed in, and the
     * session acts as the impersonation's target until the impersonation's expiry (never extended).
     */
    impersonationId: uuid('impersonation_id').references(() => impersonations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_impersonation_idx').on(table.impersonationId),
  ],
)

/** Single-use, expiring tokens sent by e-mail (password reset, address confirmation). Stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: authTokenKinds }).notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_tokens_user_idx').on(table.userId),
    enumCheck('auth_tokens_kind_check', table.kind, authTokenKinds),
  ],
)

export type Session = typeof sessions.$inferSelect
