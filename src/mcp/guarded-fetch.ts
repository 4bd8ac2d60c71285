import { isIP } from 'node:net'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { AllowedHost } from '../net/allowed-hosts'
import type { McpHeaders } from './headers'
import { checkServerUrl } from './server-url'

export interface GuardedFetchOptions {
  allowedHosts: readonly AllowedHost[]
  /** The server's own headers (opened from their sealed form), sent with every request. */
  headers: McpHeaders
  /** Resolves a host name (tests replace DNS). */
  resolve?: (host: string) => Promise<string[]>
}

/**
 * The fetch the MCP client's transport uses: each request (the first POST, every later one, the SSE
 * GET, a redirect the SDK follows within the origin) is checked by the URL guard first, so a name
 * that resolves to a private address by now is refused. Plain http connects to the address that was
 * checked, with the Host header kept, as safe-fetch does: a second DNS answer cannot swap in another;
 * https goes by name and the certificate check refuses a rebound address. Redirects are never
 * followed by fetch itself (the SDK follows same-origin ones through this function again).
 *
 * The server's headers are added where the SDK set no header of that name: the protocol's own
 * (content type, session id, protocol version) win.
 */
export function guardedFetch(options: GuardedFetchOptions): FetchLike {
  return async (input, init) => {
    const { url, address } = await checkServerUrl(String(input), options.allowedHosts, options.resolve)
    const headers = new Headers(init?.headers)
    for (const [name, value] of Object.entries(options.headers))
      if (!headers.has(name)) headers.set(name, value)
    const request: RequestInit = { ...init, headers, redirect: 'manual' }
    if (url.protocol === 'https:') return fetch(url, request)
    const target = new URL(url)
    target.hostname = isIP(address) === 6 ? `[${address}]` : address
    headers.set('host', url.host)
    return fetch(target, request)
  }
}
