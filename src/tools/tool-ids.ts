import { type BuiltinToolId, builtinToolIds, type ChatToolId } from '../../db/catalogues/tools'
import { AppError } from '../http/errors'

/** A chat enables at most this many tools: more would crowd the model's context with schemas. */
export const MAX_CHAT_TOOLS = 20

const MCP_ID = /^mcp:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const isBuiltinToolId = (id: string): id is BuiltinToolId =>
  (builtinToolIds as readonly string[]).includes(id)

/**
 * A chat's `tools` as the person sent them, checked: each a built-in id or `mcp:<uuid>` (the
 * server's id lower-cased, so one server is one entry), duplicates collapsed in the order given.
 * Whether the person may use each is not decided here: groups change, so a tool they may not use
 * now is kept and simply not offered at reply time.
 */
export function normalizeToolIds(ids: readonly string[]): ChatToolId[] {
  const seen = new Set<ChatToolId>()
  for (const raw of ids) {
    const id = raw.startsWith('mcp:') ? raw.toLowerCase() : raw
    if (!isBuiltinToolId(id) && !MCP_ID.test(id)) {
      throw new AppError('bad_request:tools', `Unknown tool: ${raw.slice(0, 100)}`)
    }
    seen.add(id as ChatToolId)
  }
  if (seen.size > MAX_CHAT_TOOLS) {
    throw new AppError('bad_request:tools', `A chat can enable at most ${MAX_CHAT_TOOLS} tools`)
  }
  return [...seen]
}
