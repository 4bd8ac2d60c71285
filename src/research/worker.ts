import type { AppContext } from '../context'
import { runResearch } from './job'
import { orphanedRuns, releaseAllRuns } from './research-data'
import { RESEARCH_TIMING } from './timing'

/** Research runs one instance works on at once; more wait in the queue (or run on other instances). */
const CONCURRENCY = 4

/**
 * This instance's research worker, and the sweeps that make a run survive a crash: at start, and
 * then every minute, active runs nobody holds are queued again (a run stays in the database, so a
 * lost job or a dead instance never leaves it hanging). On the embedded database every active run
 * at start was this process's before it stopped.
 */
export async function startResearchWorker(ctx: AppContext): Promise<void> {
  await ctx.jobs.work('research', ({ runId }) => runResearch(ctx, runId), {
    concurrency: CONCURRENCY,
  })
  const requeue = async (ids: string[]) => {
    for (const runId of ids) await ctx.jobs.send('research', { runId }, { singletonKey: runId })
    if (ids.length) ctx.log.info('research runs queued again', { count: ids.length })
  }
  await requeue(
    ctx.database.kind === 'pglite' ? await releaseAllRuns(ctx.db) : await orphanedRuns(ctx.db, ctx.now()),
  )
  // Then every minute, on any database: a run whose job was lost (or whose instance died) is queued again.
  const timer = setInterval(() => {
    orphanedRuns(ctx.db, ctx.now())
      .then(requeue)
      .catch((error) => ctx.log.debug('research sweep skipped', { error }))
  }, RESEARCH_TIMING.sweepMs)
  timer.unref?.()
}
