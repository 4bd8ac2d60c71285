import type { McpServer } from '../../db/schema'
import type { AppContext } from '../context'
import type { ToolFunction } from '../tools/types'
import { CONNECT_TIMEOUT_MS, connectDeadline, connectMcp } from './connection'
import { describeMcpError } from './describe-error'

export type McpListing = { ok: true; tools: ToolFunction[] } | { ok: false; error: string }

/**
 * Connects to a server, lists its tools and disconnects, all within CONNECT_TIMEOUT_MS: what
 * "Test" shows and what the tool-list cache keeps. Never throws: a server that cannot be reached
 * gives `{ok: false, error}` with a sentence, and the original error goes to the log.
 */
export async function probeMcpServer(
  ctx: Pick<AppContext, 'config' | 'log'>,
  server: Pick<McpServer, 'id' | 'name' | 'url' | 'headersSealed'>,
): Promise<McpListing> {
  const signal = connectDeadline()
  try {
    const connection = await connectMcp(ctx.config, server, signal)
    try {
      return { ok: true, tools: await connection.listTools(signal) }
    } finally {
      await connection.close()
    }
  } catch (error) {
    const sentence = describeMcpError(error, CONNECT_TIMEOUT_MS / 1000)
    ctx.log.warn('MCP server could not be listed', { serverId: server.id, name: server.name, error })
    return { ok: false, error: sentence }
  }
}
