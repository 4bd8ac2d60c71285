import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments, auditLog, chats, generatedImages, messages, orgSettings } from '../../db/schema'
import { SYSTEM_ACTOR_ID } from '../admin/audit/system-actor'
import { unnamedKeys } from '../attachments/released-files-data'

/** Serialises passes across instances: the second waits, then finds the day's pass recorded. */
const RETENTION_LOCK = 727_274_174

/** The audit entry of a pass, recorded under the system actor (no person acted). */
export const RETENTION_RUN_ACTION = 'retention.run'

export interface RetentionPolicy {
  chatDays: number | null
  fileDays: number | null
}

export interface RetentionRun {
  at: Date
  chats: number
  files: number
  images: number
  /** The pass stopped at its bound; the next check runs another at once. */
  more: boolean
}

/** What one pass deleted: chats per owner (for their open tabs) and the storage keys let go. */
export interface DeletedByPass {
  chats: { id: string; userId: string }[]
  files: number
  images: number
  storageKeys: string[]
  more: boolean
}

/**
 * The organisation's retention policy and its passes (issue 32, point 6; decision 174). Organisation
 * wide and owned by no person: the `admin` macro guards the routes that change it, and the pass runs
 * without an actor, as the backup schedule and the upload sweep do (decision 103).
 */
export function retentionData(db: Db) {
  return {
    async policy(): Promise<RetentionPolicy> {
      const [row] = await db
        .select({ chatDays: orgSettings.retentionChatDays, fileDays: orgSettings.retentionFileDays })
        .from(orgSettings)
        .where(eq(orgSettings.id, 1))
      return { chatDays: row?.chatDays ?? null, fileDays: row?.fileDays ?? null }
    },

    async setPolicy(value: RetentionPolicy, now: Date): Promise<void> {
      const set = { retentionChatDays: value.chatDays, retentionFileDays: value.fileDays, updatedAt: now }
      await db
        .insert(orgSettings)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: orgSettings.id, set })
    },

    /** The newest pass the audit trail records, on any instance. */
    async lastRun(): Promise<RetentionRun | null> {
      const [row] = await db
        .select({ at: auditLog.createdAt, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, RETENTION_RUN_ACTION))
        .orderBy(desc(auditLog.createdAt))
        .limit(1)
      if (!row) return null
      const count = (name: string) => {
        const value = row.details[name]
        return typeof value === 'number' ? value : 0
      }
      return {
        at: row.at,
        chats: count('chats'),
        files: count('files'),
        images: count('images'),
        more: row.details.more === true,
      }
    },

    /**
     * One pass, in one transaction: claims the day under the lock (answers null when a whole pass ran
     * after `dueAfter`), deletes what the policy says is past,
     * at most `bound` chats and `bound` files and images, and records the counts in the audit trail.
     * The files' bytes are the caller's to delete, after the commit, for the keys no row names.
     */
    pass(run: { policy: RetentionPolicy; now: Date; dueAfter: Date; bound: number }) {
      return db.transaction(async (tx): Promise<DeletedByPass | null> => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`)
        // A whole pass since then (not one that stopped at its bound) means the day's pass is done.
        const [done] = await tx
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, RETENTION_RUN_ACTION),
              gte(auditLog.createdAt, run.dueAfter),
              sql`(${auditLog.details}->>'more') is distinct from 'true'`,
            ),
          )
          .limit(1)
        if (done) return null

        const day = 24 * 60 * 60 * 1000
        const deleted: DeletedByPass = { chats: [], files: 0, images: 0, storageKeys: [], more: false }
        const released: string[] = []
        if (run.policy.chatDays !== null) {
          const cutoff = new Date(run.now.getTime() - run.policy.chatDays * day)
          // Not used: neither changed (renamed, moved, pinned…) nor written in since the cutoff.
          const stale = await tx
            .select({ id: chats.id, userId: chats.userId })
            .from(chats)
            .where(
              and(
                eq(chats.pinned, false),
                lt(chats.updatedAt, cutoff),
                sql`not exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.createdAt} >= ${cutoff.toISOString()}::timestamptz)`,
              ),
            )
            .limit(run.bound)
          if (stale.length) {
            const ids = stale.map((chat) => chat.id)
            // The chats' files go with their messages (cascade): their keys are read first.
            const files = await tx
              .select({ key: attachments.storageKey })
              .from(attachments)
              .innerJoin(messages, eq(attachments.messageId, messages.id))
              .where(inArray(messages.chatId, ids))
            released.push(...files.map((file) => file.key))
            deleted.chats = await tx
              .delete(chats)
              .where(inArray(chats.id, ids))
              .returning({ id: chats.id, userId: chats.userId })
            deleted.files += files.length
            deleted.more ||= stale.length === run.bound
          }
        }
        if (run.policy.fileDays !== null) {
          const cutoff = new Date(run.now.getTime() - run.policy.fileDays * day)
          const old = await tx
            .select({ id: attachments.id })
            .from(attachments)
            .innerJoin(messages, eq(attachments.messageId, messages.id))
            .where(lt(messages.createdAt, cutoff))
            .limit(run.bound)
          if (old.length) {
            const gone = await tx
              .delete(attachments)
              .where(
                inArray(
                  attachments.id,
                  old.map((row) => row.id),
                ),
              )
              .returning({ key: attachments.storageKey })
            released.push(...gone.map((row) => row.key))
            deleted.files += gone.length
            deleted.more ||= old.length === run.bound
          }
          const images = await tx
            .select({ id: generatedImages.id })
            .from(generatedImages)
            .where(lt(generatedImages.createdAt, cutoff))
            .limit(run.bound)
          if (images.length) {
            const gone = await tx
              .delete(generatedImages)
              .where(
                inArray(
                  generatedImages.id,
                  images.map((row) => row.id),
                ),
              )
              .returning({ key: generatedImages.storageKey })
            released.push(...gone.map((row) => row.key))
            deleted.images = gone.length
            deleted.more ||= images.length === run.bound
          }
        }
        deleted.storageKeys = await unnamedKeys(tx, released)
        await tx.insert(auditLog).values({
          // The pass's own clock: the next pass's "is one due?" reads it.
          createdAt: run.now,
          actorId: SYSTEM_ACTOR_ID,
          actorEmail: '',
          action: RETENTION_RUN_ACTION,
          targetType: 'organisation',
          details: {
            chatDays: run.policy.chatDays,
            fileDays: run.policy.fileDays,
            chats: deleted.chats.length,
            files: deleted.files,
            images: deleted.images,
            more: deleted.more,
          },
        })
        return deleted
      })
    },
  }
}
