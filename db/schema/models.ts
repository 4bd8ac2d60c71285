import { boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** An AI model a user can pick. Rows are synced from the configured providers at start-up. */
export const models = pgTable('models', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  provider: text('provider', { enum: ['openai', 'workflow', 'demo'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** US dollars per million tokens. */
  inputPricePerMillion: doublePrecision('input_price_per_million').notNull().default(0),
  outputPricePerMillion: doublePrecision('output_price_per_million').notNull().default(0),
  supportsVision: boolean('supports_vision').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type Model = typeof models.$inferSelect
