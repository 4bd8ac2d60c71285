import { PROVIDER_KINDS, type ProviderKind } from '../../ai/provider-status'
import { searchWeb } from '../../ai/web-search'
import type { AppContext } from '../../context'
import type { ProviderStatusJson } from './model'

type Ctx = Pick<AppContext, 'config' | 'log' | 'providers'>

const hostOf = (url: string | undefined) => (url ? new URL(url).host : null)

/** Each provider's configuration and what this instance last saw of it (src/ai/provider-status.ts). */
export function providerStatuses(ctx: Ctx): ProviderStatusJson[] {
  const { ai } = ctx.config
  const providers = ctx.providers
  const openaiHost = providers.openai ? (hostOf(ai.openaiBaseUrl) ?? 'api.openai.com') : null
  const setup: Record<ProviderKind, { configured: boolean; host: string | null; model: string | null }> = {
    openai: { configured: Boolean(providers.openai), host: openaiHost, model: null },
    workflow: { configured: Boolean(ai.n8nWebhookUrl), host: hostOf(ai.n8nWebhookUrl), model: null },
    search: { configured: Boolean(ai.searxngUrl), host: hostOf(ai.searxngUrl), model: null },
    embeddings: {
      configured: Boolean(providers.openai),
      host: openaiHost,
      model: providers.openai ? ai.embeddingModel : null,
    },
  }
  return PROVIDER_KINDS.map((id) => {
    const { configured, host, model } = setup[id]
    const health = providers.status.get(id)
    const state = !configured
      ? 'not_configured'
      : health.lastErrorAt && (!health.lastSuccessAt || health.lastErrorAt >= health.lastSuccessAt)
        ? 'error'
        : health.lastSuccessAt
          ? 'ok'
          : 'unknown'
    return {
      id,
      configured,
      host,
      model,
      state,
      lastSuccessAt: health.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: health.lastErrorAt?.toISOString() ?? null,
      lastError: health.lastError,
    }
  })
}

const SEARCH_CHECK = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 }

/**
 * The on-demand checks a refresh adds to the model discovery (which itself checks the
 * OpenAI-compatible API and, from its list, the embeddings model): one search on the search backend.
 * The workflow webhook is not called: a call would run the workflow.
 */
export async function checkProviders(ctx: Ctx): Promise<void> {
  const url = ctx.config.ai.searxngUrl
  if (!url) return
  const { status } = ctx.providers
  try {
    await searchWeb(url, 'Parley connection check', undefined, SEARCH_CHECK)
    status.success('search')
  } catch (error) {
    status.failure('search', error)
    ctx.log.warn('search backend check failed', { error })
  }
}
