import { type RequestOrigin, recordAudit } from '../access/audit'
import { deleteStoredQuietly } from '../attachments/store'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { repeatEvery } from '../jobs/repeat'
import type { RetentionPolicyJson, RetentionStateJson } from './model'
import { type DeletedByPass, type RetentionPolicy, retentionData } from './retention-data'

/** How often an instance looks whether a pass is due; a pass runs once a day. */
export const RETENTION_CHECK_EVERY_MS = 60 * 60 * 1000
/** The first look after a start: soon, but after the start's own work. */
export const RETENTION_FIRST_AFTER_MS = 60 * 1000
/**
 * A pass is due 23 hours after the last (not 24: the hourly checks would push the day's pass an hour
 * later every day).
 */
const PASS_EVERY_MS = 23 * 60 * 60 * 1000
/**
 * At most this many chats, and as many files and images, per pass: one transaction stays short on the
 * embedded database, where it holds every other write. A pass that stops here is followed by another
 * at the next check, until the backlog is gone.
 */
export const RETENTION_BOUND = 2_000

type Ctx = Pick<AppContext, 'db' | 'storage' | 'log' | 'now' | 'realtime'>

/** `GET /api/retention`: the policy, for everyone (Settings shows it). */
export function getRetentionPolicy(ctx: Pick<AppContext, 'db'>): Promise<RetentionPolicyJson> {
  return retentionData(ctx.db).policy()
}

/** `GET /api/admin/retention`: the policy, the last pass and when the next is due. */
export async function getRetentionState(ctx: Pick<AppContext, 'db' | 'now'>): Promise<RetentionStateJson> {
  const data = retentionData(ctx.db)
  const policy = await data.policy()
  const last = await data.lastRun()
  const enabled = policy.chatDays !== null || policy.fileDays !== null
  const dueAt = last && !last.more ? last.at.getTime() + PASS_EVERY_MS : ctx.now().getTime()
  return {
    policy,
    lastRun: last && { at: last.at.toISOString(), chats: last.chats, files: last.files, images: last.images },
    nextAt: enabled ? new Date(Math.max(dueAt, ctx.now().getTime())).toISOString() : null,
  }
}

/** `PUT /api/admin/retention`: audited when something changed. */
export async function updateRetention(
  ctx: AppContext,
  admin: Actor & { email: string },
  body: RetentionPolicy,
  origin: RequestOrigin,
): Promise<RetentionStateJson> {
  const value = { chatDays: body.chatDays, fileDays: body.fileDays }
  await ctx.db.transaction(async (tx) => {
    const data = retentionData(tx)
    const before = await data.policy()
    await data.setPolicy(value, ctx.now())
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    for (const key of ['chatDays', 'fileDays'] as const)
      if (before[key] !== value[key]) changes[key] = { from: before[key], to: value[key] }
    if (Object.keys(changes).length)
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'retention.update', targetType: 'organisation', details: { changes } },
        origin,
      )
  })
  return getRetentionState(ctx)
}

/**
 * One retention pass, when one is due: deletes the chats not used for the policy's days (pinned ones
 * kept) and the files and generated images older than its days, records the counts in the audit
 * trail, then deletes the stored bytes no row names any more and tells the owners' open tabs. Answers
 * what it deleted, or null when no pass was due (or no policy is set).
 */
export async function runRetentionPass(ctx: Ctx, bound = RETENTION_BOUND): Promise<DeletedByPass | null> {
  const data = retentionData(ctx.db)
  const policy = await data.policy()
  if (policy.chatDays === null && policy.fileDays === null) return null
  const now = ctx.now()
  const deleted = await data.pass({ policy, now, dueAfter: new Date(now.getTime() - PASS_EVERY_MS), bound })
  if (!deleted) return null
  // After the commit: a failure here leaves an unnamed file behind, never a row without its file.
  for (const key of deleted.storageKeys) await deleteStoredQuietly(ctx, key)
  for (const chat of deleted.chats) ctx.realtime.toUser(chat.userId, 'chat:deleted', { chatId: chat.id })
  ctx.log.info('retention pass', {
    chats: deleted.chats.length,
    files: deleted.files,
    images: deleted.images,
    more: deleted.more,
  })
  return deleted
}

/**
 * Every instance looks every hour (the first time a minute after its start); the advisory lock and
 * the audit trail make one pass a day between them. Unref'd timers; `stop` waits for a pass.
 */
export function startRetentionSchedule(
  ctx: Ctx,
  timing = { firstAfterMs: RETENTION_FIRST_AFTER_MS, everyMs: RETENTION_CHECK_EVERY_MS },
) {
  const checks = repeatEvery(
    timing.everyMs,
    () => runRetentionPass(ctx),
    (error) => ctx.log.warn('the retention pass failed', { error }),
  )
  const first = setTimeout(() => void checks.run(), timing.firstAfterMs)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      await checks.stop()
    },
  }
}
