import { t } from 'elysia'
import { knowledgeSourceTypes } from './catalogue'

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
  metadata: t.Optional(metadata),
})
export type CreateEntryBody = typeof createEntryBody.static

export const updateEntryBody = t.Object({
  title: t.Optional(t.String({ error: 'Title cannot be empty' })),
  content: t.Optional(t.String({ error: 'Content cannot be empty' })),
  tags: t.Optional(tags),
  is_shared: t.Optional(t.Boolean({ error: 'is_shared must be true or false' })),
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
})
export type ExportChatBody = typeof exportChatBody.static

export const listQuery = t.Object({
  /** Comma-separated; an entry must carry every one. */
  tags: t.Optional(t.String({ maxLength: 2000 })),
  /** Comma-separated source types; an entry must have one of them. */
  source_types: t.Optional(
    t.String({ pattern: '^(manual|chat|document)?(,(manual|chat|document))*$', error: SOURCE_TYPE_ERROR }),
  ),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(
    t.Numeric({
      minimum: 1,
      maximum: 200,
      multipleOf: 1,
      error: 'limit must be a whole number between 1 and 200',
    }),
  ),
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
