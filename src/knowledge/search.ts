import type { KnowledgeSourceType } from '../../db/catalogues/knowledge'
import type { Actor } from '../auth/actor'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { activeEmbedder } from './indexing'
import { hasVisibleEntries, type SearchRow, searchKnowledge } from './knowledge-data'
import type { SearchBody } from './model'
import { KNOWLEDGE_MESSAGES, toEntryJson } from './model'
import { cleanTags } from './service'

type Ctx = Pick<AppContext, 'db' | 'database' | 'config' | 'log' | 'vectorCheck'>

/** Spec section 9: 10 results by default. */
export const SEARCH_DEFAULT_LIMIT = 10
/**
 * min_similarity when a search does not give one. Low on purpose: text-embedding-3-small scores
 * relevant passages around 0.3 to 0.5 (docs/decisions/119-knowledge-base.md).
 */
export const SEARCH_DEFAULT_MIN_SIMILARITY = 0.2
const HIGHLIGHT_CHARS = 200

/**
 * Spec section 9: the first 200 characters plus '...'; an entry that short is shown whole, without
 * the '...' that would say something was left out (issue 26).
 */
export function highlightOf(content: string): string {
  return content.length > HIGHLIGHT_CHARS ? `${content.slice(0, HIGHLIGHT_CHARS)}...` : content
}

export interface SearchOptions {
  query: string
  tags?: string[]
  sourceTypes?: KnowledgeSourceType[]
  minSimilarity?: number
  limit?: number
}

/**
 * Full text and (when an embeddings provider and pgvector are there) vectors, fused by rank in one
 * query. A query whose embedding fails is answered by full text alone (logged).
 */
export async function runSearch(ctx: Ctx, actor: Actor, options: SearchOptions): Promise<SearchRow[]> {
  const text = options.query.trim()
  if (!text) throw new AppError('bad_request:knowledge_query', KNOWLEDGE_MESSAGES.emptyQuery)
  const limit = options.limit ?? SEARCH_DEFAULT_LIMIT
  const embedder = await activeEmbedder(ctx)
  let vector: number[] | null = null
  if (embedder) {
    try {
      vector = (await embedder.embed([text.slice(0, 8000)]))[0] ?? null
    } catch (error) {
      ctx.log.warn('knowledge search without vectors: the query was not embedded', { error })
    }
  }
  return searchKnowledge(ctx.db, actor, {
    text,
    vector: vector ?? null,
    dimensions: ctx.config.ai.embeddingDimensions,
    tags: options.tags,
    sourceTypes: options.sourceTypes,
    minSimilarity: options.minSimilarity ?? SEARCH_DEFAULT_MIN_SIMILARITY,
    limit,
    candidates: Math.max(limit * 4, 40),
  })
}

/** POST /api/knowledge/search: the spec's results [{entry, similarity, highlight}]. */
export async function searchEntries(ctx: Ctx, actor: Actor, body: SearchBody) {
  const rows = await runSearch(ctx, actor, {
    query: body.query,
    tags: body.tags ? cleanTags(body.tags) : undefined,
    sourceTypes: body.source_types,
    minSimilarity: body.min_similarity,
    limit: body.limit,
  })
  return rows.map((row) => ({
    entry: toEntryJson(row.entry, actor),
    similarity: row.similarity,
    highlight: highlightOf(row.entry.content),
  }))
}

/** The minimum similarity of the RAG context: the admin's setting, else RAG_MIN_SIMILARITY (0.7). */
export async function ragMinSimilarity(ctx: Pick<AppContext, 'db' | 'config'>): Promise<number> {
  const row = await readOrgSettingsRow(ctx.db)
  return row?.ragMinSimilarity ?? ctx.config.ai.ragMinSimilarity
}

export interface RagContext {
  /** The text given to the model, or '' when nothing relevant was found (or anything failed). */
  text: string
  sources: { id: string; title: string }[]
}

const RAG_RESULTS = 3
/** The default agent is 'rag' (spec section 9): a send without an agent uses the knowledge base too. */
export function usesKnowledge(agentId: string | undefined): boolean {
  return agentId === undefined || agentId === '' || agentId === 'rag'
}

/** A source's text in the context is cut here: a long document must not crowd out the conversation. */
export const RAG_SOURCE_CHARS = 6000

/**
 * Spec section 9 "RAG context": the top 3 results at or above the minimum similarity, each as
 * '[Source N: title]' and its content, '---' between them. Any error gives an empty context (spec
 * section 8): the answer still comes.
 *
 * Keyword-only mode (no embeddings provider, or no pgvector: decision 130): there is no similarity,
 * so the minimum cannot apply; the best 3 keyword matches are used instead, in the full-text
 * search's order. A question that matches no entry's words gives no context. A query that could
 * not be embedded while vectors are on is an error, not keyword-only mode: no context.
 */
export async function buildRagContext(ctx: Ctx, actor: Actor, question: string): Promise<RagContext> {
  try {
    if (!question.trim() || !(await hasVisibleEntries(ctx.db, actor))) return { text: '', sources: [] }
    const keywordOnly = (await activeEmbedder(ctx)) === null
    const minSimilarity = await ragMinSimilarity(ctx)
    const found = await runSearch(ctx, actor, { query: question, minSimilarity, limit: 10 })
    const rows = keywordOnly
      ? found.filter((row) => row.textRank !== null).slice(0, RAG_RESULTS)
      : found
          .filter((row) => row.similarity !== null && row.similarity >= minSimilarity)
          .sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0))
          .slice(0, RAG_RESULTS)
    return {
      text: rows
        .map((row, index) => `[Source ${index + 1}: ${row.entry.title}]\n${clip(row.entry.content)}`)
        .join('\n\n---\n\n'),
      sources: rows.map((row) => ({ id: row.entry.id, title: row.entry.title })),
    }
  } catch (error) {
    ctx.log.warn('knowledge context left empty', { error })
    return { text: '', sources: [] }
  }
}

function clip(content: string): string {
  return content.length > RAG_SOURCE_CHARS ? `${content.slice(0, RAG_SOURCE_CHARS)}…` : content
}
