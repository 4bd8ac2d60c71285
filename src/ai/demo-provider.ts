import type { ChatProvider, ModelCall, ProviderEvent } from './types'

export { DEMO_MODEL_ID } from './demo-model-id'

export const DEMO_REPLY =
  'No AI provider is configured on this Parley server, so this answer comes from the offline demo model. ' +
  'To connect a real model, set OPENAI_BASE_URL and OPENAI_API_KEY (and optionally OPENAI_MODELS) for any ' +
  'OpenAI-compatible service such as OpenAI, Ollama, vLLM, LM Studio or OpenRouter, or set N8N_WEBHOOK_URL ' +
  'for a workflow webhook, then restart Parley.'

/** The same explanation in the asking user's language (variable names stay as they are). */
export const DEMO_REPLIES: Record<string, string> = {
  en: DEMO_REPLY,
  es:
    'Este servidor de Parley no tiene ningún proveedor de IA configurado, así que esta respuesta viene del modelo de demostración sin conexión. ' +
    'Para conectar un modelo real, define OPENAI_BASE_URL y OPENAI_API_KEY (y, si quieres, OPENAI_MODELS) para cualquier ' +
    'servicio compatible con OpenAI, como OpenAI, Ollama, vLLM, LM Studio u OpenRouter, o define N8N_WEBHOOK_URL ' +
    'para un webhook de flujo de trabajo, y reinicia Parley.',
  fr:
    'Aucun fournisseur d’IA n’est configuré sur ce serveur Parley : cette réponse vient donc du modèle de démonstration hors ligne. ' +
    'Pour connecter un vrai modèle, définissez OPENAI_BASE_URL et OPENAI_API_KEY (et éventuellement OPENAI_MODELS) pour tout ' +
    'service compatible OpenAI, comme OpenAI, Ollama, vLLM, LM Studio ou OpenRouter, ou définissez N8N_WEBHOOK_URL ' +
    'pour un webhook de workflow, puis redémarrez Parley.',
  de:
    'Auf diesem Parley-Server ist kein KI-Anbieter eingerichtet, deshalb kommt diese Antwort vom Offline-Demomodell. ' +
    'Um ein echtes Modell anzubinden, setze OPENAI_BASE_URL und OPENAI_API_KEY (und optional OPENAI_MODELS) für einen ' +
    'OpenAI-kompatiblen Dienst wie OpenAI, Ollama, vLLM, LM Studio oder OpenRouter, oder setze N8N_WEBHOOK_URL ' +
    'für einen Workflow-Webhook, und starte Parley dann neu.',
  it:
    'Su questo server Parley non è configurato alcun provider di IA, quindi questa risposta arriva dal modello demo offline. ' +
    'Per collegare un modello reale, imposta OPENAI_BASE_URL e OPENAI_API_KEY (e, se vuoi, OPENAI_MODELS) per qualsiasi ' +
    'servizio compatibile con OpenAI, come OpenAI, Ollama, vLLM, LM Studio o OpenRouter, oppure imposta N8N_WEBHOOK_URL ' +
    'per un webhook di workflow, poi riavvia Parley.',
  pt:
    'Nenhum provedor de IA está configurado neste servidor Parley, então esta resposta vem do modelo de demonstração offline. ' +
    'Para conectar um modelo de verdade, defina OPENAI_BASE_URL e OPENAI_API_KEY (e, se quiser, OPENAI_MODELS) para qualquer ' +
    'serviço compatível com a OpenAI, como OpenAI, Ollama, vLLM, LM Studio ou OpenRouter, ou defina N8N_WEBHOOK_URL ' +
    'para um webhook de fluxo de trabalho, e reinicie o Parley.',
}

/**
 * The model used when nothing is configured: it streams, word by word, an honest explanation of
 * how to configure a provider, so a fresh install shows the whole chat flow working.
 */
export function createDemoProvider(wordDelayMs = 15): ChatProvider {
  return {
    async *stream(call: ModelCall): AsyncIterable<ProviderEvent> {
      const reply = DEMO_REPLIES[call.language ?? 'en'] ?? DEMO_REPLY
      for (const word of reply.match(/\s*\S+/g) ?? []) {
        call.signal.throwIfAborted()
        if (wordDelayMs > 0) await Bun.sleep(wordDelayMs)
        call.signal.throwIfAborted()
        yield { type: 'delta', text: word }
      }
    },
  }
}
