import { t } from 'elysia'
import { type PromptTool, promptCategories, promptTools } from '../../db/catalogues/prompts'
import type { SavedPrompt } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { sharedGroupIdsField } from '../groups/model'
import { ok } from '../http/model'
import { pageLimit } from '../http/page-query'

/** A prompt as the API sends it; `is_owner` is the actor's. */
export function toPromptJson(prompt: SavedPrompt, actor: Actor) {
  return {
    id: prompt.id,
    user_id: prompt.userId,
    title: prompt.title,
    description: prompt.description,
    prompt_text: prompt.promptText,
    category: prompt.category,
    is_public: prompt.isPublic,
    tags: prompt.tags,
    use_count: prompt.useCount,
    model_id: prompt.modelId,
    variables: prompt.variables,
    tools: prompt.tools as PromptTool[],
    /** The groups whose members may read it (issue 29). */
    sharedGroupIds: prompt.sharedGroupIds,
    /** Whether the actor may edit and delete it (a public prompt of someone else is read-only). */
    is_owner: prompt.userId === actor.userId,
    created_at: prompt.createdAt.toISOString(),
    updated_at: prompt.updatedAt.toISOString(),
  }
}

export type PromptJson = ReturnType<typeof toPromptJson>

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
  sharedGroupIds: sharedGroupIdsField,
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
  sharedGroupIds: t.Optional(promptFields.sharedGroupIds),
})

export const updatePromptBody = t.Partial(t.Object(promptFields))

export const promptListQuery = t.Object({
  category: t.Optional(category),
  q: t.Optional(t.String({ maxLength: 200 })),
  /** Comma-separated; a prompt must carry every one. */
  tags: t.Optional(t.String({ maxLength: 1_000 })),
  own: t.Optional(t.BooleanString({ error: 'own must be true or false' })),
  limit: t.Optional(pageLimit),
})

export const popularQuery = t.Object({ limit: t.Optional(pageLimit) })
export const searchQuery = t.Object({
  q: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(pageLimit),
})
export const byTagsQuery = t.Object({
  tags: t.Optional(t.String({ maxLength: 1_000 })),
  limit: t.Optional(pageLimit),
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

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const promptJson = t.Object({
  id: t.String(),
  user_id: t.String(),
  title: t.String(),
  description: t.Nullable(t.String()),
  prompt_text: t.String(),
  category: t.Union([
    t.Literal('general'),
    t.Literal('technical'),
    t.Literal('creative'),
    t.Literal('analysis'),
    t.Literal('learning'),
  ]),
  is_public: t.Boolean(),
  tags: t.Array(t.String()),
  use_count: t.Number(),
  model_id: t.Nullable(t.String()),
  variables: t.Array(t.String()),
  tools: t.Array(
    t.Union([
      t.Literal('mcp'),
      t.Literal('file-search'),
      t.Literal('web-search'),
      t.Literal('code-interpreter'),
      t.Literal('image-generation'),
    ]),
  ),
  sharedGroupIds: t.Array(t.String()),
  is_owner: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})

export const promptsGetResponse = ok(t.Object({ items: t.Array(promptJson), nextCursor: t.Null() }))

export const promptResponse = ok(promptJson)

export const promptsGeneratePostResponse = ok(t.Object({ prompt_text: t.String(), model_id: t.String() }))

export const promptsStatsGetResponse = ok(
  t.Object({
    total: t.Number(),
    categories: t.Object({
      general: t.Number(),
      technical: t.Number(),
      creative: t.Number(),
      analysis: t.Number(),
      learning: t.Number(),
    }),
    totalUses: t.Number(),
    publicPrompts: t.Number(),
    mostUsed: t.Nullable(promptJson),
  }),
)

export const promptArrayResponse = ok(t.Array(promptJson))
