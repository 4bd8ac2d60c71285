import type { Actor } from '../auth/actor'
import { hashToken } from '../auth/session'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import type { AppContext } from '../context'
import { groupIdsOf } from '../groups/membership'
import { invalidApiKey, permissionDenied } from '../openai-api/errors'
import { CachedByKey } from '../ttl-cache'
import { apiKeyScopes, findKeyByHash, noteKeyUse } from './keys-data'

export type ApiKeyScope = (typeof apiKeyScopes)[number]

/** Every key starts with this; the rest is 32 random bytes in base64url (256 bits). */
export const API_KEY_PREFIX = 'pk-'

/**
 * How long an instance trusts a key lookup (the key, its owner's ban) and a person's groups. No
 * instance is told of a revocation, a ban or a deletion made on another: each sees it within this.
 */
export const KEY_CACHE_TTL_MS = 1_000
/** last_used_at is written at most this often per key: a busy key costs no write per call. */
export const LAST_USED_EVERY_MS = 60_000

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'orgSettings'>
type Found = Awaited<ReturnType<typeof findKeyByHash>>

interface KeyCaches {
  keys: CachedByKey<Found>
  groups: CachedByKey<string[]>
  /** When this instance last wrote each key's last_used_at. */
  noted: Map<string, number>
}

/** Per running app (its database handle): two apps in one test process keep their own. */
const cachesByApp = new WeakMap<object, KeyCaches>()

function cachesOf(ctx: Ctx): KeyCaches {
  let caches = cachesByApp.get(ctx.db)
  if (!caches) {
    caches = {
      keys: new CachedByKey(KEY_CACHE_TTL_MS, 10_000),
      groups: new CachedByKey(KEY_CACHE_TTL_MS, 10_000),
      noted: new Map(),
    }
    cachesByApp.set(ctx.db, caches)
  }
  return caches
}

/** This instance's changes show at once here (a revocation, the API switched off); others within the TTL. */
export function forgetKey(ctx: Ctx, keyHash?: string): void {
  const caches = cachesOf(ctx)
  if (keyHash) caches.keys.forget(keyHash)
  else cachesByApp.delete(ctx.db)
}

export interface KeyHolder {
  keyId: string
  scopes: ApiKeyScope[]
  monthlyLimitMicros: number | null
  /** The key's person, acting for themself (never support access). */
  actor: Actor
  email: string
}

const INVALID = 'Incorrect API key provided. You can find your API keys in Parley under Settings › API keys.'

/**
 * A /v1 request's key: only `Authorization: Bearer pk-…`, from a script or tool, never a browser.
 * Refused: a key in the query string, a session cookie, an Origin header (a page in a browser: the
 * key would sit in its JavaScript, and the cookie would ride along), a missing, unknown, revoked or
 * expired key, a banned person's key (401); the API switched off for everyone or outside the
 * person's groups (403). The lookup is cached KEY_CACHE_TTL_MS per key hash.
 */
export async function authenticateKey(ctx: Ctx, request: Request): Promise<KeyHolder> {
  const url = new URL(request.url)
  if (url.searchParams.has('api_key') || url.searchParams.has('key'))
    throw invalidApiKey(
      'API keys are not accepted in the query string: send it as "Authorization: Bearer pk-…"',
    )
  if (request.headers.has('origin'))
    throw permissionDenied(
      'Requests from a browser (with an Origin header) are refused: call the API from a server or a script',
    )
  if (/(?:^|;\s*)parley_session=/.test(request.headers.get('cookie') ?? ''))
    throw permissionDenied(
      'Session cookies are not accepted here: send an API key as "Authorization: Bearer pk-…"',
    )
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  if (!match) throw invalidApiKey('You did not provide an API key: send it as "Authorization: Bearer pk-…"')
  const token = match[1]!
  if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) throw invalidApiKey(INVALID)
  const keyHash = hashToken(token)
  const caches = cachesOf(ctx)
  const found = await caches.keys.get(keyHash, () => findKeyByHash(ctx.db, keyHash))
  const now = ctx.now()
  if (!found || found.user.isBanned) throw invalidApiKey(INVALID)
  const { key, user } = found
  if (key.revokedAt) throw invalidApiKey('This API key has been revoked')
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime())
    throw invalidApiKey('This API key has expired')
  await requireApiAccess(ctx, user.id)
  noteUse(ctx, caches, key.id, key.lastUsedAt, now)
  return {
    keyId: key.id,
    scopes: key.scopes.filter((scope): scope is ApiKeyScope =>
      (apiKeyScopes as readonly string[]).includes(scope),
    ),
    monthlyLimitMicros: key.monthlyLimitMicros,
    email: user.email,
    actor: { userId: user.id, realUserId: user.id, sessionId: '', role: user.role, impersonation: null },
  }
}

/** The organisation's switch: its setting ?? API_KEYS; its groups (none: everyone). */
export async function apiAccessOf(ctx: Pick<Ctx, 'db' | 'config' | 'orgSettings'>) {
  const org = await ctx.orgSettings.get(() => readOrgSettingsRow(ctx.db))
  return { enabled: org?.apiEnabled ?? ctx.config.apiKeys, groups: org?.apiGroups ?? [] }
}

async function requireApiAccess(ctx: Ctx, userId: string): Promise<void> {
  const access = await apiAccessOf(ctx)
  if (!access.enabled) throw permissionDenied('The API is turned off on this server')
  if (access.groups.length === 0) return
  const mine = await cachesOf(ctx).groups.get(userId, () => groupIdsOf(ctx.db, userId))
  if (!mine.some((id) => access.groups.includes(id)))
    throw permissionDenied('Your groups do not have access to the API')
}

function noteUse(ctx: Ctx, caches: KeyCaches, keyId: string, stored: Date | null, now: Date): void {
  const last = caches.noted.get(keyId) ?? stored?.getTime() ?? 0
  if (now.getTime() - last < LAST_USED_EVERY_MS) return
  caches.noted.set(keyId, now.getTime())
  // Bounded by the number of keys in use; a forgotten entry only means one more write.
  if (caches.noted.size > 10_000) caches.noted.clear()
  void noteKeyUse(ctx.db, keyId, now).catch(() => caches.noted.delete(keyId))
}

/** The caller's scope, or 403 naming it. */
export function requireScope(holder: KeyHolder, scope: ApiKeyScope): void {
  if (!holder.scopes.includes(scope))
    throw permissionDenied(`This API key does not have the '${scope}' scope`)
}
