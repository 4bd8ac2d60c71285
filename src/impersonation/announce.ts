import type { ImpersonationEndReason } from '../../db/schema'
import type { Realtime } from '../context'
import type { EndedImpersonation } from './impersonation-data'

/**
 * After an end is committed (whoever ended it: stop, sign-out, expiry, another admin, a ban, a
 * demotion, a deletion, a request that found it over): the support sessions hear
 * `impersonation:ended` and their sockets are cut, and the administrators' monitoring lists hear
 * `impersonations:changed`.
 */
export function announceEnded(
  ctx: { realtime: Pick<Realtime, 'toSession' | 'endSessions' | 'toAdmins'> },
  ended: EndedImpersonation[],
  reason: ImpersonationEndReason,
) {
  const sessionIds = ended.flatMap((row) => row.sessionIds)
  for (const sessionId of sessionIds) ctx.realtime.toSession(sessionId, 'impersonation:ended', { reason })
  ctx.realtime.endSessions(sessionIds)
  for (const row of ended) ctx.realtime.toAdmins('impersonations:changed', { id: row.id, change: 'ended' })
}
