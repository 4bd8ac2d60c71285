import { t } from 'elysia'
import { ok } from '../../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const adminKnowledgeJson = t.Object({
  vector: t.Boolean(),
  mode: t.Union([t.Literal('hybrid'), t.Literal('full_text')]),
  embeddingModel: t.Nullable(t.String()),
  dimensions: t.Number(),
  ragMinSimilarity: t.Number(),
  source: t.Union([t.Literal('environment'), t.Literal('setting')]),
  environmentValue: t.Number(),
})

export const adminKnowledgeResponse = ok(adminKnowledgeJson)
