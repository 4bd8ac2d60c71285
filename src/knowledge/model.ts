import { t } from 'elysia'
import { knowledgeSourceTypes } from '../../db/catalogues/knowledge'
import type { KnowledgeEntry } from '../../db/schema'
import { sharedGroupIdsField } from '../groups/model'
import { ok } from '../http/model'
import { pageQuery } from '../http/page-query'

/** Spec sections 5 and 8 verbatim, and ours where the spec has none (docs/decisions/119). */
export const KNOWLEDGE_MESSAGES = {
  emptyTitle: 'Title cannot be empty',
  longTitle: 'Title must be 200 characters or less',
  emptyContent: 'Content cannot be empty',
  emptyQuery: 'Text cannot be empty',
  notFound: 'Knowledge entry not found',
  notOwner: 'Only the owner can change this entry',
  emptyChat: 'Chat has no messages to export',
  fileType: 'Only PDF, DOCX, text and Markdown files can be added to the knowledge base',
  emptyFile: 'The file has no text to add',
  notIndexing: 'The entry is not being indexed',
  /** Stored as the index error of an entry whose indexing was cancelled (decision 130). */
  cancelled: 'Indexing cancelled',
} as const

/** An entry as the API shows it: the spec's field names, plus the indexing state. */
export function toEntryJson(entry: KnowledgeEntry, actor: { userId: string }) {
  return {
    id: entry.id,
    user_id: entry.userId,
    source_type: entry.sourceType,
    source_id: entry.sourceId,
    title: entry.title,
    content: entry.content,
    metadata: entry.metadata,
    is_shared: entry.isShared,
    /** The groups whose members may read it (issue 29). */
    sharedGroupIds: entry.sharedGroupIds,
    tags: entry.tags,
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
    index_status: entry.indexStatus,
    /** Why indexing failed (the provider's message, English), or null. */
    index_error: entry.indexError,
    /** The same as a stable code for the client to translate, or null (docs/decisions/119). */
    index_error_code: indexErrorCode(entry.indexError),
    /** A long entry's chunks embedded so far while it is indexed, or null (decision 130). */
    index_progress: indexProgress(entry),
    /** Whether the actor may edit and delete it (a shared entry of someone else is read-only). */
    is_owner: entry.userId === userIdOf(actor),
  }
}

export type KnowledgeEntryJson = ReturnType<typeof toEntryJson>

/** The stored count, shown only while the entry waits: a re-embedding of a ready one counts too. */
function indexProgress(entry: KnowledgeEntry): { done: number; total: number } | null {
  const { indexStatus, indexChunksDone: done, indexChunksTotal: total } = entry
  return indexStatus === 'pending' && done !== null && total !== null ? { done, total } : null
}

export type IndexErrorCode =
  | 'cancelled'
  | 'key_missing'
  | 'timeout'
  | 'unreachable'
  | 'dimensions'
  | 'provider'
  | 'internal'

/** The stable code of a stored indexing error (the texts are written by src/knowledge/embeddings.ts). */
export function indexErrorCode(error: string | null): IndexErrorCode | null {
  if (error === null) return null
  if (error === KNOWLEDGE_MESSAGES.cancelled) return 'cancelled'
  if (error.endsWith('key is not configured')) return 'key_missing'
  if (error.endsWith('the request timed out')) return 'timeout'
  if (error.endsWith('the provider could not be reached')) return 'unreachable'
  if (error.startsWith('Invalid embedding dimensions')) return 'dimensions'
  if (error.includes(' API error: ')) return 'provider'
  return 'internal'
}

const userIdOf = (actor: { userId: string }) => actor.userId

/** Whether the entry's indexing was cancelled (it stays so until Retry). */
export function isCancelled(entry: Pick<KnowledgeEntry, 'indexStatus' | 'indexError'>): boolean {
  return entry.indexStatus === 'failed' && entry.indexError === KNOWLEDGE_MESSAGES.cancelled
}

export type KnowledgeChange = 'created' | 'updated' | 'indexed' | 'deleted'

const SOURCE_TYPE_ERROR = 'source_type must be one of manual, chat or document'
// Literals spelled out: t.UnionEnum in a query gives an absent parameter its first value.
const sourceType = t.Union(
  [
    t.Literal(knowledgeSourceTypes[0]),
    t.Literal(knowledgeSourceTypes[1]),
    t.Literal(knowledgeSourceTypes[2]),
  ],
  { error: SOURCE_TYPE_ERROR },
)
const tags = t.Array(t.String({ maxLength: 50 }), {
  maxItems: 20,
  error: 'Tags: at most 20, each at most 50 characters',
})
const metadata = t.Record(t.String({ maxLength: 100 }), t.Unknown(), { error: 'metadata must be an object' })

