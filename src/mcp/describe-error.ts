import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { McpUrlRefused } from './server-url'

/**
 * Why an MCP server could not be reached or listed, as one sentence an administrator can act on
 * (the Test button shows it; the log keeps the original error). `seconds` is the time limit that
 * applied.
 */
export function describeMcpError(error: unknown, seconds: number): string {
  const refused = find(error, (item): item is McpUrlRefused => item instanceof McpUrlRefused)
  if (refused) return `The server URL is refused: ${refused.message}.`
  const http = find(error, (item): item is StreamableHTTPError => item instanceof StreamableHTTPError)
  if (http) return httpSentence(http)
  const mcp = find(error, (item): item is McpError => item instanceof McpError)
  if (mcp?.code === ErrorCode.RequestTimeout || isTimeout(error))
    return `The server did not answer within ${seconds} seconds.`
  if (mcp?.code === ErrorCode.ConnectionClosed)
    return 'The server closed the connection before answering: is this the URL of its MCP endpoint?'
  if (mcp) return `The server answered with an MCP error: ${mcp.message}.`
  if (isConnectionFailure(error))
    return 'Could not connect to the server: check the URL and that the server is running.'
  const message = error instanceof Error ? error.message : String(error)
  return `The server did not answer as an MCP server over Streamable HTTP (${clip(message)}).`
}

function httpSentence(error: StreamableHTTPError): string {
  switch (error.code) {
    case 401:
    case 403:
      return `The server refused the request (HTTP ${error.code}): check its headers, such as the API key.`
    case 404:
      return 'The server answered HTTP 404: this URL is not its MCP endpoint (often it ends in /mcp).'
    case 405:
      return 'The server answered HTTP 405: this URL does not take Streamable HTTP (is it an SSE-only server?).'
    case -1:
      return `The server did not answer as an MCP server over Streamable HTTP (${clip(error.message)}).`
  }
  return `The server answered HTTP ${error.code}: ${clip(error.message)}.`
}

/** The first error in the cause chain (SDK errors wrap the fetch's) that `test` accepts. */
function find<T>(error: unknown, test: (item: unknown) => item is T): T | undefined {
  let current = error
  for (let depth = 0; depth < 6 && current; depth++) {
    if (test(current)) return current
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined
  }
  return undefined
}

function isTimeout(error: unknown): boolean {
  return Boolean(find(error, (item): item is Error => item instanceof Error && item.name === 'TimeoutError'))
}

function isConnectionFailure(error: unknown): boolean {
  return Boolean(
    find(
      error,
      (item): item is Error =>
        item instanceof Error &&
        /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|ConnectionRefused|ConnectionClosed|FailedToOpenSocket|Unable to connect|fetch failed/i.test(
          `${item.message} ${(item as { code?: string }).code ?? ''}`,
        ),
    ),
  )
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text)
