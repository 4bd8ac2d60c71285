import { openSecret, sealSecret } from '../crypto/secret-box'

/**
 * An MCP server's extra request headers (an API key, a bearer token) are secrets: stored sealed
 * with APP_SECRET as one JSON object, opened only to connect, never answered (only their names).
 */

export type McpHeaders = Record<string, string>

/** The sealed form of `headers`, or null when there are none. */
export function sealHeaders(appSecret: string, headers: McpHeaders): string | null {
  return Object.keys(headers).length === 0 ? null : sealSecret(appSecret, JSON.stringify(headers))
}

/**
 * The headers, `{}` when none were saved, or null when the sealed value does not open (APP_SECRET
 * changed since they were saved, or the value was altered).
 */
export function openHeaders(appSecret: string, sealed: string | null): McpHeaders | null {
  if (!sealed) return {}
  const text = openSecret(appSecret, sealed)
  if (text === null) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
    const headers: McpHeaders = {}
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') headers[name] = value
    return headers
  } catch {
    return null
  }
}

/** The names of the saved headers, what the admin area shows of them. */
export function headerNames(appSecret: string, sealed: string | null): string[] {
  return Object.keys(openHeaders(appSecret, sealed) ?? {})
}

export const HEADERS_UNREADABLE =
  'The saved headers of this server cannot be opened (APP_SECRET changed since they were saved): save them again'
