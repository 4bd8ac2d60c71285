import { embeddedUpkeep } from '../../db/upkeep'
import type { AppContext } from '../context'
import { repeatEvery } from './repeat'

/** The first pass, once the start's own work is done (a big database's first pass can take seconds). */
export const UPKEEP_FIRST_AFTER_MS = 30_000
export const UPKEEP_EVERY_MS = 10 * 60_000

/**
 * On the embedded database only (a Postgres server has autovacuum): the due tables vacuumed and
 * analyzed 30 s after start, then every 10 minutes (db/upkeep.ts, docs/decisions/169). Unref'd
 * timers; `stop` waits for a pass in progress so the database can close after it.
 */
export function startEmbeddedUpkeep(
  ctx: Pick<AppContext, 'database' | 'log'>,
  timing = { firstAfterMs: UPKEEP_FIRST_AFTER_MS, everyMs: UPKEEP_EVERY_MS },
) {
  if (ctx.database.kind !== 'pglite') return { stop: async () => {} }
  const passes = repeatEvery(
    timing.everyMs,
    async () => {
      const started = performance.now()
      const tables = await embeddedUpkeep(ctx.database)
      if (tables.length)
        ctx.log.info('embedded database upkeep', { tables, ms: Math.round(performance.now() - started) })
    },
    (error) => ctx.log.warn('embedded database upkeep failed', { error }),
  )
  const first = setTimeout(() => void passes.run(), timing.firstAfterMs)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      await passes.stop()
    },
  }
}
