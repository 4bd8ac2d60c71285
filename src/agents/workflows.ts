import type { AgentId } from '../../db/catalogues/agents'
import type { WorkflowTarget } from '../ai/types'
import type { AppContext } from '../context'
import { openSecret } from '../crypto/secret-box'
import { agentWorkflowsData } from './agent-workflows-data'
import { AGENTS } from './catalogue'
import type { OrgAgent } from './org-agent'

export type { OrgAgent } from './org-agent'
export type { WorkflowTarget }

export const DEFAULT_WORKFLOW_TIMEOUT_SECONDS = 120

type Ctx = Pick<AppContext, 'db' | 'config' | 'orgAgents'>

/** Every send reads these; an administrator's change drops the cache (this instance at once, others within the TTL). */
export const ORG_AGENTS_TTL_MS = 30_000

export function orgAgents(ctx: Ctx): Promise<Map<AgentId, OrgAgent>> {
  return ctx.orgAgents.get(() =>
    agentWorkflowsData(ctx.db)
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
      }),
  )
}
