import { isIP } from 'node:net'

/**
 * One FETCH_ALLOWED_HOSTS entry (docs/decisions/142-body-limits-allowed-hosts-embedding-timeout.md):
 * `host` allows every port of that host, `host:port` that port only. IPv6 addresses go in brackets
 * (`[::1]`, `[::1]:8080`). `host` is kept as the URL parser writes a URL's hostname (lower case,
 * IDN in punycode, IPv4 as a dotted quad, IPv6 compressed and without its brackets), so comparing
 * it with a fetched URL's hostname compares like with like.
 */
export interface AllowedHost {
  host: string
  /** null: any port. */
  port: number | null
}

/** A DNS name (labels of letters, digits, '-', '_'; IDN allowed) or an IPv4 address. */
const NAME =
  /^[\p{L}\p{N}_]([\p{L}\p{N}_-]*[\p{L}\p{N}_])?(\.[\p{L}\p{N}_]([\p{L}\p{N}_-]*[\p{L}\p{N}_])?)*\.?$/u

/** Parses an entry; the message says what is wrong (the caller names the variable). */
export function parseAllowedHost(entry: string): AllowedHost | { error: string } {
  const text = entry.trim()
  let host: string
  let portText: string | undefined
  const notAHost = { error: `"${text}" is not a host name or address, like intranet.local or 10.0.0.5:8080` }
  // A URL, a path, credentials or a wildcard: only a host and a port belong here.
  if (/[/@?#*\s]/.test(text) || (text.startsWith('[') && !text.includes(']'))) return notAHost
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(text)
  if (bracketed) {
    if (isIP(bracketed[1]!) !== 6) return { error: `"${text}": between brackets must be an IPv6 address` }
    host = bracketed[1]!
    portText = bracketed[2]
  } else {
    const colons = text.split(':').length - 1
    if (colons > 1)
      return {
        error: `"${text}": write an IPv6 address in brackets, like [${text}] or [::1]:8080`,
      }
    ;[host, portText] = text.split(':') as [string, string | undefined]
    if (!NAME.test(host)) return notAHost
  }
  let port: number | null = null
  if (portText !== undefined) {
    port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN
    if (!(port >= 1 && port <= 65535))
      return { error: `"${text}": the port must be a number from 1 to 65535` }
  }
  let canonical: string
  try {
    canonical = new URL(`http://${bracketed ? `[${host}]` : host}/`).hostname
  } catch {
    return notAHost
  }
  return { host: canonical.replace(/^\[|\]$/g, '').replace(/\.$/, ''), port }
}

/** Whether a URL's host and port (its scheme's default when it names none) is one of the entries. */
export function isAllowedHost(url: URL, allowed: readonly AllowedHost[] | undefined): boolean {
  if (!allowed?.length) return false
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port))
}
