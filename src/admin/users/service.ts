import type { ImpersonationEndReason } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import { announceEnded } from '../../access/support-access'
import type { EndedImpersonation } from '../../access/support-access-data'
import type { Actor } from '../../auth/actor'
import { MAIL_TEXTS, type MailLanguage } from '../../auth/email-texts'
import { invitationMail } from '../../auth/emails'
import { isValidEmail } from '../../auth/model'
import { createAccount, requestPasswordReset } from '../../auth/service'
import { deleteSessions, endSessions, generateToken, type SessionUser } from '../../auth/session'
import { createAuthToken } from '../../auth/tokens'
import { microsToDollars } from '../../budget/money'
import { localDate, periodStarts, startOfLocalDay } from '../../budget/periods'
import { getOrgBudget } from '../../budget/service'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { endImpersonationsIn } from '../../impersonation/service'
import type { InvitationJson } from './model'
import { type AdminUserRow, adminUsersFor, type UserPosition, type UserSort } from './users-data'

/*
 * The admin area's user management (docs/decisions/110-admin-users-and-audit.md). Every change is
 * audited after it succeeded, inside the same transaction where there is one, so a change and its
 * entry commit together. Changes to who is an active admin (role, ban, deletion) are serialised by
 * one advisory lock: two admins editing at once cannot remove the last admin between them.
 */

export const USER_NOT_FOUND = 'User not found'
export const LAST_ADMIN =
  'This is the last active admin: make another user an admin before demoting, banning or deleting this one'
export const SELF_CHANGE = 'You cannot demote, ban or delete your own account'

/** The admin as the audit trail names them (their e-mail as it is now). */
type AdminActor = { actor: Actor; user: SessionUser }
const auditActor = ({ actor, user }: AdminActor) => ({ ...actor, email: user.email })

const ROLES = ['admin', 'user'] as const
const SORTS: readonly UserSort[] = ['created', 'last_active', 'spend']

function parseRole(value: string | undefined): 'admin' | 'user' | undefined {
  if (value === undefined) return undefined
  if (!ROLES.includes(value as 'admin')) throw new AppError('bad_request:role', 'role must be admin or user')
  return value as 'admin' | 'user'
}

export function parseLimit(value: string | undefined, fallback = 50, max = 100): number {
  if (value === undefined || value === '') return fallback
  const n = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN
  if (!(n >= 1 && n <= max))
    throw new AppError('bad_request:limit', `limit must be a whole number between 1 and ${max}`)
  return n
}

/** A timestamp key as the data layer writes it (microseconds, UTC), between 1970 and 9999. */
const STAMP = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
export function isStampKey(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = STAMP.exec(value)
  if (!match || Number(match[1]) < 1970) return false
  const date = new Date(`${value.slice(0, 23)}Z`)
  // Round-trips only when every field is in range (no 31 February, no hour 24).
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19)
}

export function encodeCursor(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url')
}

export function decodeCursorParts(cursor: string): unknown[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString())
    if (Array.isArray(parts)) return parts
  } catch {}
  throw new AppError('bad_request:cursor', 'Invalid cursor')
}

function decodeUserCursor(cursor: string, sort: UserSort): UserPosition {
  const [cursorSort, key, id] = decodeCursorParts(cursor)
  const keyOk =
    sort === 'spend'
      ? typeof key === 'string' && /^\d{1,18}$/.test(key)
      : isStampKey(key) || (sort === 'last_active' && key === null)
  if (cursorSort !== sort || !keyOk || !isUuid(id))
    throw new AppError(
      'bad_request:cursor',
      'Invalid cursor (it belongs to another sort order or was altered)',
    )
  return { key: key as string | null, id: id.toLowerCase() }
}

/** Today and this month in the organisation's time zone, as the budgets count them. */
async function periods(ctx: Parameters<typeof getOrgBudget>[0]) {
  const now = ctx.now()
  const { timeZone } = await getOrgBudget(ctx)
  const { day, month } = periodStarts(now, timeZone)
  const local = localDate(now, timeZone)
  const monthEnd =
    local.month === 12
      ? startOfLocalDay(local.year + 1, 1, 1, timeZone)
      : startOfLocalDay(local.year, local.month + 1, 1, timeZone)
  return { now, dayStart: day, monthStart: month, monthEnd }
}

