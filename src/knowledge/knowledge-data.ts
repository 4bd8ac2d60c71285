import { and, arrayContains, asc, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { KnowledgeSourceType } from '../../db/catalogues/knowledge'
import type { Database, Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import {
  attachments,
  groupMembers,
  type KnowledgeEntry,
  knowledgeBase,
  knowledgeChunks,
  messages,
} from '../../db/schema'
import type { Actor } from '../auth/actor'
import { decodeCursor, encodeCursor, isUuid, olderThan } from '../chats/cursor'
import { currentLeaf, onPath } from '../messages/path-data'
import type { CachedValue } from '../ttl-cache'

/** The longest chat path an export reads: the export's own size limit stops long before. */
const MAX_EXPORTED_MESSAGES = 10_000

/** The columns a create or an update may write. */
export type EntryValues = Pick<
  typeof knowledgeBase.$inferInsert,
  'sourceType' | 'sourceId' | 'title' | 'content' | 'metadata' | 'isShared' | 'tags' | 'sharedGroupIds'
>

/** An entry's stored indexing count, cleared whenever its indexing ends or starts over. */
const NO_PROGRESS = { indexChunksDone: null, indexChunksTotal: null }

export interface EntryFilter {
  /** Entries whose tags contain every one of these (spec: tags-contains). */
  tags?: string[]
  sourceTypes?: KnowledgeSourceType[]
}

/**
 * Visible to the actor: their own entries, every shared one (spec section 6), and those shared with
 * one of their groups (issue 29; the actor's groups are read once per statement, an InitPlan on
 * group_members_user_idx, not per entry).
 */
function visibleTo(actor: Actor): SQL {
  return visibleToUser(actor.userId)
}

/** `visibleTo` by the user's id, or a placeholder for it (a prepared statement). */
function visibleToUser(userId: string | Placeholder): SQL {
  return or(
    eq(knowledgeBase.userId, userId),
    eq(knowledgeBase.isShared, true),
    sql`${knowledgeBase.sharedGroupIds} && array(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${userId})`,
  )!
}

function filtered(filter: EntryFilter): (SQL | undefined)[] {
  return [
    filter.tags?.length ? arrayContains(knowledgeBase.tags, filter.tags) : undefined,
    filter.sourceTypes?.length ? inArray(knowledgeBase.sourceType, filter.sourceTypes) : undefined,
  ]
}

/**
 * The knowledge entries an actor may reach. Reads see the actor's own entries and the shared ones;
 * writes reach only the actor's own. Another user's private entry behaves exactly like one that
 * does not exist.
 */
export function knowledgeFor(db: Db, actor: Actor) {
  const owned = eq(knowledgeBase.userId, actor.userId)
  return {
    async insert(values: EntryValues, now: Date): Promise<KnowledgeEntry> {
      const [row] = await db
        .insert(knowledgeBase)
        .values({
          ...values,
          userId: actor.userId,
          createdByAdminId: actor.impersonation ? actor.realUserId : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      return row!
    },

    async find(id: string): Promise<KnowledgeEntry | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .select()
        .from(knowledgeBase)
        .where(and(eq(knowledgeBase.id, id), visibleTo(actor)))
      return row
    },

    /** Newest first, keyset-paginated over (created_at, id). */
    async list(filter: EntryFilter & { cursor?: string; limit: number }) {
      const position = filter.cursor ? decodeCursor(filter.cursor) : undefined
      const rows = await db
        .select()
        .from(knowledgeBase)
        .where(
          and(
            visibleTo(actor),
            ...filtered(filter),
            position ? olderThan(knowledgeBase, position) : undefined,
          ),
        )
        .orderBy(desc(knowledgeBase.createdAt), desc(knowledgeBase.id))
        .limit(filter.limit + 1)
      const items = rows.slice(0, filter.limit)
      const last = items.at(-1)
      return { items, nextCursor: rows.length > filter.limit && last ? encodeCursor(last) : null }
    },

    /**
     * Updates one of the actor's own entries; undefined when it is not theirs (or does not exist).
     * The new `updated_at` stops a running indexing job, so its count goes too (a new job counts again).
     */
    async update(
      id: string,
      values: Partial<EntryValues> & { indexStatus?: KnowledgeEntry['indexStatus'] },
      now: Date,
    ): Promise<KnowledgeEntry | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(knowledgeBase)
        .set({ ...values, ...NO_PROGRESS, updatedAt: now })
        .where(and(eq(knowledgeBase.id, id), owned))
        .returning()
      return row
    },

    async delete(id: string): Promise<boolean> {
      if (!isUuid(id)) return false
      const deleted = await db
        .delete(knowledgeBase)
        .where(and(eq(knowledgeBase.id, id), owned))
        .returning({ id: knowledgeBase.id })
      return deleted.length > 0
    },

    /** The distinct tags of the entries the actor sees. */
    async tags(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ tag: sql<string>`unnest(${knowledgeBase.tags})` })
        .from(knowledgeBase)
        .where(visibleTo(actor))
      return rows.map((row) => row.tag)
    },

    /** A chat's messages for an export, oldest first (the chat is the actor's: checked by the caller). */
    async chatMessages(chatId: string) {
      return (
        db
          .select({
            id: messages.id,
            content: messages.content,
            isUser: messages.isUser,
            createdAt: messages.createdAt,
          })
          .from(messages)
          // The chat's current path, as the person sees it (docs/decisions/158); the walk is the actor's only.
          .where(onPath(currentLeaf(chatId, actor.userId), chatId, actor.userId, MAX_EXPORTED_MESSAGES))
          .orderBy(asc(messages.createdAt), asc(messages.id))
      )
    },

    /** The text extracted from one of the actor's uploads. */
    async uploadText(attachmentId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ text: attachments.extractedText })
        .from(attachments)
        .where(and(eq(attachments.id, attachmentId), eq(attachments.userId, actor.userId)))
      return row?.text
    },
  }
}

