import { type BuiltinToolId, builtinToolIds } from '../../db/catalogues/tools'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { listMcpToolsFor } from '../mcp'
import { builtinToolSource } from './builtin'
import type { ToolListing } from './catalog-model'

/** The built-in tools' names and descriptions in English; the web client shows its own by id. */
const BUILTIN_TEXTS: Record<BuiltinToolId, { name: string; description: string }> = {
  'web-search': { name: 'Web Search', description: 'Searches the web and cites the pages it used.' },
  'file-search': {
    name: 'File Search',
    description: 'Searches your knowledge base and the files attached to the chat, citing its sources.',
  },
  'image-generation': { name: 'Image Generation', description: 'Creates images from a description.' },
  'code-interpreter': {
    name: 'Code Interpreter',
    description: 'Runs code in a sandbox to calculate, analyse data and check its answers.',
  },
}

/**
 * GET /api/tools: the tools the actor may turn on in a chat. The built-in ones this server can run
 * (the same ones a reply would offer: web search only with SearXNG, image generation only with an
 * image model...), then the MCP servers the actor's groups may use. Under support access the actor
 * is the target, so this lists the target's tools.
 */
export async function listToolsFor(ctx: AppContext, actor: Actor): Promise<ToolListing[]> {
  const [builtin, mcp] = await Promise.all([
    builtinToolSource(ctx, actor, builtinToolIds),
    listMcpToolsFor(ctx, actor),
  ])
  return [
    ...builtin.map((tool) => ({
      id: tool.id,
      ...BUILTIN_TEXTS[tool.id as BuiltinToolId],
      functions: tool.functions.map(({ name, description }) => ({ name, description })),
    })),
    ...mcp.map(
      (server): ToolListing => ({
        id: server.id,
        name: server.name,
        description: '',
        functions: server.functions.map(({ name, description }) => ({ name, description })),
        ...(server.error ? { error: server.error } : {}),
      }),
    ),
  ]
}
