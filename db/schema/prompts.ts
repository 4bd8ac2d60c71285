import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { promptCategories } from '../catalogues/prompts'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

/**
 * Spec section 3 "Saved prompt", plus the model, variables and tools the create dialog collects.
 * A public prompt is read-only to everyone but its owner (decision 118).
 */
export const savedPrompts = pgTable(
  'saved_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    promptText: text('prompt_text').notNull(),
    category: text('category', { enum: promptCategories }).notNull().default('general'),
    isPublic: boolean('is_public').notNull().default(false),
    /** Groups that may read it when it is not public (issue 29). */
    sharedGroupIds: uuid('shared_group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    useCount: integer('use_count').notNull().default(0),
    modelId: text('model_id'),
    variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
    tools: text('tools').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_prompts_user_idx').on(table.userId),
    index('saved_prompts_public_idx').on(table.isPublic, table.useCount),
    enumCheck('saved_prompts_category_check', table.category, promptCategories),
    nonNegativeCheck('saved_prompts_use_count_check', table.useCount),
    check('saved_prompts_title_check', sql`char_length(${table.title}) between 1 and 200`),
  ],
)

export type SavedPrompt = typeof savedPrompts.$inferSelect
