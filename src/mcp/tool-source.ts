import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import type { ChatTool, ToolFunction, ToolOutput, ToolSource } from '../tools/types'
import { usableServers } from './access'
import { toToolOutput } from './call-result'
import { CONNECT_TIMEOUT_MS, connectDeadline, connectMcp, type McpConnection } from './connection'
import { describeMcpError } from './describe-error'
import { mcpServersData } from './mcp-servers-data'
import { cachedMcpTools } from './tool-list-cache'

const PREFIX = 'mcp:'

/**
 * The chat tools `mcp:<serverId>`: one per enabled server among `ids` that the actor may use and
 * that lists its tools (from the tool-list cache: no connection while the copy is fresh). A server
 * that cannot be reached is left out and logged (probe.ts); this never throws for one server.
 */
export const mcpToolSource: ToolSource = async (ctx, actor, ids) => {
  const wanted = [
    ...new Set(ids.filter((id) => id.startsWith(PREFIX)).map((id) => id.slice(PREFIX.length))),
  ].filter(isUuid)
  if (wanted.length === 0) return []
  const servers = await usableServers(ctx, actor, await mcpServersData(ctx.db).enabled(wanted))
  const tools = await Promise.all(
    servers.map(async (server) => {
      const listing = await cachedMcpTools(ctx, server)
      return listing.ok ? chatToolOf(ctx, server, listing.tools) : null
    }),
  )
  return tools.filter((tool) => tool !== null)
}

export interface McpToolsEntry {
  id: string
  name: string
  functions: { name: string; description: string }[]
  /** Why the server's tools could not be listed (it is then offered with none). */
  error?: string
}

/** Every enabled server the actor may turn on, with its tools, for GET /api/tools. */
export async function listMcpToolsFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  actor: Actor,
): Promise<McpToolsEntry[]> {
  const servers = await usableServers(ctx, actor, await mcpServersData(ctx.db).enabled())
  return Promise.all(
    servers.map(async (server) => {
      const listing = await cachedMcpTools(ctx, server)
      const entry: McpToolsEntry = {
        id: `${PREFIX}${server.id}`,
        name: server.name,
        functions: listing.ok
          ? listing.tools.map((fn) => ({ name: fn.name, description: fn.description }))
          : [],
      }
      if (!listing.ok) entry.error = listing.error
      return entry
    }),
  )
}

/**
 * One server as a chat tool for one answer. The connection is opened at the first call and shared by
 * the answer's later (and parallel) calls; `close` ends it when the answer ends. A connection that
 * broke is opened again at the next call.
 */
function chatToolOf(ctx: Pick<AppContext, 'config'>, server: McpServer, functions: ToolFunction[]): ChatTool {
  let connection: Promise<McpConnection> | undefined
  const connect = () => {
    if (!connection) {
      const opening = connectMcp(ctx.config, server, connectDeadline())
      opening.catch(() => {
        if (connection === opening) connection = undefined
      })
      connection = opening
    }
    return connection
  }
  const drop = (broken: Promise<McpConnection>) => {
    if (connection === broken) connection = undefined
    void broken.then((open) => open.close()).catch(() => {})
  }
  return {
    id: `${PREFIX}${server.id}`,
    server: server.name,
    serverId: server.id,
    functions,
    needsApproval: (fn) =>
      server.approval === 'always' || (server.approval === 'destructive' && fn.destructive === true),
    async run(name, args, run): Promise<ToolOutput> {
      const opening = connect()
      let open: McpConnection
      try {
        open = await untilAborted(opening, run.signal)
      } catch (error) {
        if (run.signal.aborted) throw abortReason(run.signal)
        throw new Error(describeMcpError(error, CONNECT_TIMEOUT_MS / 1000), { cause: error })
      }
      try {
        return toToolOutput(await open.callTool(name, args, run.signal))
      } catch (error) {
        if (run.signal.aborted) throw abortReason(run.signal)
        // The server answered, refusing the call (an unknown tool, arguments it rejects): the
        // model reads why. Anything else may have broken the connection.
        if (error instanceof McpError && !TRANSPORT_CODES.has(error.code))
          return { text: `The tool could not run: ${error.message}`, isError: true }
        drop(opening)
        throw new Error(describeMcpError(error, CONNECT_TIMEOUT_MS / 1000), { cause: error })
      }
    },
    async close() {
      const open = connection
      connection = undefined
      if (open) await open.then((value) => value.close()).catch(() => {})
    },
  }
}

/** SDK codes that say the connection failed, not that the server refused the call. */
const TRANSPORT_CODES = new Set<number>([ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout])

/** `promise`, or the signal's reason as soon as it aborts (the connection itself goes on for the others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** What a cancelled call throws: the signal's own reason (the loop tells Stop from its time-out by it). */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new Error('The call was cancelled', { cause: signal.reason })
}
