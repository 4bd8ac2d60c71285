import type { Model } from '../../db/schema'
import type { Config } from '../config'
import type { Logger } from '../log/logger'
import { createDemoProvider } from './demo-provider'
import { createOpenAiProvider } from './openai-provider'
import { createProviderStatus, type ProviderStatusRecorder } from './provider-status'
import type { ChatProvider } from './types'
import { createWorkflowProvider } from './workflow-provider'

export interface AiProviders {
  /** Present when OPENAI_BASE_URL or OPENAI_API_KEY is set. */
  openai?: ReturnType<typeof createOpenAiProvider>
  /**
   * Always present: each call names its agent's workflow (docs/decisions/124), else
   * N8N_WEBHOOK_URL. The workflow model is active only when some workflow is configured.
   */
  workflow: ChatProvider
  demo: ChatProvider
  /** True when SEARXNG_URL is set. */
  webSearch: boolean
  /** The last success and failure each outside service gave this process (the admin's provider status). */
  status: ProviderStatusRecorder
}

/** The providers built from the configuration, once per running app (its context's `providers`). */
export function createAiProviders(config: Pick<Config, 'ai'>, log: Logger): AiProviders {
  const { ai } = config
  // The key and the full URLs (a webhook's path is often its only secret) never reach a status message.
  const status = createProviderStatus([ai.openaiApiKey, ai.n8nWebhookUrl, ai.searxngUrl])
  return {
    openai:
      ai.openaiBaseUrl || ai.openaiApiKey
        ? createOpenAiProvider({
            baseUrl: ai.openaiBaseUrl,
            apiKey: ai.openaiApiKey,
            timeoutMs: ai.requestTimeoutMs,
            status: {
              success: () => status.success('openai'),
              failure: (error) => status.failure('openai', error),
            },
          })
        : undefined,
    workflow: createWorkflowProvider(
      { url: ai.n8nWebhookUrl, secret: ai.workflowSigningSecret },
      log,
      undefined,
      {
        success: () => status.success('workflow'),
        failure: (error) => status.failure('workflow', error),
      },
    ),
    demo: createDemoProvider(),
    webSearch: Boolean(ai.searxngUrl),
    status,
  }
}

/** The provider that serves a model row, or undefined when its provider is no longer configured. */
export function providerFor(
  providers: AiProviders,
  model: Pick<Model, 'provider'>,
): ChatProvider | undefined {
  switch (model.provider) {
    case 'openai':
      return providers.openai?.provider
    case 'workflow':
      return providers.workflow
    case 'demo':
      return providers.demo
  }
}
