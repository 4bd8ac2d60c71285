import type { KeyHolder } from '../api-keys/authenticate'
import {
  keyReservedMicros,
  keySpendSince,
  lockKeyForLimit,
  releaseKeyReservation,
  reserveOnKey,
} from '../api-keys/keys-data'
import { budgetMonthStart } from '../api-keys/service'
import { createRateLimiter, type RateLimiter } from '../auth/rate-limiter'
import type { Micros } from '../budget/money'
import { reservationTtlMs } from '../budget/service'
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

/** A call admitted under its key's monthly limit, counted until `release` (after its usage is recorded). */
export interface KeyHold {
  release(): Promise<void>
}

const NOTHING_HELD: KeyHold = { release: async () => undefined }

/**
 * The key's own monthly limit: refused (429 `insufficient_quota`) when its spend this budget month
 * plus what its calls in flight have reserved reaches the limit, before the provider is called.
 * Otherwise the call's worst-case cost is reserved on the key until its real cost is recorded, so
 * that calls running at once on any instance cannot pass the limit together (as the person's
 * budget counts its reservations, docs/decisions/043).
 */
export async function reserveKeyLimit(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>,
  holder: KeyHolder,
  estimateMicros: Micros,
): Promise<KeyHold> {
  const limit = holder.monthlyLimitMicros
  if (limit === null) return NOTHING_HELD
  const month = await budgetMonthStart(ctx)
  const now = ctx.now()
  const id = await ctx.db.transaction(async (tx) => {
    await lockKeyForLimit(tx, holder.keyId)
    const spent = await keySpendSince(tx, holder.keyId, month)
    const reserved = await keyReservedMicros(tx, holder.keyId, now)
    if (spent + reserved >= limit)
      throw insufficientQuota(
        "This API key's monthly limit is reached. It resets at the start of next month.",
      )
    return reserveOnKey(
      tx,
      holder.keyId,
      estimateMicros,
      new Date(now.getTime() + reservationTtlMs(ctx.config)),
    )
  })
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      try {
        await releaseKeyReservation(ctx.db, id)
      } catch (error) {
        // It stops counting when it expires.
        ctx.log.warn('could not release an API key reservation', { keyId: holder.keyId, error })
      }
    },
  }
}
