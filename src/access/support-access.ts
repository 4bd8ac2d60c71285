import type { ImpersonationEndReason } from '../../db/schema'
import type { Realtime } from '../context'
import type { Impersonation } from './actor'
import type { EndedImpersonation } from './support-access-data'

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

/** The spec's impersonation data ("Impersonation data") plus the acting admin, for the banner. */
export function impersonationData(
  impersonation: Impersonation,
  target: { id: string; email: string; fullName: string },
) {
  return {
    id: impersonation.id,
    targetUserId: target.id,
    targetUserName: target.fullName,
    targetUserEmail: target.email,
    accessDetails: {
      expires_at: impersonation.expiresAt.toISOString(),
      /** Not in the spec's data: with expires_at, when the banner turns red (decision 146). */
      started_at: impersonation.startedAt.toISOString(),
      reason_code: impersonation.reasonCode,
      case_number: impersonation.caseNumber,
    },
    actingAdmin: {
      id: impersonation.adminId,
      name: impersonation.adminName,
      email: impersonation.adminEmail,
    },
  }
}
export type ImpersonationData = ReturnType<typeof impersonationData>
