import type { AppContext } from '../context'
import { deleteStoredQuietly } from './store'
import { deleteStaleUnsentUploads } from './sweep-data'

/** Uploads never sent within a day are abandoned (a closed tab, a removed draft). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000
const BATCH = 500

/**
 * Deletes every user's un-sent uploads older than `olderThanMs` (rows, then their files) and
 * returns how many. Acts for no one: see sweep-data.ts for why this job crosses users and why
 * that is safe.
 */
export async function sweepStaleUploads(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log' | 'now'>,
  olderThanMs = STALE_UPLOAD_MS,
): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - olderThanMs)
  let total = 0
  for (;;) {
    const removed = await deleteStaleUnsentUploads(ctx.db, cutoff, BATCH)
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
