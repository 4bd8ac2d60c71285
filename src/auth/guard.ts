import { Elysia } from 'elysia'
import { recordAudit } from '../admin/audit'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { type Actor, noteActor, resolveActor } from './actor'
import { readToken } from './session'

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The `auth` macro: `{ auth: true }` on a route resolves the `actor` (src/auth/actor.ts), with the
 * effective `user` and the `session`, or answers 401.
 * `{ admin: true }` also requires the admin role. A cookie-authenticated mutation must come from
 * our own origin (CSRF defence, as in the Lucia guide); Bearer requests carry no ambient
 * credential and skip that check.
 */
export const authGuard = (ctx: AppContext) =>
  new Elysia({ name: 'auth.guard' }).macro({
    auth: {
      async resolve({ request }) {
        return { ...(await authenticate(ctx, request)) }
      },
      /**
       * Every write made while impersonating lands in the audit trail with both ids (the admin as
       * actor, the target as `acting_as_id`), by construction rather than route by route. After the
       * handler succeeded: a refused or failed write (thrown, or answered with a 4xx) changed
       * nothing and leaves no entry. Outside the handler's own transaction: decision 117 says why.
       */
      async afterHandle(context) {
        const { request, route, server, set } = context
        const actor = (context as { actor?: Actor }).actor
        if (!actor?.impersonation || !MUTATIONS.has(request.method)) return
        if (typeof set.status === 'number' && set.status >= 400) return
        await recordAudit(
          ctx,
          { ...actor, email: actor.impersonation.adminEmail },
          {
            action: 'impersonation.write',
            targetType: 'route',
            targetId: `${request.method} ${route}`,
            details: { path: new URL(request.url).pathname, impersonationId: actor.impersonation.id },
          },
          { request, server },
        )
      },
    },
    admin: {
      async resolve({ request }) {
        const auth = await authenticate(ctx, request)
        if (auth.actor.role !== 'admin') throw new AppError('forbidden:admin', 'Admin access required')
        refuseWhileImpersonating(auth.actor)
        return { ...auth }
      },
    },
    /**
     * Account security (password, e-mail, deletion): like `auth`, but only the account's own person
     * may do it; an administrator acting as the user (support access) is refused.
     */
    accountSecurity: {
      async resolve({ request }) {
        const auth = await authenticate(ctx, request)
        refuseWhileImpersonating(auth.actor)
        return { ...auth }
      },
    },
    /**
     * For the routes that act without a session (sign-in, sign-up, forgot-password): a page on
     * another site must not sign a visitor into an account of the attacker's (login CSRF) or make
     * them send mails. A browser always sends Origin with a POST; scripts and API clients send
     * none and are let through.
     */
    originIfPresent: {
      beforeHandle({ request }) {
        if (request.headers.has('origin') && !isSameOrigin(ctx, request)) {
          throw new AppError('forbidden:origin', 'Cross-site request refused')
        }
      },
    },
  })

export async function authenticate(ctx: AppContext, request: Request) {
  const credential = readToken(request)
  const auth = await resolveActor(ctx, credential)
  noteActor(request, auth.actor)
  if (credential?.via === 'cookie' && MUTATIONS.has(request.method) && !isSameOrigin(ctx, request)) {
    throw new AppError('forbidden:origin', 'Cross-site request refused')
  }
  return auth
}

/** True when the request's Origin is this server (its Host, or APP_URL behind a proxy). */
export function isSameOrigin(ctx: Pick<AppContext, 'config'>, request: Request): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  const host =
    request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host
  return isOurOrigin(ctx, origin, host)
}

/**
 * True when `origin` (an Origin header) names this server: the Host the request was sent to, or
 * APP_URL's host behind a proxy. Shared by REST (isSameOrigin) and the socket.io handshake.
 */
export function isOurOrigin(
  ctx: Pick<AppContext, 'config'>,
  origin: string,
  host: string | null | undefined,
) {
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false
  }
  return originHost === host || originHost === new URL(ctx.config.appUrl).host
}

/** Support access reads and writes the user's data, never their credentials or the admin area. */
export function refuseWhileImpersonating(actor: Actor) {
  if (actor.impersonation) {
    throw new AppError('forbidden:impersonating', 'Not available while acting as another user')
  }
}