/** Whether any entry is visible to a user: the rule of `visibleTo`, prepared. */
const anyVisibleEntry = preparedPer((db) =>
  db
    .select({ id: knowledgeBase.id })
    .from(knowledgeBase)
    .where(visibleToUser(sql.placeholder('userId')))
    .limit(1)
    .prepare('knowledge_any_visible'),
)

/** Whether the actor can see any entry at all (a send skips the knowledge search when not). */
export async function hasVisibleEntries(db: Db, actor: Actor): Promise<boolean> {
  const [row] = await anyVisibleEntry(db).execute({ userId: actor.userId })
  return Boolean(row)
}

/*
 * The indexing job acts for the entry's recorded owner (DESIGN "Who is acting": background jobs
 * acting for a recorded user), by entry id.
 */

export async function findEntryForIndexing(db: Db, id: string): Promise<KnowledgeEntry | undefined> {
  const [row] = await db.select().from(knowledgeBase).where(eq(knowledgeBase.id, id))
  return row
}

/**
 * Stores a long entry's indexing count (decision 130: a panel opened mid-way shows it), unless the
 * entry changed (or went) since the job read it. Returns whether it was stored: false tells the
 * job that its work is stale. The row lock orders it with a cancel or an edit of the same entry.
 */
export async function saveIndexProgress(
  db: Db,
  entry: Pick<KnowledgeEntry, 'id' | 'updatedAt'>,
  done: number,
  total: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockIfCurrent(tx, entry))) return false
    await tx
      .update(knowledgeBase)
      .set({ indexChunksDone: done, indexChunksTotal: total })
      .where(eq(knowledgeBase.id, entry.id))
    return true
  })
}

/**
 * Locks the entry's row for the rest of the transaction when it is still the version a job read
 * (same `updated_at`); false when it changed or went: the job's work is stale.
 */