/** Lengths and blanks are checked by the service, with the spec's messages; these only bound the shape. */
export const createEntryBody = t.Object({
  source_type: t.Optional(sourceType),
  title: t.String({ error: 'Title cannot be empty' }),
  content: t.String({ error: 'Content cannot be empty' }),
  tags: t.Optional(tags),
  is_shared: t.Optional(t.Boolean({ error: 'is_shared must be true or false' })),
  sharedGroupIds: t.Optional(sharedGroupIdsField),
  metadata: t.Optional(metadata),
})
export type CreateEntryBody = typeof createEntryBody.static

export const updateEntryBody = t.Object({
  title: t.Optional(t.String({ error: 'Title cannot be empty' })),
  content: t.Optional(t.String({ error: 'Content cannot be empty' })),
  tags: t.Optional(tags),
  is_shared: t.Optional(t.Boolean({ error: 'is_shared must be true or false' })),
  sharedGroupIds: t.Optional(sharedGroupIdsField),
  /** Merged into the stored metadata (e.g. {notes}). */
  metadata: t.Optional(metadata),
})
export type UpdateEntryBody = typeof updateEntryBody.static

export const exportChatBody = t.Object({
  chatId: t.String({ maxLength: 100, error: 'chatId must be a chat id' }),
  title: t.Optional(t.String()),
  tags: t.Optional(tags),
  notes: t.Optional(t.String({ maxLength: 10_000, error: 'Notes must be 10000 characters or less' })),
  is_shared: t.Optional(t.Boolean({ error: 'is_shared must be true or false' })),
  sharedGroupIds: t.Optional(sharedGroupIdsField),
})
export type ExportChatBody = typeof exportChatBody.static

export const listQuery = t.Object({
  /** Comma-separated; an entry must carry every one. */
  tags: t.Optional(t.String({ maxLength: 2000 })),
  /** Comma-separated source types; an entry must have one of them. */
  source_types: t.Optional(
    t.String({ pattern: '^(manual|chat|document)?(,(manual|chat|document))*$', error: SOURCE_TYPE_ERROR }),
  ),
  ...pageQuery,
})
export type ListQuery = typeof listQuery.static

/** Spec section 3 "Knowledge search query". */
export const searchBody = t.Object({
  query: t.String({ maxLength: 10_000, error: 'Text cannot be empty' }),
  tags: t.Optional(tags),
  source_types: t.Optional(t.Array(sourceType, { maxItems: 3, error: SOURCE_TYPE_ERROR })),
  min_similarity: t.Optional(
    t.Number({ minimum: -1, maximum: 1, error: 'min_similarity must be a number between -1 and 1' }),
  ),
  limit: t.Optional(
    t.Number({
      minimum: 1,
      maximum: 50,
      multipleOf: 1,
      error: 'limit must be a whole number between 1 and 50',
    }),
  ),
})
export type SearchBody = typeof searchBody.static

export const uploadQuery = t.Object({
  title: t.Optional(t.String({ maxLength: 200 })),
  tags: t.Optional(t.String({ maxLength: 2000 })),
  is_shared: t.Optional(
    t.Union([t.Literal('true'), t.Literal('false')], { error: 'is_shared must be true or false' }),
  ),
})
export type UploadQuery = typeof uploadQuery.static

export const multipartFileBody = {
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
    },
  },
} as const

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const knowledgeEntryJson = t.Object({
  id: t.String(),
  user_id: t.String(),
  source_type: t.Union([t.Literal('manual'), t.Literal('chat'), t.Literal('document')]),
  source_id: t.Nullable(t.String()),
  title: t.String(),
  content: t.String(),
  metadata: t.Record(t.String(), t.Unknown()),
  is_shared: t.Boolean(),
  sharedGroupIds: t.Array(t.String()),
  tags: t.Array(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
  index_status: t.Union([t.Literal('pending'), t.Literal('ready'), t.Literal('failed')]),
  index_error: t.Nullable(t.String()),
  index_error_code: t.Nullable(
    t.Union([
      t.Literal('cancelled'),
      t.Literal('key_missing'),
      t.Literal('timeout'),
      t.Literal('unreachable'),
      t.Literal('dimensions'),
      t.Literal('provider'),
      t.Literal('internal'),
    ]),
  ),
  index_progress: t.Nullable(t.Object({ done: t.Number(), total: t.Number() })),
  is_owner: t.Boolean(),
})

export const knowledgeGetResponse = ok(
  t.Object({ items: t.Array(knowledgeEntryJson), nextCursor: t.Nullable(t.String()) }),
)

export const knowledgeEntryResponse = ok(knowledgeEntryJson)

export const knowledgeStatusGetResponse = ok(
  t.Object({
    vector: t.Boolean(),
    mode: t.Union([t.Literal('hybrid'), t.Literal('full_text')]),
    embeddingModel: t.Nullable(t.String()),
    dimensions: t.Number(),
  }),
)

export const knowledgeTagsGetResponse = ok(t.Array(t.String()))

export const knowledgeSearchPostResponse = ok(
  t.Array(t.Object({ entry: knowledgeEntryJson, similarity: t.Nullable(t.Number()), highlight: t.String() })),
)
