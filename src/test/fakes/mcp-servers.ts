import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'

/**
 * MCP servers for the tool tests, on 127.0.0.1 over Streamable HTTP:
 *
 * - `startEverythingServer`: the protocol's own conformance server,
 *   `@modelcontextprotocol/server-everything`, run as its package runs it (`streamableHttp`), in a
 *   child process with Bun;
 * - `startToolServer`: a small server built with the SDK (McpServer) whose tools misbehave: one
 *   hangs until cancelled, one throws, one returns 5 MB, one is marked destructive; it can require
 *   an API key header, and records what reached it.
 */

export interface FakeMcpServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
  close(): Promise<void>
}

const EVERYTHING = Bun.resolveSync('@modelcontextprotocol/server-everything/dist/index.js', import.meta.dir)

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** server-everything over Streamable HTTP; resolves once it listens. */
export async function startEverythingServer(): Promise<FakeMcpServer> {
  const port = await freePort()
  const child = Bun.spawn([process.execPath, EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const decoder = new TextDecoder()
  let output = ''
  const reader = child.stderr.getReader()
  const deadline = Date.now() + 20_000
  while (!output.includes('listening on port')) {
    const chunk = await Promise.race([
      reader.read(),
      Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null),
    ])
    if (!chunk || chunk.done) {
      child.kill()
      throw new Error(`server-everything did not start: ${output}`)
    }
    output += decoder.decode(chunk.value)
  }
  // Its log goes on; read it so the pipe never fills.
  void (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done) {}
  })()
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      child.kill()
      await child.exited
    },
  }
}

export const BIG_RESULT_BYTES = 5 * 1024 * 1024

export interface ToolServer extends FakeMcpServer {
  /** How many calls of `hang` the client cancelled (the server saw the cancellation). */
  cancelled: number
  /** The value of `x-api-key` on each request, in order (null when absent). */
  apiKeys: (string | null)[]
  /** The Host header of each request, in order. */
  hosts: string[]
  /** The sessions opened (one per client connection). */
  sessions: number
}

/**
 * The misbehaving server: tools `hang`, `explode`, `big_result`, `delete_everything` (destructive)
 * and `ping`. With `apiKey`, a request without `x-api-key: <apiKey>` is answered 401.
 */
export function startToolServer(options: { apiKey?: string } = {}): ToolServer {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>()
  const state = { cancelled: 0, apiKeys: [] as (string | null)[], hosts: [] as string[], sessions: 0 }
  const pending = new Set<() => void>()

  function build(): McpServer {
    const server = new McpServer({ name: 'parley-test-tools', version: '1.0.0' })
    server.registerTool(
      'ping',
      { description: 'Answers pong', annotations: { readOnlyHint: true } },
      async () => ({ content: [{ type: 'text', text: 'pong' }] }),
    )
    server.registerTool('hang', { description: 'Never answers until cancelled' }, async (extra) => {
      await new Promise<void>((resolve) => {
        const done = () => {
          pending.delete(done)
          resolve()
        }
        pending.add(done)
        extra.signal.addEventListener('abort', () => {
          state.cancelled += 1
          done()
        })
      })
      return { content: [{ type: 'text', text: 'too late' }] }
    })
    server.registerTool('explode', { description: 'Always fails' }, async () => {
      throw new Error('the tool broke on purpose')
    })
    server.registerTool('big_result', { description: 'Returns 5 MB of text' }, async () => ({
      content: [{ type: 'text', text: 'x'.repeat(BIG_RESULT_BYTES) }],
    }))
    server.registerTool(
      'delete_everything',
      { description: 'Deletes every record', annotations: { destructiveHint: true } },
      async () => ({ content: [{ type: 'text', text: 'deleted' }] }),
    )
    return server
  }

  const http = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    // The hanging tool's answer stays open as long as the client waits.
    idleTimeout: 0,
    async fetch(request) {
      const key = request.headers.get('x-api-key')
      state.apiKeys.push(key)
      state.hosts.push(request.headers.get('host') ?? '')
      if (new URL(request.url).pathname !== '/mcp') return new Response('not found', { status: 404 })
      if (options.apiKey && key !== options.apiKey) return new Response('unauthorized', { status: 401 })
      const sessionId = request.headers.get('mcp-session-id')
      const known = sessionId ? transports.get(sessionId) : undefined
      if (known) return known.handleRequest(request)
      if (sessionId)
        return Response.json(
          { jsonrpc: '2.0', error: { code: -32000, message: 'Unknown session' } },
          { status: 404 },
        )
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          state.sessions += 1
          transports.set(id, transport)
        },
        onsessionclosed: (id) => {
          transports.delete(id)
        },
      })
      await build().connect(transport)
      return transport.handleRequest(request)
    },
  })

  return {
    url: `http://127.0.0.1:${http.port}/mcp`,
    get cancelled() {
      return state.cancelled
    },
    apiKeys: state.apiKeys,
    hosts: state.hosts,
    get sessions() {
      return state.sessions
    },
    async close() {
      for (const release of pending) release()
      for (const transport of transports.values()) await transport.close().catch(() => {})
      await http.stop(true)
    },
  }
}
