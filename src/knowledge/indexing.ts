import type { AppContext } from '../context'
import { announceChange, announceProgress } from './announce'
import { chunkEntry } from './chunking'
import { createEmbedder, EMBED_BATCH, type Embedder, EmbeddingError } from './embeddings'
import {
  ensureVectorIndex,
  entriesToReembed,
  findEntryForIndexing,
  hasVector,
  markIndexFailed,
  pendingEntries,
  saveIndex,
  saveIndexProgress,
} from './knowledge-data'
import { isCancelled, toEntryJson } from './model'

type Ctx = Pick<AppContext, 'db' | 'database' | 'config' | 'log' | 'realtime' | 'jobs' | 'vectorCheck'>

/** Queues an entry's (re)indexing; one queued job per entry at a time is enough. */
export async function queueIndexing(ctx: Pick<AppContext, 'jobs'>, entryId: string): Promise<void> {
  await ctx.jobs.send('knowledge-index', { entryId })
}

/** The embedder when vectors can be searched here (a provider and pgvector); else null: full text only. */
export async function activeEmbedder(
  ctx: Pick<AppContext, 'config' | 'database' | 'vectorCheck'>,
): Promise<Embedder | null> {
  const embedder = createEmbedder(ctx.config)
  return embedder && (await hasVector(ctx)) ? embedder : null
}

/** The entry changed while its chunks were being embedded: this job's work is stale. */
class Superseded extends Error {}

/**
 * The `knowledge-index` job: chunks the entry, embeds the chunks (when vectors are on), replaces its
 * chunks and marks it ready, or failed with the provider's message (its chunks are still written,
 * so a failed entry is found by its words). Tells the owner's browsers (`knowledge:indexed`), and
 * everyone's for a shared entry (`knowledge:changed`).
 */
export async function indexEntry(ctx: Ctx, entryId: string): Promise<void> {
  const entry = await findEntryForIndexing(ctx.db, entryId)
  // A cancelled entry waits for Retry (reindex), which queues a new job.
  if (!entry || isCancelled(entry)) return
  const texts = chunkEntry(entry.title, entry.content)
  const embedder = await activeEmbedder(ctx)
  let embeddings: number[][] | null = null
  let error: string | null = null
  if (embedder) {
    // A long entry takes several embeddings requests: its count is stored (for panels opened later)
    // and sent to the open ones, and the job stops between requests once the entry changed
    // (cancelled, edited, deleted).
    const progress =
      texts.length > EMBED_BATCH
        ? async (done: number) => {
            if (!(await saveIndexProgress(ctx.db, entry, done, texts.length))) throw new Superseded()
            announceProgress(ctx, entry, done, texts.length)
          }
        : undefined
    try {
      await progress?.(0)
      embeddings = await embedder.embed(texts, progress)
    } catch (cause) {
      if (cause instanceof Superseded) {
        ctx.log.info('knowledge indexing stopped: the entry changed', { entryId })
        return
      }
      error = cause instanceof EmbeddingError ? cause.message : 'Failed to index the entry'
      ctx.log.warn('knowledge entry not embedded', { entryId, error: cause })
    }
  }
  const saved = await saveIndex(
    ctx.db,
    entry,
    texts.map((content, index) => ({ content, embedding: embeddings?.[index] ?? null })),
    error
      ? { status: 'failed', error, embeddingModel: null }
      : { status: 'ready', error: null, embeddingModel: embedder?.id ?? null },
  ).catch(async (cause) => {
    ctx.log.error('knowledge index not saved', { entryId, error: cause })
    return markIndexFailed(ctx.db, entryId, 'Failed to index the entry')
  })
  // undefined: the entry changed or went meanwhile; the job queued by that change does the work.
  if (!saved) return
  ctx.realtime.toUser(saved.userId, 'knowledge:indexed', { entry: toEntryJson(saved, saved) })
  announceChange(ctx, saved, 'indexed')
}

/**
 * This instance's indexing worker, and the start-up catch-up: the HNSW index for the configured
 * dimensions, then every entry embedded with another model (or none, or with vectors now
 * available) is queued again. Pending entries are queued too (a backstop: pg-boss keeps jobs across
 * restarts, but an entry saved while its job could not be stored would stay pending).
 */
export async function startKnowledgeWorker(ctx: Ctx): Promise<void> {
  const index = await ensureVectorIndex(ctx.database, ctx.config.ai.embeddingDimensions)
  if (index === 'created')
    ctx.log.info('knowledge vector index created', { dimensions: ctx.config.ai.embeddingDimensions })
  await ctx.jobs.work('knowledge-index', ({ entryId }) => indexEntry(ctx, entryId))
  const embedder = await activeEmbedder(ctx)
  const stale = await entriesToReembed(ctx.db, embedder?.id ?? null)
  const pending = await pendingEntries(ctx.db)
  for (const entryId of new Set([...stale, ...pending])) {
    await ctx.jobs.send('knowledge-index', { entryId }, { singletonKey: entryId })
  }
  if (stale.length) ctx.log.info('knowledge entries queued for re-embedding', { count: stale.length })
}
