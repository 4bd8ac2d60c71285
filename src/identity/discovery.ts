import { createHash } from 'node:crypto'
import * as client from 'openid-client'
import type { ResolvedProvider } from './registry'

/*
 * The provider's metadata through openid-client's discovery (never hand-written endpoints or token
 * checks). A Configuration is kept per provider for an hour, and forgotten when a sign-in through
 * it could not reach the provider, so a moved or restarted provider is discovered again.
 *
 * Key rotation: with `enableNonRepudiationChecks` the library verifies the ID token's signature
 * against the provider's JWK Set, which it caches on the Configuration (oauth4webapi: kept up to
 * 5 minutes, and fetched again at once when no key matches the token's `kid` and the cached set is
 * a minute old or more). Without that call openid-client v6 skips the signature, relying on TLS to
 * the token endpoint (OIDC Core 3.1.3.7); the issue asks for signature, `alg` and key checks.
 */

/** Every call to a provider gives up after this long (issue 29: a slow provider fails within 10 s). */
export const PROVIDER_TIMEOUT_MS = 10_000
const DISCOVERY_TTL_MS = 60 * 60 * 1000

/** Raised when a whole step (discovery, the token exchange) outlasted the timeout. */
export class ProviderTimeout extends Error {
  constructor(ms: number) {
    super(`the identity provider did not answer within ${Math.round(ms / 100) / 10} s`)
    this.name = 'ProviderTimeout'
  }
}

/** Plain http only to this machine (the tests' provider); anywhere else openid-client insists on https. */
export function isLoopbackHttp(issuer: string): boolean {
  try {
    const url = new URL(issuer)
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  } catch {
    return false
  }
}

/** Rejects with ProviderTimeout when `work` takes longer than `ms` (each request also has its own timeout). */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeout(ms)), ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}

function options(issuer: string, timeoutMs: number): client.DiscoveryRequestOptions {
  return {
    // Seconds; the library also gives the Configuration this timeout for every later request.
    timeout: timeoutMs / 1000,
    execute: [
      ...(isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : []),
      client.enableNonRepudiationChecks,
    ],
  }
}

interface Entry {
  at: number
  config: Promise<client.Configuration>
}

/** Discovered Configurations by provider (and its settings: an edited provider is discovered afresh). */
export class DiscoveryCache {
  readonly #entries = new Map<string, Entry>()

  constructor(readonly timeoutMs: () => number) {}

  #key(provider: ResolvedProvider) {
    const secret = createHash('sha256')
      .update(provider.clientSecret ?? '')
      .digest('base64url')
    return JSON.stringify([provider.id, provider.issuer, provider.clientId, secret])
  }

  /** The provider's Configuration, discovering it when not known or older than an hour. */
  get(provider: ResolvedProvider, now = Date.now()): Promise<client.Configuration> {
    const key = this.#key(provider)
    const cached = this.#entries.get(key)
    if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config
    const ms = this.timeoutMs()
    const config = withDeadline(
      client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret ?? undefined,
        undefined,
        options(provider.issuer, ms),
      ),
      ms,
    )
    this.#entries.set(key, { at: now, config })
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (this.#entries.get(key)?.config === config) this.#entries.delete(key)
    })
    return config
  }

  /** Forgets a provider's Configuration (after a sign-in could not reach it). */
  forget(provider: ResolvedProvider) {
    this.#entries.delete(this.#key(provider))
  }
}

/** What "Test" in Admin › Sign-in shows: the discovered endpoints, or why discovery failed, in plain English. */
export type DiscoveryReport =
  | {
      ok: true
      issuer: string
      authorizationEndpoint: string
      tokenEndpoint: string
      userinfoEndpoint: string | null
      jwksUri: string
      scopesSupported: string[]
      claimsSupported: string[]
    }
  | { ok: false; message: string }

export async function discoveryReport(issuer: string, timeoutMs: number): Promise<DiscoveryReport> {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return { ok: false, message: 'The issuer is not a URL.' }
  }
  try {
    const config = await withDeadline(
      client.discovery(url, 'parley-discovery-test', undefined, undefined, options(issuer, timeoutMs)),
      timeoutMs,
    )
    const meta = config.serverMetadata()
    if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri)
      return {
        ok: false,
        message:
          'The provider’s discovery document lacks an authorization endpoint, a token endpoint or a JWK Set (jwks_uri).',
      }
    return {
      ok: true,
      issuer: meta.issuer,
      authorizationEndpoint: meta.authorization_endpoint,
      tokenEndpoint: meta.token_endpoint,
      userinfoEndpoint: meta.userinfo_endpoint ?? null,
      jwksUri: meta.jwks_uri,
      scopesSupported: stringList(meta.scopes_supported),
      claimsSupported: stringList(meta.claims_supported),
    }
  } catch (error) {
    return { ok: false, message: discoveryFailure(error, issuer, timeoutMs) }
  }
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

function discoveryFailure(error: unknown, issuer: string, timeoutMs: number): string {
  const where = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  if (isTimeout(error))
    return `The provider did not answer within ${Math.round(timeoutMs / 1000)} s (${where}).`
  const code = codeOf(error)
  if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN')
    return 'The issuer must use https (plain http is only accepted for this machine, 127.0.0.1 or localhost).'
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    const status = statusOf(error)
    return `The provider answered HTTP ${status ?? 'error'} for ${where}.`
  }
  if (code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_PARSE_ERROR')
    return `The provider’s answer at ${where} is not a JSON discovery document.`
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return 'The discovery document names another issuer than this URL (issuer mismatch): use the exact issuer the provider gives.'
  if (code === 'OAUTH_INVALID_RESPONSE') return `The provider’s discovery document at ${where} is not valid.`
  if (isNetworkFailure(error)) return `The provider could not be reached at ${where}.`
  return `Discovery failed: ${error instanceof Error ? error.message : String(error)}.`
}

function* chain(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; current && depth < 6; depth++) {
    yield current
    current = (current as { cause?: unknown }).cause
  }
}

function codeOf(error: unknown): string | undefined {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('OAUTH_')) return code
  }
  return undefined
}

function statusOf(error: unknown): number | undefined {
  for (const link of chain(error)) {
    if (link instanceof Response) return link.status
    const status = (link as { status?: unknown }).status
    if (typeof status === 'number') return status
  }
  return undefined
}

export function isTimeout(error: unknown): boolean {
  for (const link of chain(error)) {
    if (link instanceof ProviderTimeout) return true
    const name = (link as { name?: unknown }).name
    if (name === 'TimeoutError' || name === 'AbortError') return true
  }
  return false
}

const NETWORK_CODES = new Set([
  'ConnectionRefused',
  'ConnectionClosed',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'FailedToOpenSocket',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
])

export function isNetworkFailure(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true
    if (link instanceof TypeError && /fetch failed|unable to connect|network/i.test(link.message)) return true
  }
  return false
}

/**
 * Whether a failed step means the provider could not be reached or did not answer properly
 * (`unavailable`) rather than answered something that failed verification (`invalid`).
 */
export function isUnavailable(error: unknown): boolean {
  if (isTimeout(error) || isNetworkFailure(error)) return true
  const code = codeOf(error)
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_BODY_ERROR') {
    const status = statusOf(error)
    return status !== undefined && status >= 500
  }
  for (const link of chain(error)) {
    if (link instanceof client.ResponseBodyError && link.status >= 500) return true
  }
  return false
}
