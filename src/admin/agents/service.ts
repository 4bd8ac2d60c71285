import { type RequestOrigin, recordAudit } from '../../access/audit'
import { agentWorkflowsData } from '../../agents/agent-workflows-data'
import { AGENTS, agentDefinition } from '../../agents/catalogue'
import { orgAgents } from '../../agents/workflows'
import type { Actor } from '../../auth/actor'
import type { AppContext } from '../../context'
import { sealSecret } from '../../crypto/secret-box'
import { AppError } from '../../http/errors'
import { syncModels } from '../../models/sync'
import { isHttpUrl } from '../../net/http-url'
import type { AdminAgentJson } from './model'

export async function listAdminAgents(ctx: AppContext): Promise<{ items: AdminAgentJson[] }> {
  const org = await orgAgents(ctx)
  return {
    items: AGENTS.map((agent) => {
      const row = org.get(agent.id)!
      return {
        id: agent.id,
        name: agent.name,
        offered: row.offered,
        webhookUrl: row.webhookUrl,
        secretSaved: row.secretSaved,
        timeoutSeconds: row.timeoutSeconds,
        usesDefaults: row.usesDefaults,
      }
    }),
  }
}

export interface AdminAgentInput {
  offered?: boolean
  webhookUrl?: string | null
  secret?: string | null
  timeoutSeconds?: number | null
}

function validWebhookUrl(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined
  const trimmed = value?.trim()
  if (!trimmed) return null
  if (!isHttpUrl(trimmed)) {
    throw new AppError('bad_request:agent_workflow', 'The webhook URL must be an http(s) URL')
  }
  return trimmed
}

/** One agent's organisation setting; audited with what changed (a secret only as 'changed'). */
export async function updateAdminAgent(
  ctx: AppContext,
  admin: Actor & { email: string },
  id: string,
  input: AdminAgentInput,
  origin: RequestOrigin,
): Promise<AdminAgentJson> {
  const agent = agentDefinition(id)
  if (!agent) throw new AppError('not_found:agent', 'Agent not found')
  const webhookUrl = validWebhookUrl(input.webhookUrl)
  await ctx.db.transaction(async (tx) => {
    const data = agentWorkflowsData(tx)
    const before = (await data.lock(agent.id))!
    const values: Parameters<typeof data.update>[1] = {}
    const changes: Record<string, unknown> = {}
    if (input.offered !== undefined && input.offered !== before.offered) {
      values.offered = input.offered
      changes.offered = { from: before.offered, to: input.offered }
    }
    if (webhookUrl !== undefined && webhookUrl !== before.webhookUrl) {
      values.webhookUrl = webhookUrl
      changes.webhookUrl = { from: before.webhookUrl, to: webhookUrl }
    }
    if (input.secret !== undefined) {
      const secret = input.secret?.trim()
      values.secretSealed = secret ? sealSecret(ctx.config.appSecret, secret) : null
      changes.secret = secret ? 'changed' : before.secretSealed ? 'removed' : 'unchanged'
    }
    if (input.timeoutSeconds !== undefined && input.timeoutSeconds !== before.timeoutSeconds) {
      values.timeoutSeconds = input.timeoutSeconds
      changes.timeoutSeconds = { from: before.timeoutSeconds, to: input.timeoutSeconds }
    }
    await data.update(agent.id, values, ctx.now())
    if (Object.keys(changes).length) {
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'agents.update', targetType: 'agent', targetId: agent.id, details: { changes } },
        origin,
      )
    }
  })
  ctx.orgAgents.forget()
  // The workflow model exists while some workflow does: an agent's own webhook may be the only one.
  await syncModels(ctx)
  ctx.usableModels.forget()
  ctx.realtime.toEveryone('models:updated', {})
  return (await listAdminAgents(ctx)).items.find((item) => item.id === agent.id)!
}
