import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { clientIp } from './client-ip'
import { admit } from './guard'

export const RATE_LIMITED = 'Too many requests. Please try again later.'

/**
 * What a counter keys on: the client IP, the e-mail address in the body, the signed-in account
 * (routes behind the `auth` macros), or several together.
 */
export type RateKeyPart = 'ip' | 'email' | 'user'
export interface RateRule {
  by: RateKeyPart[]
  /** Requests allowed per window; 0 turns the rule off. */
  limit: number
}
export interface RateLimitOptions {
  /** Names the counters, so that two routes never share one. */
  key: string
  rules: RateRule[]
}

/**
 * The usual pair of rules: one counter per client IP, and one per e-mail address, which counts
 * either the address alone or the address from that IP.
 */
export function perIpAndEmail(
  key: string,
  limits: { perIp: number; perEmail: number },
  emailCounter: 'address' | 'ip+address',
): RateLimitOptions {
  return {
    key,
    rules: [
      { by: ['ip'], limit: limits.perIp },
      { by: emailCounter === 'address' ? ['email'] : ['ip', 'email'], limit: limits.perEmail },
    ],
  }
}

/**
 * The current-password check (changing the password or the e-mail): limited like sign-in, with
 * sign-in's limits, per account whatever the IP (a stolen session may move between addresses) and
 * per IP. One counter for both routes, so alternating them gains no guesses.
 */
export function perUserAndIp(key: string, limits: { perIp: number; perEmail: number }): RateLimitOptions {
  return {
    key,
    rules: [
      { by: ['ip'], limit: limits.perIp },
      { by: ['user'], limit: limits.perEmail },
    ],
  }
}

interface Window {
  start: number
  current: number
  previous: number
}

/**
 * A sliding-window counter per key (the weighted two-window estimate): smoother than a fixed window,
 * which would let a client send twice the limit across a window boundary, and O(1) memory per key.
 * Counters live in this process only (docs/decisions/010-auth-rate-limits.md).
 */
export function createRateLimiter(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, Window>()
  let lastSweep = now()

  function windowOf(key: string, at: number): Window {
    const start = at - (at % windowMs)
    let entry = windows.get(key)
    if (!entry) {
      entry = { start, current: 0, previous: 0 }
      windows.set(key, entry)
    } else if (entry.start !== start) {
      entry.previous = start - entry.start === windowMs ? entry.current : 0
      entry.current = 0
      entry.start = start
    }
    return entry
  }

  /** Milliseconds until one more request fits under `limit`, or 0 when it fits now. */
  function waitFor(entry: Window, limit: number, at: number): number {
    const elapsed = (at - entry.start) / windowMs
    const estimate = entry.previous * (1 - elapsed) + entry.current
    if (estimate + 1 <= limit) return 0
    // The previous window's weight falls linearly; find when it has fallen enough.
    if (entry.current + 1 <= limit) {
      const neededElapsed = 1 - (limit - 1 - entry.current) / entry.previous
      return Math.max(1, Math.ceil((neededElapsed - elapsed) * windowMs))
    }
    // Full already in this window: wait for the next one, where this window's count weighs in.
    const nextWindowWait = entry.start + windowMs - at
    return nextWindowWait + Math.ceil(Math.max(0, 1 - (limit - 1) / entry.current) * windowMs)
  }

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return
    lastSweep = at
    for (const [key, entry] of windows) if (at - entry.start >= 2 * windowMs) windows.delete(key)
  }

  return {
    /**
     * Counts one request against every key, or none when any is over its limit; answers how long
     * to wait in that case. A refused request does not count, so waiting Retry-After is enough.
     */
    hit(checks: { key: string; limit: number }[]): { allowed: boolean; retryAfterMs: number } {
      const at = now()
      sweep(at)
      const entries = checks.map((check) => ({ ...check, entry: windowOf(check.key, at) }))
      const retryAfterMs = Math.max(0, ...entries.map(({ entry, limit }) => waitFor(entry, limit, at)))
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs }
      for (const { entry } of entries) entry.current += 1
      return { allowed: true, retryAfterMs: 0 }
    },
    get size() {
      return windows.size
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

const limiters = new WeakMap<AppContext, RateLimiter>()

/**
 * The `rateLimit` macro: `rateLimit: { key: 'login', rules: [{ by: ['ip'], limit: 30 }] }` on a
 * route answers 429 with Retry-After once a counter is full. It runs after body validation, so the
 * e-mail part of a key is the validated address, lower-cased; the user part is the signed-in
 * person (the route's access check has run by then and its session lookup is reused).
 */
export const rateLimit = (ctx: AppContext) => {
  let limiter = limiters.get(ctx)
  if (!limiter) {
    limiter = createRateLimiter(ctx.config.rateLimits.windowMs, () => ctx.now().getTime())
    limiters.set(ctx, limiter)
  }
  const counters = limiter
  return new Elysia({ name: 'auth.rate-limit' }).macro({
    rateLimit: (options: RateLimitOptions) => ({
      async beforeHandle({ request, server, body }) {
        const ip = clientIp(request, server, ctx.config.trustProxy)
        const email = emailOf(body)
        const userId = options.rules.some((rule) => rule.by.includes('user'))
          ? (await admit(ctx, request, 'auth')).actor.realUserId
          : undefined
        const value = { ip, email, user: userId }
        const checks = options.rules
          .filter((rule) => rule.limit > 0 && rule.by.every((part) => value[part] !== undefined))
          .map((rule) => ({
            key: [options.key, ...rule.by.map((part) => `${part}=${value[part]}`)].join('|'),
            limit: rule.limit,
          }))
        const { allowed, retryAfterMs } = counters.hit(checks)
        if (!allowed) {
          ctx.log.warn('rate limited', { key: options.key, ip })
          throw new AppError('rate_limited', RATE_LIMITED, {
            headers: { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
          })
        }
      },
    }),
  })
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined
}
