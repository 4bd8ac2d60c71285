import type { ImpersonationEndReason, Session } from '../../db/schema'
import type { Actor, Authenticated, Credential } from '../access/actor'
import { announceEnded } from '../access/support-access'
import { endImpersonations, findSessionImpersonation } from '../access/support-access-data'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { noteUser } from '../http/request-log'
import { activityIsStale, noteActivity } from './activity-data'
import { hashToken, type SessionUser, validateSessionToken } from './session'

export type { Actor, Authenticated, Credential, Impersonation } from '../access/actor'

/** With `realtime`, an access this finds over is announced (its sockets cut, the admins told). */
type ResolveContext = Pick<AppContext, 'db' | 'now' | 'sessionCache'> & { realtime?: AppContext['realtime'] }

/**
 * The one place a credential becomes an actor: HTTP (the `auth` macro) and the socket.io
 * handshake both call it, so they cannot drift apart. Refuses with 401 when the session is
 * missing, expired or belongs to a banned account.
 */
export async function resolveActor(
  ctx: ResolveContext,
  credential: Credential | null,
): Promise<Authenticated> {
  if (!credential) throw new AppError('unauthorized', 'No active session')
  const now = ctx.now()
  const result = await lookUpSession(ctx, credential.token, now)
  if (!result) throw new AppError('unauthorized', 'No active session')
  const { user, session } = result
  if (session.impersonationId) return resolveImpersonation(ctx, user, session)
  if (activityIsStale(user.lastActiveAt, now)) {
    noteActivity(ctx.db, user.id, now)
    // A cached user must not ask again on every request until the cache is refreshed.
    user.lastActiveAt = now
  }
  const actor: Actor = {
    userId: user.id,
    realUserId: user.id,
    sessionId: session.id,
    role: user.role,
    impersonation: null,
  }
  return { actor, user, session }
}

/**
 * The session and its user: from the session cache when this process resolved it a moment ago
 * (src/auth/session-cache.ts; ordinary sessions only), else from the database.
 */
async function lookUpSession(ctx: Pick<AppContext, 'db' | 'sessionCache'>, token: string, now: Date) {
  const cache = ctx.sessionCache
  const cached = cache.get(hashToken(token))
  if (cached && now.getTime() < cached.session.expiresAt.getTime()) return cached
  const mark = cache.mark()
  const result = await validateSessionToken(ctx.db, token, now)
  if (result && !result.session.impersonationId) cache.set(mark, result.session, result.user)
  return result
}

export const IMPERSONATION_ENDED = 'Support access has ended'

/**
 * A support-access session (docs/decisions/117-support-access.md): the admin signed in, the target's
 * data is acted on. Checked on every request by the server's clock, and against the rights as they
 * are now: an expired or stopped access, an admin no longer admin or a banned target ends it here
 * (on whichever instance sees it first) and the request is refused.
 */
async function resolveImpersonation(
  ctx: ResolveContext,
  admin: SessionUser,
  session: Session,
): Promise<Authenticated> {
  const now = ctx.now()
  const found = await findSessionImpersonation(ctx.db, session.impersonationId!)
  const ended = () => new AppError('unauthorized:impersonation_ended', IMPERSONATION_ENDED)
  if (!found || found.impersonation.endedAt) throw ended()
  const { impersonation, target } = found
  const reason: ImpersonationEndReason | null =
    now.getTime() >= impersonation.expiresAt.getTime()
      ? 'expired'
      : admin.role !== 'admin'
        ? 'admin_demoted'
        : target.isBanned
          ? 'target_banned'
          : null
  if (reason) {
    const over = await endImpersonations(ctx.db, { id: impersonation.id }, reason, now)
    if (ctx.realtime) announceEnded({ realtime: ctx.realtime }, over, reason)
    throw ended()
  }
  const actor: Actor = {
    userId: target.id,
    realUserId: admin.id,
    sessionId: session.id,
    role: admin.role,
    impersonation: {
      id: impersonation.id,
      adminId: admin.id,
      adminEmail: admin.email,
      adminName: admin.fullName,
      reasonCode: impersonation.reasonCode,
      caseNumber: impersonation.caseNumber,
      startedAt: impersonation.startedAt,
      expiresAt: impersonation.expiresAt,
    },
  }
  return { actor, user: target, session }
}

/** For logs and request facts: the user acting, as seen by the access log. */
export function noteActor(request: Request, actor: Actor) {
  noteUser(request, actor.userId)
}

/**
 * An actor for work no request carries: a background job acting for the recorded user whose
 * data it processes (e.g. a reply that keeps streaming after the browser left). Named so that
 * a search for it lists every place that acts without a live session.
 */
export function actorForJob(user: { id: string; role?: 'admin' | 'user' }): Actor {
  return {
    userId: user.id,
    realUserId: user.id,
    sessionId: '',
    role: user.role ?? 'user',
    impersonation: null,
  }
}
