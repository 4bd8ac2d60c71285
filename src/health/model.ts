import { t } from 'elysia'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const healthResponse = t.Object({
  ok: t.Literal(true),
  db: t.Union([t.Literal('pglite'), t.Literal('postgres')]),
  vector: t.Boolean(),
  version: t.String(),
})