const toAdminUser = (row: AdminUserRow) => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  role: row.role,
  isBanned: row.isBanned,
  createdAt: row.createdAt,
  lastActiveAt: row.lastActiveAt,
})

export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: { q?: string; role?: string; status?: string; sort?: string; cursor?: string; limit?: string },
) {
  const role = parseRole(query.role)
  if (query.status !== undefined && query.status !== 'active' && query.status !== 'banned')
    throw new AppError('bad_request:status', 'status must be active or banned')
  const sort = (query.sort ?? 'created') as UserSort
  if (!SORTS.includes(sort))
    throw new AppError('bad_request:sort', 'sort must be created, last_active or spend')
  const limit = parseLimit(query.limit)
  const after = query.cursor ? decodeUserCursor(query.cursor, sort) : undefined
  const q = query.q?.trim() || undefined
  const { monthStart, monthEnd } = await periods(ctx)
  const rows = await adminUsersFor(ctx.db, actor).list({
    q,
    role,
    banned: query.status === undefined ? undefined : query.status === 'banned',
    sort,
    after,
    limit: limit + 1,
    monthStart,
    monthEnd,
  })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({ ...toAdminUser(row), spendMonthUsd: microsToDollars(row.spendMicros) })),
    nextCursor: rows.length > limit && last ? encodeCursor([sort, last.key, last.id]) : null,
  }
}

export async function getUser(ctx: AppContext, actor: Actor, id: string) {
  if (!isUuid(id)) throw new AppError('not_found:user', USER_NOT_FOUND)
  const row = await adminUsersFor(ctx.db, actor).detail(id, await periods(ctx))
  if (!row) throw new AppError('not_found:user', USER_NOT_FOUND)
  return {
    ...toAdminUser(row),
    emailConfirmed: row.emailConfirmedAt !== null,
    preferredLanguage: row.preferredLanguage,
    avatarUrl: row.avatarUrl,
    updatedAt: row.updatedAt,
    sessions: { count: row.sessionCount, lastSeenAt: row.lastActiveAt },
    counts: { chats: row.chatCount, messages: row.messageCount },
    spend: { dayUsd: microsToDollars(row.dayMicros), monthUsd: microsToDollars(row.monthMicros) },
  }
}

/** How long an invitation's set-password link works: people do not always read mail within the hour. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Creates an account with a random password nobody knows and mails it an invitation whose link
 * sets the password (a password-reset token, valid 7 days; following it also confirms the address),
 * in the account's language. If the mail cannot be sent the account is removed again, so the admin
 * can simply retry.
 */
export async function createUser(
  ctx: AppContext,
  admin: AdminActor,
  input: { email: string; fullName: string; role?: string; preferredLanguage?: string },
  origin: RequestOrigin,
) {
  const email = input.email.trim()
  if (!isValidEmail(email)) throw new AppError('bad_request:email', 'Please enter a valid email address')
  const fullName = input.fullName.trim()
  if (!fullName || fullName.length > 200)
    throw new AppError('bad_request:full_name', 'Full name is required (at most 200 characters)')
  const role = parseRole(input.role) ?? 'user'
  const language = input.preferredLanguage ?? 'en'
  const known = Object.keys(MAIL_TEXTS)
  if (!known.includes(language))
    throw new AppError('bad_request:language', `preferredLanguage must be one of ${known.join(', ')}`)
  const data = adminUsersFor(ctx.db, admin.actor)
  const user = await createAccount(ctx.db, ctx.config.passwordHash, {
    email,
    fullName,
    role,
    // Unusable: 160 random bits, never shown; the mailed link sets the real one.
    password: generateToken(),
    confirmed: false,
    preferredLanguage: language as MailLanguage,
  })
  let invitation: InvitationJson
  try {
    const token = await createAuthToken(ctx.db, {
      userId: user.id,
      kind: 'password_reset',
      now: ctx.now(),
      ttlMs: INVITATION_TTL_MS,
    })
    const mail = invitationMail(ctx.config, user.email, token, user.preferredLanguage)
    await ctx.mailer.send(mail)
    invitation = ctx.config.mail.smtpUrl
      ? { mailed: true }
      : { mailed: false, link: invitationLink(ctx, token) }
  } catch (error) {
    await data.remove(user.id)
    throw new AppError('unavailable:mail', 'Failed to send the invitation email', { cause: error })
  }
  await recordAudit(
    ctx,
    auditActor(admin),
    {
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      details: { email, role, preferredLanguage: language },
    },
    origin,
  )
  return { ...toAdminUser(user), invitation }
}