async function lockIfCurrent(tx: Db, entry: Pick<KnowledgeEntry, 'id' | 'updatedAt'>): Promise<boolean> {
  const [current] = await tx
    .select({ updatedAt: knowledgeBase.updatedAt })
    .from(knowledgeBase)
    .where(eq(knowledgeBase.id, entry.id))
    .for('update')
  return current?.updatedAt.getTime() === entry.updatedAt.getTime()
}

export interface IndexedChunk {
  content: string
  embedding: number[] | null
}

/**
 * Replaces an entry's chunks and records the outcome, unless the entry changed (or went) since the
 * job read it: then a newer job is queued and this result is stale. Returns the updated entry.
 */
export async function saveIndex(
  db: Db,
  entry: Pick<KnowledgeEntry, 'id' | 'updatedAt'>,
  chunks: IndexedChunk[],
  outcome: { status: 'ready' | 'failed'; error: string | null; embeddingModel: string | null },
): Promise<KnowledgeEntry | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockIfCurrent(tx, entry))) return undefined
    await replaceChunks(tx, entry.id, chunks)
    const [row] = await tx
      .update(knowledgeBase)
      .set({
        indexStatus: outcome.status,
        indexError: outcome.error,
        embeddingModel: outcome.embeddingModel,
        ...NO_PROGRESS,
      })
      .where(eq(knowledgeBase.id, entry.id))
      .returning()
    return row
  })
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function replaceChunks(tx: Tx, entryId: string, chunks: IndexedChunk[]): Promise<void> {
  await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.entryId, entryId))
  // In slices: one statement's parameters are limited (65,535), and each chunk takes four.
  for (let start = 0; start < chunks.length; start += 500) {
    await tx.insert(knowledgeChunks).values(
      chunks.slice(start, start + 500).map((chunk, index) => ({
        entryId,
        ordinal: start + index,
        content: chunk.content,
        embedding: chunk.embedding,
      })),
    )
  }
}

/**
 * Stops an owner's entry that is being indexed (decision 130): marks it failed with `error`, gives
 * it these full-text chunks (found by its words, as any failed entry), and moves `updated_at`, so
 * that a running job sees the entry changed and drops its work. Undefined when the entry is not
 * the owner's or is not pending any more (indexing ended meanwhile).
 */
export async function cancelIndexing(
  db: Db,
  ownerId: string,
  id: string,
  chunks: IndexedChunk[],
  error: string,
  now: Date,
): Promise<KnowledgeEntry | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(knowledgeBase)
      .set({ indexStatus: 'failed', indexError: error, embeddingModel: null, ...NO_PROGRESS, updatedAt: now })
      .where(
        and(
          eq(knowledgeBase.id, id),
          eq(knowledgeBase.userId, ownerId),
          eq(knowledgeBase.indexStatus, 'pending'),
        ),
      )
      .returning()
    if (!row) return undefined
    await replaceChunks(tx, id, chunks)
    return row
  })
}

/** Marks an entry failed without touching its chunks (the job could not even start on it). */
export async function markIndexFailed(
  db: Db,
  id: string,
  error: string,
): Promise<KnowledgeEntry | undefined> {
  const [row] = await db
    .update(knowledgeBase)
    .set({ indexStatus: 'failed', indexError: error, ...NO_PROGRESS })
    .where(eq(knowledgeBase.id, id))
    .returning()
  return row
}

/** Entries indexed with another embedding model (or none) than the configured one: to re-embed. */
export async function entriesToReembed(db: Db, embeddingModel: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: knowledgeBase.id })
    .from(knowledgeBase)
    .where(
      and(
        eq(knowledgeBase.indexStatus, 'ready'),
        embeddingModel === null
          ? sql`${knowledgeBase.embeddingModel} is not null`
          : sql`${knowledgeBase.embeddingModel} is distinct from ${embeddingModel}`,
      ),
    )
  return rows.map((row) => row.id)
}

