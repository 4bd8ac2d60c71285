import type { ImpersonationEndReason, ImpersonationReason, ImpersonationRow } from '../../db/schema'
import type { Actor, Credential } from '../access/actor'
import { type RequestOrigin, recordAudit } from '../access/audit'
import { announceEnded, impersonationData } from '../access/support-access'
import { type EndScope, endImpersonations } from '../access/support-access-data'
import { auditTrailFor } from '../admin/audit/audit-data'
import { assertAdmin } from '../admin/users/users-data'
import { resolveActor } from '../auth/actor'
import { type SessionUser, validateSessionToken } from '../auth/session'
import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import {
  accessLogFor,
  findImpersonation,
  findPerson,
  insertImpersonation,
  listImpersonations,
  REASON_CODES,
} from './impersonation-data'
import { accessStartedMail } from './mail'

/* Support access (docs/decisions/117-support-access.md). */

export const MIN_MINUTES = 15
export const MAX_MINUTES = 240
export const DEFAULT_MINUTES = 60

export { REASON_CODES }

type AdminActor = { actor: Actor; user: SessionUser }

export interface StartInput {
  targetUserId: string
  reasonCode: string
  caseNumber: string
  durationMinutes?: number
  note?: string | null
}

/** Field checks with the field named, as the issue asks (400 for each). */
function validateStart(input: StartInput) {
  const reasonCode = input.reasonCode
  if (!REASON_CODES.includes(reasonCode as ImpersonationReason))
    throw new AppError('bad_request:reason_code', `reasonCode must be one of ${REASON_CODES.join(', ')}`)
  const caseNumber = (input.caseNumber ?? '').trim()
  if (!caseNumber) throw new AppError('bad_request:case_number', 'caseNumber is required')
  if (caseNumber.length > 100)
    throw new AppError('bad_request:case_number', 'caseNumber must be at most 100 characters')
  const durationMinutes = input.durationMinutes ?? DEFAULT_MINUTES
  if (!Number.isInteger(durationMinutes) || durationMinutes < MIN_MINUTES || durationMinutes > MAX_MINUTES)
    throw new AppError(
      'bad_request:duration_minutes',
      `durationMinutes must be a whole number between ${MIN_MINUTES} and ${MAX_MINUTES}`,
    )
  const note = input.note?.trim() || null
  if (note && note.length > 2000)
    throw new AppError('bad_request:note', 'note must be at most 2000 characters')
  return { reasonCode: reasonCode as ImpersonationReason, caseNumber, durationMinutes, note }
}

/**
 * Opens a target's account for an administrator: a new session acting as the target until the
 * expiry. The admin's own session is left as it is (the browser parks its token, see the route).
 */
export async function startImpersonation(
  ctx: AppContext,
  admin: AdminActor,
  input: StartInput,
  origin: RequestOrigin,
) {
  assertAdmin(admin.actor)
  const fields = validateStart(input)
  const targetId = String(input.targetUserId ?? '')
  const target = isUuid(targetId) ? await findPerson(ctx.db, targetId.toLowerCase()) : undefined
  if (!target) throw new AppError('not_found:user', 'User not found')
  if (target.id === admin.actor.realUserId)
    throw new AppError('forbidden:impersonate_self', 'You cannot impersonate yourself')
  if (target.role === 'admin')
    throw new AppError('forbidden:impersonate_admin', 'Administrators cannot be impersonated')
  if (target.isBanned) throw new AppError('conflict:user_banned', 'A banned account cannot be opened')
  const now = ctx.now()
  const started = await insertImpersonation(ctx.db, {
    adminId: admin.actor.realUserId,
    adminEmail: admin.user.email,
    adminName: admin.user.fullName || null,
    adminSessionId: admin.actor.sessionId,
    targetId: target.id,
    ...fields,
    startedAt: now,
    expiresAt: new Date(now.getTime() + fields.durationMinutes * 60_000),
  })
  await recordAudit(
    ctx,
    { ...admin.actor, email: admin.user.email },
    {
      action: 'impersonation.start',
      targetType: 'user',
      targetId: target.id,
      details: {
        email: target.email,
        impersonationId: started.impersonation.id,
        reasonCode: fields.reasonCode,
        caseNumber: fields.caseNumber,
        durationMinutes: fields.durationMinutes,
        note: fields.note,
      },
    },
    origin,
  )
  ctx.realtime.toAdmins('impersonations:changed', { id: started.impersonation.id, change: 'started' })
  // The person whose account was opened hears of it (when they get mail at all); a mail failure
  // does not stop the support work, it is logged.
  if (target.notificationsEnabled) {
    try {
      await ctx.mailer.send(accessStartedMail(ctx.config, target, started.impersonation))
    } catch (error) {
      ctx.log.warn('support access mail failed', { error, impersonationId: started.impersonation.id })
    }
  }
  return {
    ...started,
    data: impersonationData(
      {
        id: started.impersonation.id,
        adminId: admin.actor.realUserId,
        adminEmail: admin.user.email,
        adminName: admin.user.fullName,
        reasonCode: fields.reasonCode,
        caseNumber: fields.caseNumber,
        startedAt: started.impersonation.startedAt,
        expiresAt: started.impersonation.expiresAt,
      },
      { id: target.id, email: target.email, fullName: target.fullName },
    ),
  }
}

/** Ends impersonations (a ban, a demotion, a deletion); pass the transaction, announce after commit. */
export function endImpersonationsIn(
  db: AppContext['db'],
  now: Date,
  scope: EndScope,
  reason: ImpersonationEndReason,
  endedById: string | null = null,
) {
  return endImpersonations(db, scope, reason, now, endedById)
}

