import type { AppContext } from '../context'
import { startKnowledgeWorker } from '../knowledge/indexing'
import { startResearchWorker } from '../research/worker'

/** Starts this instance's background workers (every instance runs them; pg-boss hands each job to one). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await startKnowledgeWorker(ctx)
  await startResearchWorker(ctx)
}
