import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { mcpToolSource } from '../mcp'
import { builtinToolSource } from './builtin'
import type { ChatTool } from './types'

/**
 * The chat tools `ids` (the chat config's `tools`) that can run for this actor now: the built-in
 * ones this server has (SearXNG for web search, an image model...) and the MCP servers the actor's
 * groups may use. An id the actor may no longer use is left out, not refused: groups change.
 */
export async function toolsForReply(
  ctx: AppContext,
  actor: Actor,
  ids: readonly string[],
): Promise<ChatTool[]> {
  if (!ids.length) return []
  const [builtin, mcp] = await Promise.all([
    builtinToolSource(ctx, actor, ids),
    ids.some((id) => id.startsWith('mcp:')) ? mcpToolSource(ctx, actor, ids) : [],
  ])
  return [...builtin, ...mcp]
}

/** Frees what the answer's tools held (MCP connections); never throws. */
export async function closeTools(ctx: AppContext, tools: ChatTool[]): Promise<void> {
  await Promise.all(
    tools.map((tool) =>
      tool.close?.().catch((error) => ctx.log.warn('could not close a tool', { tool: tool.id, error })),
    ),
  )
}
