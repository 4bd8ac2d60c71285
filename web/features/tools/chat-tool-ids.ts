/**
 * Which tool ids a chat turns on. Pure, shared by the tools menu and the prompt insert path.
 */

/** The chat config's enabled tools (a config read before the field existed has none). */
export function chatToolsOf(config: object | undefined): string[] {
  const tools = config && 'tools' in config ? config.tools : null
  return Array.isArray(tools) ? tools.filter((id): id is string => typeof id === 'string') : []
}

/** The enabled tools with `id` turned on or off, in the order they were turned on. */
export function toggledTools(enabled: readonly string[], id: string, on: boolean): string[] {
  const without = enabled.filter((known) => known !== id)
  return on ? [...without, id] : without
}

/**
 * What inserting a prompt turns on: each of its tools the person may use (`available`, the ids
 * GET /api/tools lists), and for the prompt library's 'mcp' every MCP server listed for them. An id
 * the person may not use is left out. Null when nothing new would be turned on.
 */
export function toolsAfterPrompt(
  enabled: readonly string[],
  promptTools: readonly string[],
  available: readonly string[],
): string[] | null {
  const wanted = promptTools.flatMap((tool) =>
    tool === 'mcp' ? available.filter((id) => id.startsWith('mcp:')) : available.includes(tool) ? [tool] : [],
  )
  const added = [...new Set(wanted)].filter((id) => !enabled.includes(id))
  return added.length === 0 ? null : [...enabled, ...added]
}

/** How many of the chat's enabled tools the person may still use (a server since withdrawn is not counted). */
export function enabledCount(enabled: readonly string[], available: readonly string[] | undefined): number {
  if (!available) return enabled.length
  return enabled.filter((id) => available.includes(id)).length
}
