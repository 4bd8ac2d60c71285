import { and, inArray, isNull, lt } from 'drizzle-orm'
import { attachments } from '../../db/schema'
import type { AppContext } from '../context'
import { deleteStoredQuietly } from './store'

/** Uploads never sent within a day are abandoned (a closed tab, a removed draft). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000
const BATCH = 500

/**
 * Deletes un-sent uploads older than `olderThanMs` (rows, then their files) and returns how many.
 * Each row is removed by one DELETE … RETURNING, so several instances sweeping at once never
 * delete the same file twice, and a send binding the file at that moment either wins (the row is
 * no longer un-sent) or finds it gone.
 */
export async function sweepStaleUploads(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'now'>,
  olderThanMs = STALE_UPLOAD_MS,
): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - olderThanMs)
  const stale = and(isNull(attachments.messageId), lt(attachments.createdAt, cutoff))
  let total = 0
  for (;;) {
    const batch = ctx.db.select({ id: attachments.id }).from(attachments).where(stale).limit(BATCH)
    const removed = await ctx.db
      .delete(attachments)
      .where(and(inArray(attachments.id, batch), stale))
      .returning({ storageKey: attachments.storageKey })
    for (const row of removed) await deleteStoredQuietly(ctx, row.storageKey)
    total += removed.length
    if (removed.length < BATCH) return total
  }
}

/** Sweeps every hour until stopped; the timer never keeps the process alive. */
export function startUploadSweeper(ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'now'>): () => void {
  const timer = setInterval(() => {
    sweepStaleUploads(ctx)
      .then((count) => {
        if (count > 0) ctx.log.info('stale uploads deleted', { count })
      })
      .catch((error) => ctx.log.error('stale upload sweep failed', { error }))
  }, SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
