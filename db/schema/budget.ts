import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { nonNegativeCheck } from './checks'
import { users } from './users'

/**
 * The worst-case cost of a model call that was admitted and has not yet recorded its real cost.
 * Kept in the database so that every instance on one Postgres counts the others' calls in flight
 * (docs/decisions/043-budget-reservations.md). A row past `expires_at` is ignored: a crash between
 * admitting a call and recording its cost never blocks the user for longer than that.
 */
export const budgetReservations = pgTable(
  'budget_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Integer micro-dollars (docs/decisions/102-exact-money-and-constraints.md). */
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('budget_reservations_user_expires_idx').on(table.userId, table.expiresAt),
    nonNegativeCheck('budget_reservations_amount_check', table.amountMicros),
  ],
)

export type BudgetReservation = typeof budgetReservations.$inferSelect
