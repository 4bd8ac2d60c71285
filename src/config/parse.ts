/** Small typed readers for environment variables; each failure names the variable. */

import { canonicalTimeZone } from '../budget/periods'
import { type AllowedHost, parseAllowedHost } from '../net/allowed-hosts'

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`)
    this.name = 'ConfigError'
  }
}

export type Env = Record<string, string | undefined>

export function readString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

export function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = readString(env, name)
  if (raw === undefined) return fallback
  if (!(choices as readonly string[]).includes(raw))
    throw new ConfigError(name, `must be one of ${choices.join(', ')}, got "${raw}"`)
  return raw as T
}

export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readString(env, name)
  if (raw === undefined) return fallback
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

export function readNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readString(env, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value)) throw new ConfigError(name, `must be a number, got "${raw}"`)
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

export function readOptionalNumber(env: Env, name: string, min: number): number | undefined {
  const raw = readString(env, name)
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min)
    throw new ConfigError(name, `must be a number ≥ ${min}, got "${raw}"`)
  return value
}

export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = readString(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(name, `must be true or false, got "${raw}"`)
}

export function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = readString(env, name)
  if (raw === undefined) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${url.protocol}"`)
  }
  return raw.replace(/\/+$/, '')
}

export function readColor(env: Env, name: string, fallback: string): string {
  const raw = readString(env, name)
  if (raw === undefined) return fallback
  if (!/^#[0-9a-fA-F]{6}$/.test(raw))
    throw new ConfigError(name, `must be a colour like #a855f7, got "${raw}"`)
  return raw.toLowerCase()
}

export function readList(env: Env, name: string): string[] {
  return (readString(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** A comma list of `host`, `host:port`, `[ipv6]` or `[ipv6]:port` (FETCH_ALLOWED_HOSTS); any malformed entry is refused. */
export function readHostList(env: Env, name: string): AllowedHost[] {
  return readList(env, name).map((entry) => {
    const parsed = parseAllowedHost(entry)
    if ('error' in parsed) throw new ConfigError(name, `has ${parsed.error}`)
    return parsed
  })
}

/** An IANA time zone name ('Europe/Paris'), checked with Intl and returned in its canonical spelling. */
export function readTimeZone(env: Env, name: string, fallback: string): string {
  const raw = readString(env, name)
  if (raw === undefined) return fallback
  const zone = canonicalTimeZone(raw)
  if (!zone)
    throw new ConfigError(name, `must be an IANA time zone such as Europe/Paris or UTC, got "${raw}"`)
  return zone
}
