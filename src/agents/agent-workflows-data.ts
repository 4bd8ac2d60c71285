import { eq } from 'drizzle-orm'
import type { AgentId } from '../../db/catalogues/agents'
import type { Db } from '../../db/client'
import { type AgentWorkflow, agentWorkflows } from '../../db/schema'

export type AgentWorkflowValues = Partial<
  Pick<AgentWorkflow, 'offered' | 'webhookUrl' | 'secretSealed' | 'timeoutSeconds'>
>

/**
 * The organisation's agent settings (one row per agent an administrator touched). Read by every
 * user's send (cached in workflows.ts); written only by the admin area (the `admin` macro).
 */
export function agentWorkflowsData(db: Db) {
  return {
    async list(): Promise<AgentWorkflow[]> {
      return db.select().from(agentWorkflows)
    },
    async lock(agentId: AgentId): Promise<AgentWorkflow | undefined> {
      await db.insert(agentWorkflows).values({ agentId }).onConflictDoNothing()
      const [row] = await db
        .select()
        .from(agentWorkflows)
        .where(eq(agentWorkflows.agentId, agentId))
        .for('update')
      return row
    },
    async update(agentId: AgentId, values: AgentWorkflowValues, now: Date): Promise<void> {
      await db
        .update(agentWorkflows)
        .set({ ...values, updatedAt: now })
        .where(eq(agentWorkflows.agentId, agentId))
    },
  }
}
