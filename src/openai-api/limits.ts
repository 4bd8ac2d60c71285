import type { KeyHolder } from '../api-keys/authenticate'
import { keySpendSince } from '../api-keys/keys-data'
import { budgetMonthStart } from '../api-keys/service'
import { createRateLimiter, type RateLimiter } from '../auth/rate-limiter'
import type { AppContext } from '../context'
import { insufficientQuota, rateLimited } from './errors'

const limiters = new WeakMap<object, RateLimiter>()

/**
 * API_KEY_RATE_LIMIT calls per minute per key, counted by this instance (as the sign-in limits
 * are: docs/decisions/010); 429 `rate_limit_exceeded` with Retry-After past it.
 */
export function requireRate(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, holder: KeyHolder): void {
  const limit = ctx.config.apiKeyRateLimit
  if (limit === 0) return
  let limiter = limiters.get(ctx.db)
  if (!limiter) {
    limiter = createRateLimiter(60_000, () => ctx.now().getTime())
    limiters.set(ctx.db, limiter)
  }
  const { allowed, retryAfterMs } = limiter.hit([{ key: holder.keyId, limit }])
  if (!allowed) throw rateLimited(retryAfterMs)
}

/**
 * The key's own monthly limit: refused (429 `insufficient_quota`) once its spend this budget month
 * reached it. Checked before the provider is called; calls already running may pass it by their cost.
 */
export async function requireKeyLimit(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>,
  holder: KeyHolder,
): Promise<void> {
  if (holder.monthlyLimitMicros === null) return
  const spent = await keySpendSince(ctx.db, holder.keyId, await budgetMonthStart(ctx))
  if (spent >= holder.monthlyLimitMicros)
    throw insufficientQuota("This API key's monthly limit is reached. It resets at the start of next month.")
}
