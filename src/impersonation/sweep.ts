import { announceEnded } from '../access/support-access'
import { endImpersonations } from '../access/support-access-data'
import type { AppContext } from '../context'
import { repeatEvery } from '../jobs/repeat'
import { EXPIRING_WINDOW_MAX_MS, isExpiringSoon } from './expiring'
import { claimExpiring } from './impersonation-data'

/** How often each instance looks for accesses about to end or past their end. */
export const IMPERSONATION_SWEEP_MS = 5000

/**
 * One pass: warns the support sessions that have just become 'expiring soon' (`impersonation:expiring`,
 * by the rule the banner turns red by: src/impersonation/expiring.ts) and ends the ones past their
 * expiry (`impersonation:ended`, then their sockets are cut). Both are claimed with a conditional
 * UPDATE, so with several instances on one database each access is warned and ended once. Requests
 * never wait for this: resolveActor refuses an expired access by itself.
 */
export async function sweepImpersonations(ctx: Pick<AppContext, 'db' | 'now' | 'realtime'>) {
  const now = ctx.now()
  const expiring = await claimExpiring(
    ctx.db,
    now,
    new Date(now.getTime() + EXPIRING_WINDOW_MAX_MS),
    (access) => isExpiringSoon(access, now.getTime()),
  )
  for (const row of expiring)
    for (const sessionId of row.sessionIds)
      ctx.realtime.toSession(sessionId, 'impersonation:expiring', { expiresAt: row.expiresAt.toISOString() })
  const ended = await endImpersonations(ctx.db, { expiredAt: now }, 'expired', now)
  announceEnded(ctx, ended, 'expired')
  return { warned: expiring.length, ended: ended.length }
}

/** The sweep on a timer (started with the realtime server); a pass never overlaps the previous one. */
export function startImpersonationSweep(
  ctx: Pick<AppContext, 'db' | 'now' | 'realtime' | 'log'>,
  everyMs = IMPERSONATION_SWEEP_MS,
) {
  return repeatEvery(
    everyMs,
    () => sweepImpersonations(ctx),
    (error) => ctx.log.warn('impersonation sweep failed', { error }),
  )
}
