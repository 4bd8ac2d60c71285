import type { AllowedHost } from '../net/allowed-hosts'
import { checkUrl, FetchRefused } from '../net/safe-fetch'

/**
 * An MCP server's URL passes the guard research fetches pass (src/net/safe-fetch.ts): http or https,
 * no credentials, and a host whose every address is public unless FETCH_ALLOWED_HOSTS names it.
 * Checked when an administrator saves it and again before every request (guarded-fetch.ts): the
 * name may resolve elsewhere by then.
 */
export class McpUrlRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'McpUrlRefused'
  }
}

export const MAX_URL_LENGTH = 2000

/**
 * The URL and the address it was checked at (plain http connects there), or McpUrlRefused with a
 * sentence an administrator can act on.
 */
export async function checkServerUrl(
  raw: string,
  allowedHosts: readonly AllowedHost[],
  resolve?: (host: string) => Promise<string[]>,
): Promise<{ url: URL; address: string }> {
  const text = raw.trim()
  if (text.length > MAX_URL_LENGTH)
    throw new McpUrlRefused(`url must be ${MAX_URL_LENGTH} characters or less`)
  try {
    return await checkUrl(text, { allowedHosts, resolve })
  } catch (error) {
    throw new McpUrlRefused(refusalSentence(error, text), { cause: error })
  }
}

function refusalSentence(error: unknown, raw: string): string {
  if (!(error instanceof FetchRefused)) return 'url could not be checked'
  switch (error.message) {
    case 'not a valid URL':
      return 'url must be a URL like https://mcp.example.com/mcp'
    case 'only http and https':
      return 'url must use http or https'
    case 'credentials in the URL':
      return 'url must not hold a user name or password: put credentials in the headers'
    case 'no host':
      return 'url must name a host'
  }
  if (error.message.endsWith('is a private or reserved address'))
    return `${error.message}: MCP servers must be public unless FETCH_ALLOWED_HOSTS allows ${hostOf(raw)}`
  return error.message
}

function hostOf(raw: string): string {
  try {
    return new URL(raw).host
  } catch {
    return 'the host'
  }
}
