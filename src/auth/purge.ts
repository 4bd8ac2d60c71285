import type { AppContext } from '../context'
import { repeatEvery } from '../jobs/repeat'
import { purgeExpired } from './session'

export const PURGE_EVERY_MS = 60 * 60 * 1000

/**
 * Deletes expired sessions and expired mailed-link tokens at start-up and then hourly, by the
 * context's clock. Expired rows are already refused when used; purging keeps the tables from
 * growing with every abandoned browser and unused link. An unref'd timer, so it never holds a
 * process open; `stop` waits for a purge in progress so the database can close after it.
 */
export function startExpiryPurge(ctx: Pick<AppContext, 'db' | 'now' | 'log'>, everyMs = PURGE_EVERY_MS) {
  const purges = repeatEvery(
    everyMs,
    async () => {
      const removed = await purgeExpired(ctx.db, ctx.now())
      if (removed.sessions || removed.tokens) ctx.log.info('expired sessions and links purged', removed)
    },
    (error) => ctx.log.warn('purging expired sessions failed', { error }),
  )
  return {
    /** The start-up purge (tests await it). */
    ready: purges.run(),
    stop: purges.stop,
  }
}
