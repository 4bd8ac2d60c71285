import type { AppContext } from '../context'

/** Starts this instance's background workers (every instance runs them; pg-boss hands each job to one). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work('knowledge-index', async () => {})
}
