import { t } from 'elysia'
import { ok } from '../http/model'

// GET /api/tools (issue 30): what each tool offers, as the tools menu lists it.

export const toolListing = t.Object({
  /** A built-in id (the client shows its own translated name by id) or `mcp:<serverId>`. */
  id: t.String(),
  /** English for a built-in tool; the server's name for an MCP server. */
  name: t.String(),
  /** English for a built-in tool; empty for an MCP server (its functions describe it). */
  description: t.String(),
  functions: t.Array(t.Object({ name: t.String(), description: t.String() })),
  /** Why an MCP server's tools could not be listed just now (it stays listed, and can be turned on). */
  error: t.Optional(t.String()),
})

export type ToolListing = typeof toolListing.static

export const toolsGetResponse = ok(t.Object({ tools: t.Array(toolListing) }))