/**
 * `DELETE /api/impersonation`: ends the caller's support access (if it still runs) and answers the
 * admin's own session token to restore (the parked cookie), when that session is still valid.
 * Works after the access already ended (expiry, a ban), so the browser can always get back.
 */
export async function stopImpersonation(
  ctx: AppContext,
  credential: Credential | null,
  parkedToken: string | null,
  origin: RequestOrigin,
) {
  let stopped = false
  if (credential) {
    const auth = await resolveActor(ctx, credential).catch((error) => {
      if (error instanceof AppError && error.status === 401) return null
      throw error
    })
    if (auth?.actor.impersonation) {
      const ended = await endImpersonations(ctx.db, { id: auth.actor.impersonation.id }, 'stopped', ctx.now())
      await recordAudit(
        ctx,
        { ...auth.actor, email: auth.actor.impersonation.adminEmail },
        {
          action: 'impersonation.stop',
          targetType: 'user',
          targetId: auth.actor.userId,
          details: { impersonationId: auth.actor.impersonation.id, email: auth.user.email },
        },
        origin,
      )
      announceEnded(ctx, ended, 'stopped')
      stopped = true
    } else if (auth) {
      // An ordinary session (signed in again since): it stays; a stale parked token is not swapped in.
      throw new AppError('not_found:impersonation', 'No support access to stop')
    }
  }
  let restored: { token: string; expiresAt: Date } | null = null
  if (parkedToken) {
    const own = await validateSessionToken(ctx.db, parkedToken, ctx.now())
    if (own && !own.session.impersonationId)
      restored = { token: parkedToken, expiresAt: own.session.expiresAt }
  }
  if (!stopped && !restored) throw new AppError('unauthorized', 'No active session')
  return { stopped, restored }
}

function toListItem(
  row: { impersonation: ImpersonationRow; targetEmail: string; targetName: string },
  writes: Map<string, number>,
) {
  const { impersonation: imp } = row
  return {
    id: imp.id,
    admin: { id: imp.adminId, email: imp.adminEmail, name: imp.adminName },
    target: { id: imp.targetId, email: row.targetEmail, name: row.targetName },
    reasonCode: imp.reasonCode,
    caseNumber: imp.caseNumber,
    note: imp.note,
    durationMinutes: imp.durationMinutes,
    startedAt: imp.startedAt,
    expiresAt: imp.expiresAt,
    endedAt: imp.endedAt,
    endReason: imp.endReason,
    /** The writes made during it (audit entries `impersonation.write`); the list: /:id/actions. */
    writeCount: writes.get(imp.id) ?? 0,
  }
}

/** The admin area's monitoring: active accesses and the latest ended ones. */
export async function listForAdmin(ctx: AppContext, actor: Actor) {
  assertAdmin(actor)
  const [active, history] = await Promise.all([
    listImpersonations(ctx.db, { active: true, limit: 200 }),
    listImpersonations(ctx.db, { active: false, limit: 100 }),
  ])
  const writes = await auditTrailFor(ctx.db, actor).writeCounts(
    [...active, ...history].map((row) => row.impersonation.id),
  )
  return {
    active: active.map((row) => toListItem(row, writes)),
    history: history.map((row) => toListItem(row, writes)),
    now: ctx.now(),
  }
}

/** At most this many entries of one access are listed (its start, its writes, its end). */
const MAX_ACTIONS = 500

/**
 * What was done during one support access, from the audit trail (oldest first): the start, every
 * write made in it (with the route it went to), and how it was stopped or ended.
 */
export async function actionsOf(ctx: AppContext, actor: Actor, id: string) {
  assertAdmin(actor)
  const row = isUuid(id) ? await findImpersonation(ctx.db, id.toLowerCase()) : undefined
  if (!row) throw new AppError('not_found:impersonation', 'Support access not found')
  const items = await auditTrailFor(ctx.db, actor).forImpersonation(row.id, MAX_ACTIONS + 1)
  return { items: items.slice(0, MAX_ACTIONS), truncated: items.length > MAX_ACTIONS }
}

/** Another administrator ends an access (monitoring). */
export async function endByAdmin(ctx: AppContext, admin: AdminActor, id: string, origin: RequestOrigin) {
  assertAdmin(admin.actor)
  const row = isUuid(id) ? await findImpersonation(ctx.db, id.toLowerCase()) : undefined
  if (!row) throw new AppError('not_found:impersonation', 'Support access not found')
  if (row.endedAt) throw new AppError('conflict:impersonation_ended', 'This support access has already ended')
  const ended = await endImpersonations(
    ctx.db,
    { id: row.id },
    'ended_by_admin',
    ctx.now(),
    admin.actor.realUserId,
  )
  if (!ended.length)
    throw new AppError('conflict:impersonation_ended', 'This support access has already ended')
  await recordAudit(
    ctx,
    { ...admin.actor, email: admin.user.email },
    {
      action: 'impersonation.end',
      targetType: 'user',
      targetId: row.targetId,
      details: { impersonationId: row.id, adminEmail: row.adminEmail },
    },
    origin,
  )
  announceEnded(ctx, ended, 'ended_by_admin')
}

/** The accesses to the caller's account ('Account access' in Account Settings). */
export async function accessLog(ctx: AppContext, actor: Actor) {
  const rows = await accessLogFor(ctx.db, actor.userId)
  return {
    items: rows.map((row) => ({
      id: row.id,
      admin: { email: row.adminEmail, name: row.adminName },
      reasonCode: row.reasonCode,
      caseNumber: row.caseNumber,
      durationMinutes: row.durationMinutes,
      startedAt: row.startedAt,
      expiresAt: row.expiresAt,
      endedAt: row.endedAt,
      endReason: row.endReason,
    })),
    nextCursor: null,
  }
}
