import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { nonNegativeCheck } from './checks'
import { users } from './users'

export const apiKeyScopes = ['chat', 'embeddings', 'models'] as const

/**
 * A personal key for the team API (issue 31): `pk-…`, answered once and stored only as its SHA-256.
 * `prefix` (the first characters) lets the person tell keys apart. Revoked keys stay for the audit
 * trail and the usage they carry; a person's deletion takes their keys with them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** The key's own monthly limit, micro-dollars; null: only the person's budget applies. */
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('api_keys_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
    nonNegativeCheck('api_keys_monthly_check', table.monthlyLimitMicros),
  ],
)
export type ApiKey = typeof apiKeys.$inferSelect

/**
 * The worst-case cost of a call on a key with a monthly limit, admitted and not yet recorded: the
 * key's limit counts the calls in flight on every instance, as the person's budget does
 * (budget_reservations, docs/decisions/043). A row past `expires_at` is ignored; a crash between
 * admitting a call and recording its cost never holds the key for longer than that.
 */
export const apiKeyReservations = pgTable(
  'api_key_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** Integer micro-dollars (docs/decisions/102-exact-money-and-constraints.md). */
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('api_key_reservations_key_expires_idx').on(table.apiKeyId, table.expiresAt),
    nonNegativeCheck('api_key_reservations_amount_check', table.amountMicros),
  ],
)
