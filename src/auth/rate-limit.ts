import { Elysia } from 'elysia'
import { clientIp } from '../access/client-ip'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
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

/**
 * The `rateLimit` macro: `rateLimit: { key: 'login', rules: [{ by: ['ip'], limit: 30 }] }` on a
 * route answers 429 with Retry-After once a counter is full. It runs after body validation, so the
 * e-mail part of a key is the validated address, lower-cased; the user part is the signed-in
 * person (the route's access check has run by then and its session lookup is reused).
 */
export const rateLimit = (ctx: AppContext) => {
  const counters = ctx.rateLimiter
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
