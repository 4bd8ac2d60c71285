import type { AppContext } from '../context'
import { purgeExpired } from './session'

export const PURGE_EVERY_MS = 60 * 60 * 1000

/**
 * Deletes expired sessions and expired mailed-link tokens at start-up and then hourly, by the
 * context's clock. Expired rows are already refused when used; purging keeps the tables from
 * growing with every abandoned browser and unused link. An unref'd timer, so it never holds a
 * process open; `stop` waits for a purge in progress so the database can close after it.
 */
export function startExpiryPurge(ctx: Pick<AppContext, 'db' | 'now' | 'log'>, everyMs = PURGE_EVERY_MS) {
  let running: Promise<void> | undefined
  const purge = () => {
    running ??= purgeExpired(ctx.db, ctx.now())
      .then((removed) => {
        if (removed.sessions || removed.tokens) ctx.log.info('expired sessions and links purged', removed)
      })
      .catch((error) => ctx.log.warn('purging expired sessions failed', { error }))
      .finally(() => {
        running = undefined
      })
    return running
  }
  const first = purge()
  const timer = setInterval(purge, everyMs)
  timer.unref()
  return {
    /** The start-up purge (tests await it). */
    ready: first,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
