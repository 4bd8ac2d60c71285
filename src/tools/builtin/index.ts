import type { AppContext } from '../../context'
import { codeInterpreterTool } from '../code-interpreter'
import { isBuiltinToolId } from '../tool-ids'
import type { ChatTool, ToolSource } from '../types'
import { fileSearchTool } from './file-search'
import { imageGenerationTool } from './image-generation'
import { webSearchTool } from './web-search'

/**
 * The built-in tools this server can run, by id: null when it is not configured here (no
 * SEARXNG_URL, no image model, no code sandbox), so it is neither listed nor offered.
 */
const builders = {
  'web-search': webSearchTool,
  'file-search': fileSearchTool,
  'image-generation': imageGenerationTool,
  'code-interpreter': codeInterpreterTool,
} satisfies Record<string, (ctx: AppContext) => ChatTool | null>

/**
 * The built-in ids among `ids` as chat tools, in the order given; ids of MCP servers and tools this
 * server cannot run are left out (a chat keeps them: the configuration may change). Built-in tools
 * are everyone's: each runs as the actor, on what the actor may read.
 */
export const builtinToolSource: ToolSource = async (ctx, _actor, ids) =>
  [...new Set(ids)].flatMap((id) => (isBuiltinToolId(id) ? (builders[id](ctx) ?? []) : []))
