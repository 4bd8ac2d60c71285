import { Elysia } from 'elysia'
import type { Access } from '../access/route-access'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { type Actor, type Authenticated, noteActor, resolveActor } from './actor'
import { readToken } from './session'
import { supportWriteAudit } from './write-audit'

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The `auth` macro: `{ auth: true }` on a route resolves the `actor` (src/auth/actor.ts), with the
 * effective `user` and the `session`, or answers 401.
 * `{ admin: true }` also requires the admin role. A cookie-authenticated mutation must come from
 * our own origin (CSRF defence, as in the Lucia guide); Bearer requests carry no ambient
 * credential and skip that check.
 *
 * Elysia validates the body, query and params before `resolve` runs, so each macro also checks its
 * access in `transform` (before validation); `accessGate` moves the check earlier still, before the
 * body is parsed and before every other transform. The session is looked up once per request.
 */
export const authGuard = (ctx: AppContext) =>
  new Elysia({ name: 'auth.guard' }).macro({
    auth: {
      transform: gateAt(ctx, 'auth'),
      async resolve({ request }) {
        return { ...(await admit(ctx, request, 'auth')) }
      },
      // Every write made while impersonating lands in the audit trail with both ids, by
      // construction rather than route by route, with the write itself (src/auth/write-audit.ts).
      ...supportWriteAudit(ctx),
    },
    admin: {
      transform: gateAt(ctx, 'admin'),
      async resolve({ request }) {
        return { ...(await admit(ctx, request, 'admin')) }
      },
    },
    /**
     * Account security (password, e-mail, deletion): like `auth`, but only the account's own person
     * may do it; an administrator acting as the user (support access) is refused.
     */
    accountSecurity: {
      transform: gateAt(ctx, 'accountSecurity'),
      async resolve({ request }) {
        return { ...(await admit(ctx, request, 'accountSecurity')) }
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

/** The session lookup of a request, shared by every check of it (parse, transform, resolve). */
const sessions = new WeakMap<Request, Promise<Authenticated>>()

/** The caller, once they passed `access`'s checks, in their order; throws the first refusal. */
export async function admit(ctx: AppContext, request: Request, access: Access): Promise<Authenticated> {
  let auth = sessions.get(request)
  if (!auth) {
    auth = authenticate(ctx, request)
    sessions.set(request, auth)
  }
  const found = await auth
  if (access === 'admin' && found.actor.role !== 'admin')
    throw new AppError('forbidden:admin', 'Admin access required')
  if (access !== 'auth') refuseWhileImpersonating(found.actor)
  return found
}

/** The macros' transform hooks, each named by the access it checks (read by `indexRouteAccess`). */
const accessOfHook = new WeakMap<object, Access>()

function gateAt(ctx: AppContext, access: Access) {
  const hook = async ({ request }: { request: Request }) => {
    await admit(ctx, request, access)
  }
  accessOfHook.set(hook, access)
  return hook
}

/**
 * Reads, from the composed app's routes, which ones use the `auth`, `admin` or `accountSecurity`
 * macro, for `accessGate`. Called once by createApp after every route is added.
 */
export function indexRouteAccess(
  ctx: Pick<AppContext, 'routeAccess'>,
  routes: readonly { method: string; path: string; hooks: Record<string, unknown> }[],
) {
  const index = ctx.routeAccess
  index.clear()
  for (const route of routes) {
    const hooks = [route.hooks.transform].flat() as ({ fn?: unknown } | ((...args: never) => unknown))[]
    for (const hook of hooks) {
      const fn = typeof hook === 'function' ? hook : hook?.fn
      const access = fn ? accessOfHook.get(fn) : undefined
      if (access) index.set(`${route.method} ${route.path}`, access)
    }
  }
}

/** The access a request's route asks for, or undefined (public routes, or before indexing). */
export function accessOfRoute(
  ctx: Pick<AppContext, 'routeAccess'>,
  method: string,
  route: string,
): Access | undefined {
  return ctx.routeAccess.get(`${method} ${route}`)
}

/**
 * The access check at the start of a request's route work, before every transform (the body's own
 * checks) and so before validation. Registered before http.base in src/app.ts; the macros' own
 * transform and resolve then find the answer already made.
 *
 * The body is parsed before any transform. Its size still comes first (413 while reading, decisions
 * 060 and 101: a transport limit, answered whoever asks), but what a stranger's body holds must
 * not: when parsing it failed otherwise (malformed JSON, a NUL, absurd nesting), the caller's
 * refusal is the answer if there is one.
 */
export const accessGate = (ctx: AppContext) =>
  new Elysia({ name: 'auth.access-gate' })
    .onTransform({ as: 'global' }, async ({ request, route }) => {
      const access = accessOfRoute(ctx, request.method, route)
      if (access) await admit(ctx, request, access)
    })
    .onError({ as: 'global' }, async ({ code, error, request, route, set }) => {
      if (code !== 'PARSE' || isTooLarge(error)) return
      const access = accessOfRoute(ctx, request.method, route)
      if (!access) return
      const refusal = await admit(ctx, request, access).then(
        () => null,
        (refused: unknown) => (refused instanceof AppError ? refused : null),
      )
      if (!refusal) return
      set.status = refusal.status
      return Response.json(
        { success: false, error: refusal.message, code: refusal.code },
        { status: refusal.status },
      )
    })

function isTooLarge(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof AppError && cause.code.startsWith('payload_too_large')
}

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