/** Entries still waiting (queued before a stop that lost nothing: pg-boss keeps the jobs; this is a backstop). */
export async function pendingEntries(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: knowledgeBase.id })
    .from(knowledgeBase)
    .where(eq(knowledgeBase.indexStatus, 'pending'))
  return rows.map((row) => row.id)
}

/* Vectors: pgvector's presence and the HNSW index. */

/** Whether the `vector` extension is installed on this database. */
async function vectorInstalled(database: Database): Promise<boolean> {
  const [row] = await database.query<{ found: boolean }>(
    `select exists (select 1 from pg_extension where extname = 'vector') as found`,
  )
  return Boolean(row?.found)
}

/**
 * `vectorInstalled`, asked once per app (its context's `vectorCheck`; a test that removes the
 * extension forgets the answer).
 */
export function hasVector(ctx: { database: Database; vectorCheck: CachedValue<boolean> }): Promise<boolean> {
  return ctx.vectorCheck.get(() => vectorInstalled(ctx.database))
}

/**
 * The HNSW index's shape: the type its expression casts to, and its build parameters. `bit`: the
 * embedding's binary quantization (one sign bit a dimension, Hamming distance), whose nearest are
 * re-ranked by the exact cosine distance (pgvector's README; docs/decisions/138).
 */
export interface VectorIndexShape {
  type: 'vector' | 'halfvec' | 'bit'
  m: number
  efConstruction: number
}

/**
 * docs/decisions/129 and 134: the index the product builds (the bench can try others). Binary
 * quantization (`bit`) was measured and not kept (docs/decisions/138): at 100,000 chunks it builds
 * 4.4 times faster and is ~16 times smaller, but its re-ranking reads every candidate's 6 kB vector
 * from the table, and recall@10 on the hard data set stays at 0.90 with 200 candidates re-ranked.
 */
export const VECTOR_INDEX: VectorIndexShape = { type: 'vector', m: 16, efConstruction: 64 }

/**
 * A `bit` index's search takes this many nearest by Hamming distance, then ranks them by the exact
 * cosine distance and keeps the search's `candidates` (docs/decisions/138).
 */
export const BIT_RERANK = 200

/**
 * pgvector's HNSW index takes `vector` of at most 2,000 dimensions, `halfvec` of at most 4,000;
 * `bit` of 64,000, over `binary_quantize` of a `vector` (at most 16,000).
 */
export function maxIndexedDimensions(shape: VectorIndexShape = VECTOR_INDEX): number {
  return shape.type === 'bit' ? 16000 : shape.type === 'halfvec' ? 4000 : 2000
}

/** The index's expression over the `real[]` column, and its operator class. */
function indexExpression(
  type: VectorIndexShape['type'],
  dimensions: number,
): { expression: string; ops: string } {
  return type === 'bit'
    ? {
        expression: `binary_quantize(embedding::vector(${dimensions}))::bit(${dimensions})`,
        ops: 'bit_hamming_ops',
      }
    : { expression: `embedding::${type}(${dimensions})`, ops: `${type}_cosine_ops` }
}

/**
 * The index's name carries its shape, so that a database built with other parameters gets the index
 * rebuilt at start. pgvector's defaults (`vector`, m 16, ef_construction 64) keep the name earlier
 * releases gave it, `knowledge_chunks_embedding_hnsw_<N>`: the same index is not built again.
 */
export function vectorIndexName(dimensions: number, shape: VectorIndexShape = VECTOR_INDEX): string {
  const base = `knowledge_chunks_embedding_hnsw_${dimensions}`
  return shape.type === 'vector' && shape.m === 16 && shape.efConstruction === 64
    ? base
    : `${base}_${shape.type}_m${shape.m}_ef${shape.efConstruction}`
}

/**
 * The HNSW index for the configured dimensions, as an expression index over the `real[]` column
 * (DESIGN "vectors"); indexes of other dimensions or shapes are dropped. Built on an empty table in
 * no time; on a full one, as long as HNSW takes (the bench measures it).
 */
