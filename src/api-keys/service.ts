import { randomBytes } from 'node:crypto'
import type { ApiKey } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { hashToken } from '../auth/session'
import { microsToDollars, parseDollars } from '../budget/money'
import { periodStarts } from '../budget/periods'
import { getOrgBudget } from '../budget/service'
import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import { groupIdsOf } from '../groups/membership'
import { AppError } from '../http/errors'
import { API_KEY_PREFIX, apiAccessOf, forgetKey } from './authenticate'
import { type ApiKeyRow, keysOf } from './keys-data'
import type { ApiKeyJson, CreateKeyBody } from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>

/** How many characters after `pk-` the lists show. */
const SHOWN_CHARS = 8
/** No one needs more; a runaway script creating keys stops here. */
export const MAX_KEYS_PER_PERSON = 50
const MAX_LIMIT_DOLLARS = 1_000_000_000

export const KEY_NOT_FOUND = 'API key not found'

export function toKeyJson(row: Omit<ApiKeyRow, 'spendMicros'> & { spendMicros?: number }): ApiKeyJson {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.prefix}`,
    scopes: row.scopes,
    monthlyLimit: row.monthlyLimitMicros === null ? null : microsToDollars(row.monthlyLimitMicros),
    spendThisMonth: microsToDollars(row.spendMicros ?? 0),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

/** When the organisation's budget month began (its time zone), for the keys' spend. */
export async function budgetMonthStart(ctx: Ctx): Promise<Date> {
  const { timeZone } = await getOrgBudget(ctx)
  return periodStarts(ctx.now(), timeZone).month
}

/**
 * The keys' own routes say why the API is closed to this person (off, or not for their groups), so
 * Settings can show it instead of a list of keys that would not work.
 */
async function requireOpenApi(ctx: Ctx, actor: Actor): Promise<void> {
  const access = await apiAccessOf(ctx)
  if (!access.enabled) throw new AppError('forbidden:api_off', 'The API is turned off on this server')
  if (access.groups.length === 0) return
  const mine = await groupIdsOf(ctx.db, actor.userId)
  if (!mine.some((id) => access.groups.includes(id)))
    throw new AppError('forbidden:api_groups', 'Your groups do not have access to the API')
}

export async function listKeys(ctx: Ctx, actor: Actor): Promise<{ items: ApiKeyJson[] }> {
  await requireOpenApi(ctx, actor)
  const rows = await keysOf(ctx.db, actor.userId).list(await budgetMonthStart(ctx))
  return { items: rows.map(toKeyJson) }
}

/**
 * Makes a key: `pk-` and 32 random bytes (256 bits) in base64url, answered here once and stored
 * only as its SHA-256 (as sessions are), with its first characters for the lists.
 */
export async function createKey(
  ctx: Ctx,
  actor: Actor,
  body: CreateKeyBody,
): Promise<ApiKeyJson & { key: string }> {
  await requireOpenApi(ctx, actor)
  const name = body.name.trim()
  if (!name || name.length > 100)
    throw new AppError('bad_request:name', 'name must be text of 1 to 100 characters')
  const scopes = [...new Set(body.scopes)]
  const expiresAt = parseExpiry(ctx, body.expiresAt)
  const monthlyLimitMicros = parseLimit(body.monthlyLimit)
  const keys = keysOf(ctx.db, actor.userId)
  const live = (await keys.list(new Date(0))).filter((row) => !row.revokedAt)
  if (live.length >= MAX_KEYS_PER_PERSON)
    throw new AppError('conflict:api_keys', `At most ${MAX_KEYS_PER_PERSON} keys: revoke one first`)
  const secret = randomBytes(32).toString('base64url')
  const key = `${API_KEY_PREFIX}${secret}`
  const row: ApiKey = await keys.insert({
    name,
    keyHash: hashToken(key),
    prefix: secret.slice(0, SHOWN_CHARS),
    scopes,
    monthlyLimitMicros,
    expiresAt,
    createdAt: ctx.now(),
  })
  return { ...toKeyJson({ ...row, spendMicros: 0 }), key }
}

/** Revokes one of the person's keys; it stops working on this instance at once, elsewhere within a second. */
export async function revokeKey(ctx: Ctx, actor: Actor, id: string): Promise<ApiKeyJson> {
  if (!isUuid(id)) throw new AppError('not_found:api_key', KEY_NOT_FOUND)
  const row = await keysOf(ctx.db, actor.userId).revoke(id, ctx.now())
  if (!row) throw new AppError('not_found:api_key', KEY_NOT_FOUND)
  forgetKey(ctx, row.keyHash)
  return toKeyJson(row)
}

function parseExpiry(ctx: Ctx, value: string | null | undefined): Date | null {
  if (value === undefined || value === null) return null
  // An ISO date or date-time, as JSON writes them; Date.parse alone takes far more.
  if (!/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/.test(value))
    throw new AppError('bad_request:expires_at', 'expiresAt must be an ISO date, or null')
  const at = new Date(value)
  if (Number.isNaN(at.getTime()))
    throw new AppError('bad_request:expires_at', 'expiresAt must be an ISO date, or null')
  if (at.getTime() <= ctx.now().getTime())
    throw new AppError('bad_request:expires_at', 'expiresAt must be in the future')
  return at
}

function parseLimit(value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null
  const micros =
    Number.isFinite(value) && value >= 0 && value <= MAX_LIMIT_DOLLARS ? parseDollars(String(value)) : null
  if (micros === null)
    throw new AppError(
      'bad_request:monthly_limit',
      'monthlyLimit must be a dollar amount from 0 with at most six decimals, or null',
    )
  return micros
}
