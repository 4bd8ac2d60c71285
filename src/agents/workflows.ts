import type { WorkflowTarget } from '../ai/types'
import type { AppContext } from '../context'
import { openSecret } from '../crypto/secret-box'
import { agentWorkflowsData } from './agent-workflows-data'
import { AGENTS, type AgentId } from './catalogue'

/** An agent as the organisation offers it. */
export interface OrgAgent {
  id: AgentId
  offered: boolean
  /** The administrator's own webhook for it, or null (N8N_WEBHOOK_URL applies). */
  webhookUrl: string | null
  secretSaved: boolean
  timeoutSeconds: number | null
  /** True when nothing is set for it: N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET, 120 s. */
  usesDefaults: boolean
  /** Its effective workflow, or null when neither the agent nor N8N_WEBHOOK_URL has one. */
  target: WorkflowTarget | null
}

export type { WorkflowTarget }

export const DEFAULT_WORKFLOW_TIMEOUT_SECONDS = 120

type Ctx = Pick<AppContext, 'db' | 'database' | 'config'>

/** Every send reads these; an administrator's change drops the cache (this instance at once, others within the TTL). */
const TTL_MS = 30_000
const cache = new WeakMap<object, { value: Promise<Map<AgentId, OrgAgent>>; readAt: number }>()

export function forgetOrgAgents(ctx: Pick<AppContext, 'database'>) {
  cache.delete(ctx.database)
}

export async function orgAgents(ctx: Ctx): Promise<Map<AgentId, OrgAgent>> {
  const cached = cache.get(ctx.database)
  if (cached && performance.now() - cached.readAt < TTL_MS) return cached.value
  const value = agentWorkflowsData(ctx.db)
    .list()
    .then((rows) => {
      const byId = new Map(rows.map((row) => [row.agentId, row]))
      return new Map(
        AGENTS.map((agent) => {
          const row = byId.get(agent.id)
          const url = row?.webhookUrl ?? ctx.config.ai.n8nWebhookUrl ?? null
          const secret = row?.secretSealed
            ? openSecret(ctx.config.appSecret, row.secretSealed)
            : ctx.config.ai.workflowSigningSecret
          const timeoutSeconds = row?.timeoutSeconds ?? null
          const orgAgent: OrgAgent = {
            id: agent.id,
            offered: row?.offered ?? true,
            webhookUrl: row?.webhookUrl ?? null,
            secretSaved: Boolean(row?.secretSealed),
            timeoutSeconds,
            usesDefaults: !row?.webhookUrl && !row?.secretSealed && timeoutSeconds === null,
            target: url
              ? { url, secret, timeoutMs: (timeoutSeconds ?? DEFAULT_WORKFLOW_TIMEOUT_SECONDS) * 1000 }
              : null,
          }
          return [agent.id, orgAgent] as const
        }),
      )
    })
  const entry = { value, readAt: performance.now() }
  value.catch(() => {
    if (cache.get(ctx.database) === entry) forgetOrgAgents(ctx)
  })
  cache.set(ctx.database, entry)
  return value
}