/** The set-password link the invitation mail carries (src/auth/emails.ts `invitationMail`). */
const invitationLink = (ctx: Pick<AppContext, 'config'>, token: string) =>
  `${ctx.config.appUrl}/auth/reset-password?token=${token}`

/** Inside a membership transaction: the acting admin may have been demoted or banned meanwhile. */
async function assertStillAdmin(data: ReturnType<typeof adminUsersFor>, actor: Actor) {
  const me = await data.find(actor.realUserId)
  if (me?.role !== 'admin' || me.isBanned) throw new AppError('forbidden:admin', 'Admin access required')
}

/** The self and last-admin rules for a change that takes `before` out of the active admins. */
async function assertMayRemoveAdmin(
  data: ReturnType<typeof adminUsersFor>,
  actor: Actor,
  before: AdminUserRow,
) {
  if (before.id === actor.realUserId) throw new AppError('conflict:self', SELF_CHANGE)
  if (before.role === 'admin' && !before.isBanned && (await data.activeAdminCount()) <= 1)
    throw new AppError('conflict:last_admin', LAST_ADMIN)
}

export async function updateUser(
  ctx: AppContext,
  admin: AdminActor,
  id: string,
  input: { role?: string; isBanned?: boolean },
  origin: RequestOrigin,
) {
  const role = parseRole(input.role)
  if (role === undefined && input.isBanned === undefined)
    throw new AppError('bad_request:empty', 'Nothing to change: send role or isBanned')
  if (!isUuid(id)) throw new AppError('not_found:user', USER_NOT_FOUND)
  const { user, ended, access } = await ctx.db.transaction(async (tx) => {
    const data = adminUsersFor(tx, admin.actor)
    await data.lockAdminMembership()
    const before = await data.findForUpdate(id)
    if (!before) throw new AppError('not_found:user', USER_NOT_FOUND)
    const demoting = role === 'user' && before.role === 'admin'
    const banning = input.isBanned === true && !before.isBanned
    if (demoting || banning) await assertMayRemoveAdmin(data, admin.actor, before)
    await assertStillAdmin(data, admin.actor)
    const change = {
      ...(role !== undefined && role !== before.role ? { role } : {}),
      ...(input.isBanned !== undefined && input.isBanned !== before.isBanned
        ? { isBanned: input.isBanned }
        : {}),
    }
    if (Object.keys(change).length === 0) return { user: before, ended: [] as string[], access: [] }
    const after = (await data.update(id, change, ctx.now()))!
    // Support access never outlives the rights it rests on: the admin's or the target's ban, or the
    // admin's demotion, ends it in the same transaction (decision 117).
    const access = await endAccessFor(tx, ctx.now(), id, admin.actor.realUserId, {
      admin: banning ? 'admin_banned' : demoting ? 'admin_demoted' : null,
      target: banning ? 'target_banned' : null,
    })
    // In the transaction: the ban and the end of every session are one change.
    const ended = banning ? await deleteSessions(tx, { userId: id }) : []
    const audit = { db: tx, config: ctx.config }
    if (change.role)
      await recordAudit(
        audit,
        auditActor(admin),
        {
          action: 'user.role',
          targetType: 'user',
          targetId: id,
          details: { email: before.email, from: before.role, to: change.role },
        },
        origin,
      )
    if (change.isBanned !== undefined)
      await recordAudit(
        audit,
        auditActor(admin),
        {
          action: change.isBanned ? 'user.ban' : 'user.unban',
          targetType: 'user',
          targetId: id,
          details: change.isBanned
            ? { email: before.email, sessionsEnded: ended.length }
            : { email: before.email },
        },
        origin,
      )
    return { user: after, ended, access }
  })
  // After the commit, so a rolled-back ban never cuts anyone's sockets.
  for (const { rows, reason } of access) announceEnded(ctx, rows, reason)
  ctx.realtime.endSessions(ended)
  // The person's open tabs hear (or stop hearing) what goes to administrators only.
  if (role !== undefined) ctx.realtime.setAdmin(id, user.role === 'admin')
  return toAdminUser(user)
}

