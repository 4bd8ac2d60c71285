import type { Model } from '../../db/schema'
import { orgAgents } from '../agents/workflows'
import { DEMO_MODEL_ID } from '../ai/demo-provider'
import { chatModelIds, type ListedModel } from '../ai/openai-provider'
import type { ProviderStatusRecorder } from '../ai/provider-status'
import type { AppContext } from '../context'
import { saveCatalogue } from './catalogue-data'
import { defaultVision, listedDescription } from './vision'

export const WORKFLOW_MODEL_ID = 'workflow'

type SyncContext = Pick<
  AppContext,
  'config' | 'log' | 'db' | 'providers' | 'orgAgents' | 'usableModels' | 'modelSync'
>

/** A catalogue row as the sync writes it (prices added from the configuration). */
type ModelInsert = Pick<
  Model,
  'id' | 'name' | 'description' | 'provider' | 'isActive' | 'sortOrder' | 'supportsVision'
>

const DISCOVERY_TIMEOUT_MS = 10_000

/**
 * Brings the models table in line with the configuration: OpenAI-compatible models from
 * OPENAI_MODELS or discovered at `GET {base}/models` (ones no longer listed become inactive), the
 * workflow model when N8N_WEBHOOK_URL (or an agent's own webhook) is set, and the demo model only when neither is configured.
 * Returns false when discovery failed (rows are then left as they were, to retry later).
 */
export async function syncModels(ctx: SyncContext): Promise<boolean> {
  const { ai } = ctx.config
  const providers = ctx.providers
  let complete = true
  let openaiIds: string[] | null = []
  // What the provider's list says about each model (vision, description); OPENAI_MODELS says nothing.
  const listedById = new Map<string, ListedModel>()
  if (providers.openai) {
    openaiIds = ai.openaiModels.length ? ai.openaiModels : null
    if (!openaiIds) {
      try {
        const listed = await providers.openai.listAllModels(AbortSignal.timeout(DISCOVERY_TIMEOUT_MS))
        for (const model of listed) listedById.set(model.id, model)
        const ids = listed.map((model) => model.id)
        openaiIds = chatModelIds(ids)
        noteEmbeddingModel(providers.status, ai.embeddingModel, ids)
        ctx.log.info('models discovered', { count: openaiIds.length })
      } catch (error) {
        complete = false
        ctx.log.warn('model discovery failed; will retry', { error })
      }
    }
  }
  // The workflow model: N8N_WEBHOOK_URL, or an agent the administrator gave its own webhook.
  const workflowConfigured = [...(await orgAgents(ctx)).values()].some(
    (agent) => agent.offered && agent.target !== null,
  )
  const rows: ModelInsert[] = (openaiIds ?? []).map((id, index) => {
    const listed = listedById.get(id) ?? { id }
    return {
      id,
      name: id,
      // The provider's own words or nothing: its address means nothing to the people choosing.
      description: listedDescription(listed),
      provider: 'openai' as const,
      isActive: true,
      supportsVision: defaultVision(listed),
      sortOrder: index,
    }
  })
  rows.push({
    id: WORKFLOW_MODEL_ID,
    name: 'Workflow agents',
    description: 'Agents running in the workflow-automation service (n8n)',
    provider: 'workflow',
    isActive: workflowConfigured,
    supportsVision: false,
    sortOrder: 10_000,
  })
  rows.push({
    id: DEMO_MODEL_ID,
    name: 'Demo (no AI provider configured)',
    description: 'Offline demo model: explains how to connect an AI provider',
    provider: 'demo',
    isActive: !providers.openai && !workflowConfigured,
    supportsVision: false,
    sortOrder: 20_000,
  })
  const priced = rows.map((row) => {
    const price = ai.modelPrices[row.id]
    return {
      ...row,
      inputPriceMicrosPerMillion: price?.inputMicrosPerMillion ?? 0,
      outputPriceMicrosPerMillion: price?.outputMicrosPerMillion ?? 0,
    }
  })
  await saveCatalogue(ctx.db, priced, openaiIds)
  ctx.usableModels.forget()
  return complete
}

/**
 * The embeddings check the discovery allows for free: a provider that lists its models but not
 * EMBEDDING_MODEL would refuse embedding calls, so the admin's status says so.
 */
function noteEmbeddingModel(status: ProviderStatusRecorder, model: string, listed: readonly string[]) {
  if (listed.includes(model)) status.success('embeddings')
  else status.failure('embeddings', new Error(`The provider does not list the embedding model ${model}`))
}

/**
 * Runs the model sync once per app (at start-up, when the models plugin is built) and again on
 * demand after a failed discovery, at most every 30 s. Awaited before models are read.
 */
export function ensureModelsSynced(ctx: SyncContext): Promise<void> {
  return ctx.modelSync.ensure(() => syncModels(ctx), ctx.log)
}
