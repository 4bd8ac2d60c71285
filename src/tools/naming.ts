import type { ChatTool, ToolFunction } from './types'

/** A function as offered to the model: the name it calls, and the tool and function behind it. */
export interface NamedFunction {
  exposed: string
  tool: ChatTool
  fn: ToolFunction
}

/** OpenAI's rule for a function's name. */
const NAME = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * The names the model sees. A built-in function keeps its own (`web_search`); an MCP server's
 * function is prefixed with the server (`mcp_<first 8 of its id>_<name>`, cleaned to OpenAI's
 * rule and cut to 64), so two servers' `search` tools stay apart. A clash gets a number.
 */
export function offeredFunctions(tools: ChatTool[]): Map<string, NamedFunction> {
  const offered = new Map<string, NamedFunction>()
  for (const tool of tools) {
    for (const fn of tool.functions) {
      const wanted = tool.serverId
        ? `mcp_${tool.serverId.replaceAll('-', '').slice(0, 8)}_${fn.name}`
        : fn.name
      let base = wanted.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)
      if (!NAME.test(base)) base = 'tool'
      let exposed = base
      for (let n = 2; offered.has(exposed); n += 1) exposed = `${base.slice(0, 60)}_${n}`
      offered.set(exposed, { exposed, tool, fn })
    }
  }
  return offered
}
