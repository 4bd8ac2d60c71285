import { and, arrayContains, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'
import { attachments, type KnowledgeEntry, knowledgeBase, knowledgeChunks, messages } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { decodeCursor, encodeCursor, isUuid, olderThan } from '../chats/cursor'
import type { KnowledgeSourceType } from './catalogue'

/** The columns a create or an update may write. */
export type EntryValues = Pick<
  typeof knowledgeBase.$inferInsert,
  'sourceType' | 'sourceId' | 'title' | 'content' | 'metadata' | 'isShared' | 'tags'
>

export interface EntryFilter {
  /** Entries whose tags contain every one of these (spec: tags-contains). */
  tags?: string[]
  sourceTypes?: KnowledgeSourceType[]
}

/** Visible to the actor: their own entries and every shared one (spec section 6). */
function visibleTo(actor: Actor): SQL {
  return or(eq(knowledgeBase.userId, actor.userId), eq(knowledgeBase.isShared, true))!
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

    /** Updates one of the actor's own entries; undefined when it is not theirs (or does not exist). */
    async update(
      id: string,
      values: Partial<EntryValues> & { indexStatus?: KnowledgeEntry['indexStatus'] },
      now: Date,
    ): Promise<KnowledgeEntry | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(knowledgeBase)
        .set({ ...values, updatedAt: now })
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

    /** A chat's messages for an export, oldest first (the chat is the actor's: checked by the caller). */
    async chatMessages(chatId: string) {
      return db
        .select({ content: messages.content, isUser: messages.isUser, createdAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.userId, actor.userId)))
        .orderBy(asc(messages.createdAt), asc(messages.id))
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

/** Whether the actor can see any entry at all (a send skips the knowledge search when not). */
export async function hasVisibleEntries(db: Db, actor: Actor): Promise<boolean> {
  const [row] = await db.select({ id: knowledgeBase.id }).from(knowledgeBase).where(visibleTo(actor)).limit(1)
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
    const [current] = await tx
      .select({ updatedAt: knowledgeBase.updatedAt })
      .from(knowledgeBase)
      .where(eq(knowledgeBase.id, entry.id))
      .for('update')
    if (!current || current.updatedAt.getTime() !== entry.updatedAt.getTime()) return undefined
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.entryId, entry.id))
    // In slices: one statement's parameters are limited (65,535), and each chunk takes four.
    for (let start = 0; start < chunks.length; start += 500) {
      await tx.insert(knowledgeChunks).values(
        chunks.slice(start, start + 500).map((chunk, index) => ({
          entryId: entry.id,
          ordinal: start + index,
          content: chunk.content,
          embedding: chunk.embedding,
        })),
      )
    }
    const [row] = await tx
      .update(knowledgeBase)
      .set({ indexStatus: outcome.status, indexError: outcome.error, embeddingModel: outcome.embeddingModel })
      .where(eq(knowledgeBase.id, entry.id))
      .returning()
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
    .set({ indexStatus: 'failed', indexError: error })
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

/* Vectors: pgvector's presence and the HNSW index, per database. */

const vectorByDatabase = new WeakMap<object, Promise<boolean>>()

/** Whether the `vector` extension is installed on this database (checked once). */
export function hasVector(database: Database): Promise<boolean> {
  let known = vectorByDatabase.get(database)
  if (!known) {
    known = database
      .query<{ found: boolean }>(
        `select exists (select 1 from pg_extension where extname = 'vector') as found`,
      )
      .then(([row]) => Boolean(row?.found))
    vectorByDatabase.set(database, known)
  }
  return known
}

/** pgvector's HNSW index takes `vector` of at most 2,000 dimensions. */
export const MAX_INDEXED_DIMENSIONS = 2000

/**
 * The HNSW index for the configured dimensions, as an expression index over the `real[]` column
 * (DESIGN "vectors"); indexes for other dimensions are dropped. Built on an empty table in no time;
 * on a full one, as long as HNSW takes (the bench measures it).
 */
export async function ensureVectorIndex(
  database: Database,
  dimensions: number,
): Promise<'created' | 'exists' | 'skipped'> {
  if (!(await hasVector(database)) || dimensions > MAX_INDEXED_DIMENSIONS) return 'skipped'
  const name = `knowledge_chunks_embedding_hnsw_${dimensions}`
  const existing = await database.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename = 'knowledge_chunks' and indexname like 'knowledge_chunks_embedding_hnsw_%'`,
  )
  for (const index of existing)
    if (index.name !== name) await database.exec(`drop index if exists "${index.name}"`)
  if (existing.some((index) => index.name === name)) return 'exists'
  await database.exec(
    `create index if not exists "${name}" on knowledge_chunks using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops)`,
  )
  return 'created'
}

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

/** The constant of reciprocal rank fusion (Cormack et al. 2009): score = Σ 1 / (RRF_K + rank). */
export const RRF_K = 60

export async function searchKnowledge(db: Db, actor: Actor, params: SearchParams): Promise<SearchRow[]> {
  const filters = and(visibleTo(actor), ...filtered(params))!
  const n = sql.raw(String(Math.trunc(params.dimensions)))
  const vectorLiteral = params.vector ? `[${params.vector.join(',')}]` : null
  const distance = vectorLiteral
    ? sql`(${knowledgeChunks.embedding}::vector(${n}) <=> ${vectorLiteral}::vector(${n}))`
    : undefined
  // Relaxed order: the index keeps producing neighbours until enough pass the filters (pgvector 0.8
  // iterative scans), so shared-only, tag and source filters never starve the vector side; the
  // materialized CTE then sorts them exactly.
  const vectorSide = distance
    ? sql`vec as materialized (
        select ${knowledgeChunks.entryId} as entry_id, ${distance} as distance
        from ${knowledgeChunks} join ${knowledgeBase} on ${knowledgeBase.id} = ${knowledgeChunks.entryId}
        where ${knowledgeChunks.embedding} is not null and ${filters}
        order by ${distance}
        limit ${params.candidates}
      ),
      vec_ranked as (
        select entry_id, 1 - min(distance) as similarity, row_number() over (order by min(distance)) as rank
        from vec group by entry_id having 1 - min(distance) >= ${params.minSimilarity}
      )`
    : sql`vec_ranked as (select null::uuid as entry_id, null::float8 as similarity, null::bigint as rank where false)`
  // Any of the query's words (plainto_tsquery joins them with AND; a question rarely has them all).
  const textSide = sql`tsq as (
      select nullif(replace(plainto_tsquery('english', ${params.text})::text, ' & ', ' | '), '')::tsquery as q
    ),
    txt as (
      select ${knowledgeChunks.entryId} as entry_id, max(ts_rank_cd(${knowledgeChunks.search}, tsq.q)) as score
      from ${knowledgeChunks} join ${knowledgeBase} on ${knowledgeBase.id} = ${knowledgeChunks.entryId}, tsq
      where tsq.q is not null and ${knowledgeChunks.search} @@ tsq.q and ${filters}
      group by ${knowledgeChunks.entryId}
      order by score desc
      limit ${params.candidates}
    ),
    txt_ranked as (select entry_id, row_number() over (order by score desc) as rank from txt)`
  const similarity = distance
    ? sql`coalesce(f.similarity, (select max(1 - (c2.embedding::vector(${n}) <=> ${vectorLiteral}::vector(${n})))
        from ${knowledgeChunks} c2 where c2.entry_id = f.entry_id and c2.embedding is not null))`
    : sql`null::float8`
  const query = sql`with ${vectorSide}, ${textSide},
    fused as (
      select coalesce(v.entry_id, t.entry_id) as entry_id, v.similarity, v.rank as vector_rank, t.rank as text_rank,
        coalesce(1.0 / (${RRF_K} + v.rank), 0) + coalesce(1.0 / (${RRF_K} + t.rank), 0) as score
      from vec_ranked v full outer join txt_ranked t on t.entry_id = v.entry_id
    )
    select f.entry_id, ${similarity} as similarity, f.vector_rank, f.text_rank, f.score
    from fused f
    order by f.score desc, f.entry_id
    limit ${params.limit}`

  const ranked = await db.transaction(async (tx) => {
    if (distance) {
      await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`)
      await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.trunc(params.efSearch ?? 100)}`))
    }
    return rowsOf<{
      entry_id: string
      similarity: number | string | null
      vector_rank: number | string | null
      text_rank: number | string | null
      score: number | string
    }>(await tx.execute(query))
  })
  if (!ranked.length) return []
  const entries = await db
    .select()
    .from(knowledgeBase)
    .where(
      inArray(
        knowledgeBase.id,
        ranked.map((row) => row.entry_id),
      ),
    )
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const num = (value: number | string | null) => (value === null ? null : Number(value))
  return ranked.flatMap((row) => {
    const entry = byId.get(row.entry_id)
    return entry
      ? [
          {
            entry,
            similarity: num(row.similarity),
            vectorRank: num(row.vector_rank),
            textRank: num(row.text_rank),
            score: Number(row.score),
          },
        ]
      : []
  })
}

/** `db.execute` answers `{ rows }` on PGlite and the rows themselves on postgres.js. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}