export async function ensureVectorIndex(
  database: Database,
  dimensions: number,
  shape: VectorIndexShape = VECTOR_INDEX,
): Promise<'created' | 'exists' | 'skipped'> {
  if (dimensions > maxIndexedDimensions(shape) || !(await vectorInstalled(database))) return 'skipped'
  const name = vectorIndexName(dimensions, shape)
  const existing = await database.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename = 'knowledge_chunks' and indexname like 'knowledge_chunks_embedding_hnsw_%'`,
  )
  for (const index of existing)
    if (index.name !== name) await database.exec(`drop index if exists "${index.name}"`)
  if (existing.some((index) => index.name === name)) return 'exists'
  const { type, m, efConstruction } = shape
  const { expression, ops } = indexExpression(type, dimensions)
  const create = `create index if not exists "${name}" on knowledge_chunks using hnsw ((${expression}) ${ops}) with (m = ${Math.trunc(m)}, ef_construction = ${Math.trunc(efConstruction)})`
  // PGlite's maintenance_work_mem is 64 MB: a graph that outgrows it is finished on disk, several
  // times slower (100,000 × 1536 dims need ~700 MB). Its heap may grow to 2 GB. A Postgres server
  // keeps the administrator's setting.
  await database.exec(
    database.kind === 'pglite'
      ? `begin; set local maintenance_work_mem = '${PGLITE_INDEX_BUILD_MEMORY}'; ${create}; commit`
      : create,
  )
  return 'created'
}

/** maintenance_work_mem for building the HNSW index on PGlite (docs/decisions/129). */
export const PGLITE_INDEX_BUILD_MEMORY = '1GB'

/* Search: one query, full text and vectors fused by reciprocal rank (docs/decisions/119). */

export interface SearchParams {
  text: string
  /** The query's embedding; null: full text only. */
  vector: number[] | null
  dimensions: number
  tags?: string[]
  sourceTypes?: KnowledgeSourceType[]
  minSimilarity: number
  limit: number
  /** Candidates taken from each side before fusion. */
  candidates: number
  /** hnsw.ef_search for this query. */
  efSearch?: number
  /** The index's shape (default VECTOR_INDEX; the bench tries others). */
  index?: VectorIndexShape
  /** A `bit` index: the nearest by Hamming distance re-ranked exactly (default BIT_RERANK). */
  rerank?: number
}

export interface SearchRow {
  entry: KnowledgeEntry
  /** Cosine similarity of the entry's nearest chunk; null in full-text-only mode. */
  similarity: number | null
  /** Ranks on each side (null: not found there) and the fused score, for tests and benchmarks. */
  vectorRank: number | null
  textRank: number | null
  score: number
}

/**
 * The full-text side ranks at most this many matching chunks: a word found in a large part of the
 * base (ranking every match costs more than the rest of the query together) is ranked among the
 * first 500 found. Rare words, the ones full text is for, are never cut.
 */
export const TEXT_MATCH_CAP = 500

/** The constant of reciprocal rank fusion (Cormack et al. 2009): score = Σ 1 / (RRF_K + rank). */
export const RRF_K = 60

/**
 * The search as one SQL statement, with the settings its transaction needs first (the bench
 * explains it). `db` builds the statement: the transaction that runs it, on PGlite.
 *
 * Where its time went (docs/decisions/134): the query's vector is sent and parsed once (`qv`;
 * parsing 1,536 floats from text takes ~2 ms in PGlite's WASM, and it was parsed three times);
 * each candidate's distance is computed once (the index orders by the same expression); the text
 * side checks visibility per match by the entries' key, not by reading every visible entry; the
 * entries come back with the ranks, not by a second query.
 */
export function searchStatement(db: Pick<Db, 'select'>, actor: Actor, params: SearchParams) {
  const filters = and(visibleTo(actor), ...filtered(params))!
  const n = sql.raw(String(Math.trunc(params.dimensions)))
  const vectorLiteral = params.vector ? `[${params.vector.join(',')}]` : null
  // The query's vector, once (an init plan: evaluated once, a constant for the index scan).
  const queryVector = sql`(select v from qv)`
  const distance = sql`(${knowledgeChunks.embedding}::vector(${n}) <=> ${queryVector})`
  // The index's order (its expression, so the planner uses it); the exact distance decides the rank.
  // For a `vector` index they are the same expression: ordering by the output column computes it once.
  const shape = params.index ?? VECTOR_INDEX
  const indexType = params.dimensions <= maxIndexedDimensions(shape) ? shape.type : 'vector'
  const indexOrder =
    indexType === 'vector'
      ? sql`distance`
      : indexType === 'bit'
        ? sql`(binary_quantize(${knowledgeChunks.embedding}::vector(${n}))::bit(${n}) <~> (select binary_quantize(v)::bit(${n}) from qv))`
        : sql`(${knowledgeChunks.embedding}::${sql.raw(indexType)}(${n}) <=> (select v::${sql.raw(indexType)}(${n}) from qv))`
  const rerank = Math.max(params.candidates, Math.trunc(params.rerank ?? BIT_RERANK))
  // Relaxed order: the index keeps producing neighbours until enough pass the filters (pgvector 0.8
  // iterative scans), so shared-only, tag and source filters never starve the vector side; the
  // materialized CTE then sorts them exactly. A `bit` index's order is the Hamming distance of the
  // sign bits: its `rerank` nearest visible chunks are ranked by the exact distance.
  const vec =
    indexType === 'bit'
      ? sql`vec as materialized (
        select entry_id, (embedding::vector(${n}) <=> ${queryVector}) as distance from (
          select ${knowledgeChunks.entryId} as entry_id, ${knowledgeChunks.embedding} as embedding
          from ${knowledgeChunks} join ${knowledgeBase} on ${knowledgeBase.id} = ${knowledgeChunks.entryId}
          where ${knowledgeChunks.embedding} is not null and ${filters}
          order by ${indexOrder}
          limit ${rerank}
        ) pool
        order by distance
        limit ${params.candidates}
      )`
      : sql`vec as materialized (
        select ${knowledgeChunks.entryId} as entry_id, ${distance} as distance
        from ${knowledgeChunks} join ${knowledgeBase} on ${knowledgeBase.id} = ${knowledgeChunks.entryId}
        where ${knowledgeChunks.embedding} is not null and ${filters}
        order by ${indexOrder}
        limit ${params.candidates}
      )`
  const vectorSide = vectorLiteral
    ? sql`qv as materialized (select ${vectorLiteral}::vector(${n}) as v),
      ${vec},
      vec_ranked as (
        select entry_id, 1 - min(distance) as similarity, row_number() over (order by min(distance)) as rank
        from vec group by entry_id having 1 - min(distance) >= ${params.minSimilarity}
      )`
    : sql`vec_ranked as (select null::uuid as entry_id, null::float8 as similarity, null::bigint as rank where false)`
  // Any of the query's words (plainto_tsquery joins them with AND; a question rarely has them all).
  // Visibility and filters per match, by the entry's key (`offset 0` keeps the planner from turning
  // it into a hash join over every visible entry: ~10,000 rows read at 100,000 chunks).
  const textSide = sql`tsq as (
      select nullif(replace(plainto_tsquery('english', ${params.text})::text, ' & ', ' | '), '')::tsquery as q
    ),
    txt_matches as (
      select ${knowledgeChunks.entryId} as entry_id, ${knowledgeChunks.search} as search
      from ${knowledgeChunks} cross join tsq
      cross join lateral (
        select 1 from ${knowledgeBase} where ${knowledgeBase.id} = ${knowledgeChunks.entryId} and ${filters} offset 0
      ) visible
      where tsq.q is not null and ${knowledgeChunks.search} @@ tsq.q
      limit ${TEXT_MATCH_CAP}
    ),
    txt as (
      select entry_id, max(ts_rank_cd(search, tsq.q)) as score
      from txt_matches, tsq
      group by entry_id
      order by score desc
      limit ${params.candidates}
    ),
    txt_ranked as (select entry_id, row_number() over (order by score desc) as rank from txt)`
  const similarity = vectorLiteral
    ? sql`coalesce(f.similarity, (select max(1 - (c2.embedding::vector(${n}) <=> ${queryVector}))
        from ${knowledgeChunks} c2 where c2.entry_id = f.entry_id and c2.embedding is not null))`
    : sql`null::float8`
  const ranked = sql`with ${vectorSide}, ${textSide},
    fused as (
      select coalesce(v.entry_id, t.entry_id) as entry_id, v.similarity, v.rank as vector_rank, t.rank as text_rank,
        coalesce(1.0 / (${RRF_K} + v.rank), 0) + coalesce(1.0 / (${RRF_K} + t.rank), 0) as score
      from vec_ranked v full outer join txt_ranked t on t.entry_id = v.entry_id
    )
    -- The nearest-chunk similarity of entries found by words only: computed for the final rows only.
    select f.entry_id, ${similarity} as similarity, f.vector_rank, f.text_rank, f.score
    from (select * from fused order by score desc, entry_id limit ${params.limit}) f`
  const query = db
    .select({
      entry: knowledgeBase,
      similarity: sql<number | string | null>`r.similarity`,
      vectorRank: sql<number | string | null>`r.vector_rank`,
      textRank: sql<number | string | null>`r.text_rank`,
      score: sql<number | string>`r.score`,
    })
    .from(sql`(${ranked}) r`)
    .innerJoin(knowledgeBase, sql`${knowledgeBase.id} = r.entry_id`)
    .orderBy(sql`r.score desc`, sql`r.entry_id`)
  // A `bit` index's scan is asked for `rerank` rows: its ef_search is at least that many.
  const efSearch = Math.max(params.efSearch ?? 100, indexType === 'bit' ? rerank : 0)
  const settings = vectorLiteral ? [vectorSearchSettings(efSearch)] : []
  return { settings, query }
}

/**
 * What the planner is told for a vector search: one per operator evaluation, the 1536-dimension
 * distance costs it like a comparison of two integers, so at 50,000–100,000 chunks it chose an
 * exact sequential scan (1 to 2 s) over the HNSW index (~15 ms) for some ef_search and m and not
 * others (docs/decisions/129). Pricing every operator 100 times higher for this transaction
 * makes evaluating the distance on every row cost what it does, while a filter so selective that
 * the index would have to walk most of the graph still gets the exact scan (pgvector prices the
 * index by the tuples it expects to visit): filters never starve results.
 */
export const SEARCH_OPERATOR_COST = 0.25

/** The search transaction's settings, in one statement (a round trip less); `true`: this transaction only. */
export function vectorSearchSettings(efSearch: number): SQL {
  return sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true),
    set_config('hnsw.ef_search', ${String(Math.trunc(efSearch))}, true),
    set_config('cpu_operator_cost', ${String(SEARCH_OPERATOR_COST)}, true)`
}

export async function searchKnowledge(db: Db, actor: Actor, params: SearchParams): Promise<SearchRow[]> {
  const rows = await db.transaction(async (tx) => {
    const { settings, query } = searchStatement(tx, actor, params)
    for (const setting of settings) await tx.execute(setting)
    return query
  })
  const num = (value: number | string | null) => (value === null ? null : Number(value))
  return rows.map((row) => ({
    entry: row.entry,
    similarity: num(row.similarity),
    vectorRank: num(row.vectorRank),
    textRank: num(row.textRank),
    score: Number(row.score),
  }))
}
