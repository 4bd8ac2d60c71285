import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '../../db/schema'
import type { Config } from '../config'
import type { ToolFunction } from '../tools/types'
import { guardedFetch } from './guarded-fetch'
import { HEADERS_UNREADABLE, openHeaders } from './headers'

/** Connecting and listing a server's tools must end within this; a send waits for it. */
export const CONNECT_TIMEOUT_MS = 10_000
/** A server listing more is cut there: the model could not choose among so many anyway. */
const MAX_TOOLS = 500
const MAX_PAGES = 50

const CLIENT_INFO = { name: 'parley', version: '1.0.0' }

export interface McpConnection {
  /** Every tool the server lists, page after page, within `signal` (CONNECT_TIMEOUT_MS from now by default). */
  listTools(signal?: AbortSignal): Promise<ToolFunction[]>
  /** Calls a tool; `signal` (the person's Stop, TOOL_TIMEOUT_MS) cancels it at the server too. */
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>
  close(): Promise<void>
}

type ServerRow = Pick<McpServer, 'url' | 'headersSealed'>

/**
 * Connects to a server with the official SDK's client over Streamable HTTP, every request through
 * the URL guard (guarded-fetch.ts) with the server's opened headers. Throws (an SDK error, or
 * McpUrlRefused) when the server cannot be reached before `signal` (CONNECT_TIMEOUT_MS from now by
 * default); describe-error.ts turns that into a sentence.
 */
export async function connectMcp(
  config: Pick<Config, 'appSecret' | 'fetchAllowedHosts'>,
  server: ServerRow,
  signal?: AbortSignal,
): Promise<McpConnection> {
  const headers = openHeaders(config.appSecret, server.headersSealed)
  if (headers === null) throw new Error(HEADERS_UNREADABLE)
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: guardedFetch({ allowedHosts: config.fetchAllowedHosts, headers }),
    // A dropped stream is not retried in the background: a call fails and the answer goes on.
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  })
  const client = new Client(CLIENT_INFO, { capabilities: {} })
  // The transport's own errors (a dropped SSE stream) also reject the request they concern; the
  // default handler would print them.
  client.onerror = () => {}
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS, signal: signal ?? connectDeadline() })
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
  return {
    async listTools(listSignal) {
      const signal = listSignal ?? connectDeadline()
      const tools: ToolFunction[] = []
      let cursor: string | undefined
      for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
        const result = await client.listTools(cursor ? { cursor } : undefined, {
          timeout: CONNECT_TIMEOUT_MS,
          signal,
        })
        tools.push(...result.tools.map(toFunction))
        cursor = result.nextCursor
        if (!cursor) break
      }
      return tools.slice(0, MAX_TOOLS)
    },
    async callTool(name, args, callSignal) {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        signal: callSignal,
        // The caller's signal carries the time limit (TOOL_TIMEOUT_MS); the SDK's own default
        // (60 s) must not cut a longer one short.
        timeout: 24 * 60 * 60 * 1000,
      })
      return result as CallToolResult
    },
    close: () => client.close().catch(() => {}),
  }
}

/** The connect-and-list time limit, from now: pass one signal to connect and list to bound both together. */
export const connectDeadline = () => AbortSignal.timeout(CONNECT_TIMEOUT_MS)

/** An MCP tool as a function the model may call. */
function toFunction(tool: Tool): ToolFunction {
  return {
    name: tool.name,
    description: tool.description ?? tool.title ?? tool.annotations?.title ?? '',
    parameters: { ...tool.inputSchema, type: 'object' },
    destructive: tool.annotations?.destructiveHint === true,
  }
}
