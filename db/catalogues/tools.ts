/**
 * Tools in conversations (issue 30): the built-in tools' ids, a tool call's states and an MCP
 * server's approval rule. Pure constants shared by the schema, the server and the web client.
 */
export const builtinToolIds = ['web-search', 'file-search', 'image-generation', 'code-interpreter'] as const
export type BuiltinToolId = (typeof builtinToolIds)[number]

/** A chat's enabled tool: a built-in one, or `mcp:<serverId>` (every tool of that MCP server). */
export type ChatToolId = BuiltinToolId | `mcp:${string}`

export const toolCallStatuses = ['running', 'awaiting_approval', 'done', 'failed', 'denied'] as const
export type ToolCallStatus = (typeof toolCallStatuses)[number]

/** When a call to an MCP server's tool waits for the person's Approve: never, for tools it marks destructive, always. */
export const mcpApprovals = ['never', 'destructive', 'always'] as const
export type McpApproval = (typeof mcpApprovals)[number]

/**
 * One tool call of an answer, as stored with its message and sent in `tool_calls` and
 * `message:tool` (../shared/DESIGN.md, "Routes of the third wave").
 */
export interface StoredToolCall {
  /** The model's call id (unique within the message). */
  id: string
  /** The chat tool it belongs to: a built-in id or `mcp:<serverId>`. */
  tool: string
  /** The MCP server's name when the tool is one of its tools. */
  server?: string
  /** The function's name as the tool knows it (e.g. `web_search`, an MCP tool's own name). */
  name: string
  /** The arguments the model sent, as JSON text (as sent, also when malformed), at most 10,000 characters. */
  arguments: string
  status: ToolCallStatus
  /** The start of the result (or of the error), at most 2,000 characters; null while running. */
  result_preview: string | null
  duration_ms: number | null
  /** Images the call made (image generation), as Parley file URLs shown in the answer. */
  images?: { url: string; alt: string }[]
}
