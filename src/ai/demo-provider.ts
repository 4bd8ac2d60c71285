import type { ChatProvider, ModelCall, ProviderEvent } from './types'

export const DEMO_MODEL_ID = 'demo'

export const DEMO_REPLY =
  'No AI provider is configured on this Parley server, so this answer comes from the offline demo model. ' +
  'To connect a real model, set OPENAI_BASE_URL and OPENAI_API_KEY (and optionally OPENAI_MODELS) for any ' +
  'OpenAI-compatible service such as OpenAI, Ollama, vLLM, LM Studio or OpenRouter, or set N8N_WEBHOOK_URL ' +
  'for a workflow webhook, then restart Parley.'

/**
 * The model used when nothing is configured: it streams, word by word, an honest explanation of
 * how to configure a provider, so a fresh install shows the whole chat flow working.
 */
export function createDemoProvider(wordDelayMs = 15): ChatProvider {
  return {
    async *stream(call: ModelCall): AsyncIterable<ProviderEvent> {
      for (const word of DEMO_REPLY.match(/\s*\S+/g) ?? []) {
        call.signal.throwIfAborted()
        if (wordDelayMs > 0) await Bun.sleep(wordDelayMs)
        call.signal.throwIfAborted()
        yield { type: 'delta', text: word }
      }
    },
  }
}
