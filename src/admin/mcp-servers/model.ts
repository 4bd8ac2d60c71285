import { t } from 'elysia'
import { mcpApprovals } from '../../../db/catalogues/tools'
import { ok } from '../../http/model'

export const MAX_NAME = 100
export const MAX_HEADERS = 20
export const MAX_HEADER_NAME = 100
export const MAX_HEADER_VALUE = 8000
const MAX_GROUPS = 100
const HEADERS_SHAPE = 'headers must be an object of header names to text values'

/** One of `mcpApprovals`, spelled out so the static type keeps the three literals. */
function approvalSchema(error?: string) {
  return t.Union([t.Literal('never'), t.Literal('destructive'), t.Literal('always')], error ? { error } : {})
}

/** A server as the admin area shows it: its headers' names, never their values. */
export const mcpServerJson = t.Object({
  id: t.String(),
  name: t.String(),
  url: t.String(),
  header_names: t.Array(t.String()),
  enabled: t.Boolean(),
  /** Group ids it is on for; empty: everyone. */
  groups: t.Array(t.String()),
  approval: approvalSchema(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type McpServerJson = typeof mcpServerJson.static

/** Shapes only; service.ts checks the values (the URL guard, header names, group ids). */
const fields = {
  name: t.String({ maxLength: 500, error: `name must be a text of 1 to ${MAX_NAME} characters` }),
  url: t.String({ maxLength: 4000, error: 'url must be an http or https URL' }),
  headers: t.Record(t.String(), t.String({ error: HEADERS_SHAPE }), { error: HEADERS_SHAPE }),
  enabled: t.Boolean({ error: 'enabled must be true or false' }),
  groups: t.Array(t.String({ maxLength: 100, error: 'groups must be a list of group ids' }), {
    maxItems: MAX_GROUPS,
    error: `groups must be a list of at most ${MAX_GROUPS} group ids`,
  }),
  approval: approvalSchema(`approval must be one of ${mcpApprovals.join(', ')}`),
}

export const createMcpServerBody = t.Object({
  name: fields.name,
  url: fields.url,
  headers: t.Optional(fields.headers),
  enabled: t.Optional(fields.enabled),
  groups: t.Optional(fields.groups),
  approval: t.Optional(fields.approval),
})
export type CreateMcpServerBody = typeof createMcpServerBody.static

/** A partial change; `headers`, when given, replaces them all (`{}` removes them). */
export const updateMcpServerBody = t.Partial(createMcpServerBody)
export type UpdateMcpServerBody = typeof updateMcpServerBody.static

export const mcpServerParams = t.Object({ id: t.String({ maxLength: 100 }) })

export const mcpServersResponse = ok(t.Object({ servers: t.Array(mcpServerJson) }))
export const mcpServerResponse = ok(t.Object({ server: mcpServerJson }))
export const mcpTestResponse = ok(
  t.Union([
    t.Object({
      ok: t.Literal(true),
      tools: t.Array(t.Object({ name: t.String(), description: t.String(), destructive: t.Boolean() })),
    }),
    t.Object({ ok: t.Literal(false), error: t.String() }),
  ]),
)
