import { t } from 'elysia'
import { promptCategories, promptTools } from './catalogue'

export const CATEGORY_ERROR = 'Category must be one of general, technical, creative, analysis or learning'
export const TOOL_ERROR =
  'Tools must be among mcp, file-search, web-search, code-interpreter and image-generation'

// Literals spelled out: t.UnionEnum in a query gives an absent parameter its first value.
const category = t.Union(
  [
    t.Literal(promptCategories[0]),
    t.Literal(promptCategories[1]),
    t.Literal(promptCategories[2]),
    t.Literal(promptCategories[3]),
    t.Literal(promptCategories[4]),
  ],
  { error: CATEGORY_ERROR },
)
const tool = t.Union(
  [
    t.Literal(promptTools[0]),
    t.Literal(promptTools[1]),
    t.Literal(promptTools[2]),
    t.Literal(promptTools[3]),
    t.Literal(promptTools[4]),
  ],
  { error: TOOL_ERROR },
)
const limit = t.Numeric({
  minimum: 1,
  maximum: 200,
  multipleOf: 1,
  error: 'limit must be a whole number between 1 and 200',
})

/** Lengths are checked after trimming by the service, with the spec's messages; these only bound the payload. */
const promptFields = {
  title: t.String({ maxLength: 5_000, error: 'Prompt title must be 200 characters or less' }),
  description: t.Union([t.String({ maxLength: 2_000 }), t.Null()], {
    error: 'Description must be text of at most 2000 characters',
  }),
  prompt_text: t.String({ maxLength: 20_000, error: 'Prompt text must be 20000 characters or less' }),
  category,
  is_public: t.Boolean({ error: 'is_public must be true or false' }),
  tags: t.Array(t.String({ maxLength: 50 }), {
    maxItems: 20,
    error: 'Tags: at most 20, each at most 50 characters',
  }),
  model_id: t.Union([t.String({ maxLength: 200 }), t.Null()], {
    error: 'model_id must be a model id or null',
  }),
  variables: t.Array(t.String({ maxLength: 100 }), {
    maxItems: 50,
    error: 'Variables: at most 50, each at most 100 characters',
  }),
  tools: t.Array(tool, { maxItems: promptTools.length, error: TOOL_ERROR }),
}

export const createPromptBody = t.Object({
  title: promptFields.title,
  prompt_text: promptFields.prompt_text,
  description: t.Optional(promptFields.description),
  category: t.Optional(promptFields.category),
  is_public: t.Optional(promptFields.is_public),
  tags: t.Optional(promptFields.tags),
  model_id: t.Optional(promptFields.model_id),
  variables: t.Optional(promptFields.variables),
  tools: t.Optional(promptFields.tools),
})

export const updatePromptBody = t.Partial(t.Object(promptFields))

export const promptListQuery = t.Object({
  category: t.Optional(category),
  q: t.Optional(t.String({ maxLength: 200 })),
  /** Comma-separated; a prompt must carry every one. */
  tags: t.Optional(t.String({ maxLength: 1_000 })),
  own: t.Optional(t.BooleanString({ error: 'own must be true or false' })),
  limit: t.Optional(limit),
})

export const popularQuery = t.Object({ limit: t.Optional(limit) })
export const searchQuery = t.Object({ q: t.Optional(t.String({ maxLength: 200 })), limit: t.Optional(limit) })
export const byTagsQuery = t.Object({
  tags: t.Optional(t.String({ maxLength: 1_000 })),
  limit: t.Optional(limit),
})

export const generatePromptBody = t.Object({
  title: t.String({ maxLength: 5_000, error: 'Prompt title must be 200 characters or less' }),
  description: t.Optional(t.Union([t.String({ maxLength: 2_000 }), t.Null()])),
  category: t.Optional(category),
  model_id: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
})

export type CreatePromptBody = typeof createPromptBody.static
export type UpdatePromptBody = typeof updatePromptBody.static
export type PromptListQuery = typeof promptListQuery.static
