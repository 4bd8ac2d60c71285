import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { knowledgeIndexStatuses, knowledgeSourceTypes } from '../catalogues/knowledge'
import { enumCheck } from './checks'
import { users } from './users'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * Spec section 3 "Knowledge entry" (table 'knowledge_base'). The vector lives per chunk
 * (knowledge_chunks), not in a `content_vector` column: long entries have several
 * (docs/decisions/119-knowledge-base.md). Another user reads an entry only when it is shared.
 */
export const knowledgeBase = pgTable(
  'knowledge_base',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceType: text('source_type', { enum: knowledgeSourceTypes }).notNull().default('manual'),
    sourceId: text('source_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    isShared: boolean('is_shared').notNull().default(false),
    /** Groups that may read it when it is not shared with everyone (issue 29). */
    sharedGroupIds: uuid('shared_group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    indexStatus: text('index_status', { enum: knowledgeIndexStatuses }).notNull().default('pending'),
    /** Why the last indexing failed (the provider's message), for the panel's retry. */
    indexError: text('index_error'),
    /** The embedding model (and dimensions) the chunks were embedded with; null: full text only. */
    embeddingModel: text('embedding_model'),
    /**
     * A long entry's indexing progress (chunks embedded of all), written with each
     * `knowledge:progress` so that a panel opened mid-way shows the count (decision 130). Null when
     * no job is counting: short entries, and after the entry is indexed, cancelled or changed.
     */
    indexChunksDone: integer('index_chunks_done'),
    indexChunksTotal: integer('index_chunks_total'),
    /** The admin who wrote it while impersonating the owner (decision 103). */
    createdByAdminId: uuid('created_by_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_base_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('knowledge_base_shared_created_idx').on(table.createdAt, table.id).where(sql`${table.isShared}`),
    index('knowledge_base_tags_idx').using('gin', table.tags),
    index('knowledge_base_admin_idx').on(table.createdByAdminId),
    enumCheck('knowledge_base_source_type_check', table.sourceType, knowledgeSourceTypes),
    enumCheck('knowledge_base_index_status_check', table.indexStatus, knowledgeIndexStatuses),
    check('knowledge_base_title_check', sql`char_length(btrim(${table.title})) between 1 and 200`),
    check('knowledge_base_content_check', sql`char_length(btrim(${table.content})) > 0`),
    check(
      'knowledge_base_index_progress_check',
      sql`(${table.indexChunksDone} is null) = (${table.indexChunksTotal} is null) and ${table.indexChunksDone} between 0 and ${table.indexChunksTotal}`,
    ),
  ],
)

/**
 * An entry's searchable pieces: full text always (`search`, GIN), the embedding when a provider is
 * configured. Embeddings are `real[]`; with pgvector, an HNSW expression index on
 * `(embedding::vector(N))` is created at start-up for the configured N (src/knowledge/vector-index.ts),
 * so the same migration runs on a Postgres without the extension.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => knowledgeBase.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    content: text('content').notNull(),
    search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('english'::regconfig, content)`),
    embedding: real('embedding').array(),
  },
  (table) => [
    index('knowledge_chunks_entry_idx').on(table.entryId, table.ordinal),
    // No pending list (docs/decisions/134): PGlite runs no autovacuum, so with GIN's default fast
    // update every search read the whole unsorted list of recent inserts (up to 4 MB: ~5 ms a search
    // at 100,000 chunks), and one insert in many paid for merging it.
    index('knowledge_chunks_search_idx').using('gin', table.search).with({ fastupdate: false }),
  ],
)

export type KnowledgeEntry = typeof knowledgeBase.$inferSelect
export type KnowledgeChunk = typeof knowledgeChunks.$inferSelect
