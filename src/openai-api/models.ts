import { listAgents } from '../agents/service'
import { type KeyHolder, requireScope } from '../api-keys/authenticate'
import type { AppContext } from '../context'
import { listAllowedModels } from '../models/service'
import { requireRate } from './limits'
import { AGENT_MODEL_PREFIX } from './targets'

/**
 * GET /v1/models: the models the key's person may use (their groups applied) and their agents
 * (offered, allowed and enabled for them) as `agent:<id>`, in OpenAI's list shape.
 */
export async function listModels(ctx: AppContext, holder: KeyHolder) {
  requireScope(holder, 'models')
  requireRate(ctx, holder)
  const [models, agents] = await Promise.all([
    listAllowedModels(ctx, holder.actor),
    listAgents(ctx, holder.actor),
  ])
  const created = (date: Date | null | undefined) => Math.floor((date?.getTime() ?? 0) / 1000)
  return {
    object: 'list' as const,
    data: [
      ...models.map((model) => ({
        id: model.id,
        object: 'model' as const,
        created: created(model.createdAt),
        owned_by: model.provider,
      })),
      ...agents.items
        .filter((agent) => agent.enabled)
        .map((agent) => ({
          id: `${AGENT_MODEL_PREFIX}${agent.id}`,
          object: 'model' as const,
          created: 0,
          owned_by: 'parley',
        })),
    ],
  }
}