/** Ends the support accesses `id` runs (as admin) or is under (as target), for the reasons given. */
async function endAccessFor(
  tx: AppContext['db'],
  now: Date,
  id: string,
  endedById: string,
  reasons: { admin: ImpersonationEndReason | null; target: ImpersonationEndReason | null },
) {
  const access: { rows: EndedImpersonation[]; reason: ImpersonationEndReason }[] = []
  if (reasons.admin)
    access.push({
      rows: await endImpersonationsIn(tx, now, { asAdmin: id }, reasons.admin, endedById),
      reason: reasons.admin,
    })
  if (reasons.target)
    access.push({
      rows: await endImpersonationsIn(tx, now, { asTarget: id }, reasons.target, endedById),
      reason: reasons.target,
    })
  return access
}

async function existing(ctx: AppContext, actor: Actor, id: string) {
  const user = isUuid(id) ? await adminUsersFor(ctx.db, actor).find(id) : undefined
  if (!user) throw new AppError('not_found:user', USER_NOT_FOUND)
  return user
}

export async function sendPasswordReset(
  ctx: AppContext,
  admin: AdminActor,
  id: string,
  origin: RequestOrigin,
) {
  const user = await existing(ctx, admin.actor, id)
  await requestPasswordReset(ctx, user.email)
  await recordAudit(
    ctx,
    auditActor(admin),
    { action: 'user.password_reset', targetType: 'user', targetId: id, details: { email: user.email } },
    origin,
  )
}

export async function endUserSessions(ctx: AppContext, admin: AdminActor, id: string, origin: RequestOrigin) {
  const user = await existing(ctx, admin.actor, id)
  // The support sessions this person runs as an admin are theirs too.
  announceEnded(
    ctx,
    await endImpersonationsIn(ctx.db, ctx.now(), { asAdmin: id }, 'signed_out', admin.actor.realUserId),
    'signed_out',
  )
  const ended = await endSessions(ctx, { userId: id })
  await recordAudit(
    ctx,
    auditActor(admin),
    {
      action: 'user.sessions_end',
      targetType: 'user',
      targetId: id,
      details: { email: user.email, sessionsEnded: ended.length },
    },
    origin,
  )
  return { sessionsEnded: ended.length }
}

/**
 * Deletes an account as `deleteAccount` (src/account/service.ts) does: files first, so a storage
 * failure leaves the account in place to retry; then, in one transaction under the membership
 * lock, the rules again (they may have changed while files were deleted), the sessions, the row
 * (its foreign keys cascade) and the audit entry; then the sockets are cut.
 */
export async function deleteUser(ctx: AppContext, admin: AdminActor, id: string, origin: RequestOrigin) {
  const before = await existing(ctx, admin.actor, id)
  await assertMayRemoveAdmin(adminUsersFor(ctx.db, admin.actor), admin.actor, before)
  try {
    await ctx.storage.deletePrefix(`users/${id}/`)
  } catch (error) {
    throw new AppError('internal:delete_account', 'Failed to delete account', { cause: error })
  }
  const { ended, access } = await ctx.db.transaction(async (tx) => {
    const data = adminUsersFor(tx, admin.actor)
    await data.lockAdminMembership()
    const row = await data.findForUpdate(id)
    if (!row) throw new AppError('not_found:user', USER_NOT_FOUND)
    await assertMayRemoveAdmin(data, admin.actor, row)
    await assertStillAdmin(data, admin.actor)
    const access = await endAccessFor(tx, ctx.now(), id, admin.actor.realUserId, {
      admin: 'admin_deleted',
      target: 'target_deleted',
    })
    const sessionIds = await deleteSessions(tx, { userId: id })
    await data.remove(id)
    await recordAudit(
      { db: tx, config: ctx.config },
      auditActor(admin),
      {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        details: { email: row.email, role: row.role, fullName: row.fullName },
      },
      origin,
    )
    return { ended: sessionIds, access }
  })
  for (const { rows, reason } of access) announceEnded(ctx, rows, reason)
  ctx.realtime.endSessions(ended)
  ctx.log.info('account deleted by an admin', { userId: id, adminId: admin.actor.realUserId })
}
