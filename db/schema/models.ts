import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { enumCheck, nonNegativeCheck } from './checks'

export const modelProviders = ['openai', 'workflow', 'demo'] as const

/** An AI model a user can pick. Rows are synced from the configured providers at start-up. */
export const models = pgTable(
  'models',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    provider: text('provider', { enum: modelProviders }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Micro-dollars per million tokens (= picodollars per token), so that tokens × price is an
     * exact integer (docs/decisions/102-exact-money-and-constraints.md).
     */
    inputPriceMicrosPerMillion: bigint('input_price_micros_per_million', { mode: 'number' })
      .notNull()
      .default(0),
    outputPriceMicrosPerMillion: bigint('output_price_micros_per_million', { mode: 'number' })
      .notNull()
      .default(0),
    supportsVision: boolean('supports_vision').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /*
     * What an administrator set (issue 10). The columns above are what the provider sync writes
     * on every refresh; these survive it. Null means "as the provider/configuration says".
     */
    /** False hides the model from everyone although the provider offers it. */
    enabled: boolean('enabled').notNull().default(true),
    displayName: text('display_name'),
    displayDescription: text('display_description'),
    inputPriceOverrideMicrosPerMillion: bigint('input_price_override_micros_per_million', { mode: 'number' }),
    outputPriceOverrideMicrosPerMillion: bigint('output_price_override_micros_per_million', {
      mode: 'number',
    }),
    visionOverride: boolean('vision_override'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    enumCheck('models_provider_check', table.provider, modelProviders),
    nonNegativeCheck('models_input_price_check', table.inputPriceMicrosPerMillion),
    nonNegativeCheck('models_output_price_check', table.outputPriceMicrosPerMillion),
    nonNegativeCheck('models_input_price_override_check', table.inputPriceOverrideMicrosPerMillion),
    nonNegativeCheck('models_output_price_override_check', table.outputPriceOverrideMicrosPerMillion),
  ],
)

export type Model = typeof models.$inferSelect
