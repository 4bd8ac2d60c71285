import type { UserAgentSetting } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { agentSettingsFor } from './agents-data'
import type { AgentId } from './catalogue'

/**
 * A user's agent settings as a send reads them (enabled or not), kept briefly so the send hot path
 * pays no query in the steady state (docs/decisions/122, 124). A write on this instance drops the
 * entry at once; another instance sees it within the TTL. The calendar agent reads its row fresh
 * (its tokens change), see calendar-oauth.ts.
 */
const TTL_MS = 30_000
const MAX_USERS = 5000
const caches = new WeakMap<
  object,
  Map<string, { value: Promise<Map<AgentId, UserAgentSetting>>; readAt: number }>
>()

function cacheOf(ctx: Pick<AppContext, 'database'>) {
  let cache = caches.get(ctx.database)
  if (!cache) {
    cache = new Map()
    caches.set(ctx.database, cache)
  }
  return cache
}

export function forgetUserAgents(ctx: Pick<AppContext, 'database'>, userId: string) {
  cacheOf(ctx).delete(userId)
}

export async function userAgentSettings(
  ctx: Pick<AppContext, 'database' | 'db'>,
  actor: Actor,
): Promise<Map<AgentId, UserAgentSetting>> {
  const cache = cacheOf(ctx)
  const cached = cache.get(actor.userId)
  if (cached && performance.now() - cached.readAt < TTL_MS) return cached.value
  const value = agentSettingsFor(ctx.db, actor)
    .list()
    .then((rows) => new Map(rows.map((row) => [row.agentId, row])))
  const entry = { value, readAt: performance.now() }
  value.catch(() => {
    if (cache.get(actor.userId) === entry) cache.delete(actor.userId)
  })
  // Oldest first out: a Map keeps insertion order.
  cache.delete(actor.userId)
  if (cache.size >= MAX_USERS) cache.delete(cache.keys().next().value!)
  cache.set(actor.userId, entry)
  return value
}
