import type OpenAI from 'openai'
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions'
import { loadedOpenAiSdk, openaiSdk } from './openai-sdk'
import { type ChatStreamState, readChatStream } from './openai-stream'
import type { ChatProvider, ChatTurn, ModelCall, ProviderEvent } from './types'
import { ProviderError, turnText } from './types'

/** Told how each call to the provider went (src/ai/provider-status.ts). */
export interface CallOutcomes {
  success(): void
  failure(error: unknown): void
}

export interface OpenAiSettings {
  baseUrl?: string
  apiKey?: string
  timeoutMs: number
  status?: CallOutcomes
}

/** A model as `GET {base}/models` lists it: its id and whatever else the provider says about it. */
export type ListedModel = { id: string } & Record<string, unknown>

/** Model ids a discovery answer may list that cannot hold a chat (embeddings, speech, images...). */
const NON_CHAT_MODEL =
  /embed|whisper|tts|dall-e|davinci|babbage|moderation|image|audio|realtime|transcribe|search/i

/**
 * Chat completions against any OpenAI-compatible API (OpenAI, Ollama, vLLM, LM Studio, OpenRouter,
 * LiteLLM). Streams with `stream_options.include_usage` so the final chunk carries token counts.
 * The SDK's own retries are off: a retried half-streamed answer would show twice, and the user
 * retries from the UI with the failure in front of them.
 */
export function createOpenAiProvider(settings: OpenAiSettings) {
  let created: OpenAI | undefined
  const client = async () => {
    created ??= new (await openaiSdk()).default({
      baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
      // Local servers (Ollama, vLLM) need no key, but the SDK insists on one.
      apiKey: settings.apiKey ?? 'not-needed',
      maxRetries: 0,
      timeout: settings.timeoutMs,
    })
    return created
  }

  const provider: ChatProvider = {
    async *stream(call: ModelCall): AsyncIterable<ProviderEvent> {
      const { settings: s } = call
      const params: ChatCompletionCreateParamsStreaming = {
        model: call.model.id,
        messages: call.messages.map(toOpenAiMessage),
        stream: true,
        stream_options: { include_usage: true },
        temperature: s.temperature,
        max_tokens: s.maxTokens,
        top_p: s.topP,
        frequency_penalty: s.frequencyPenalty,
        presence_penalty: s.presencePenalty,
        ...(s.responseFormat === 'json'
          ? {
              response_format: s.jsonSchema
                ? { type: 'json_schema' as const, json_schema: s.jsonSchema }
                : { type: 'json_object' as const },
            }
          : {}),
        ...(call.tools?.length ? { tools: call.tools } : {}),
        ...(call.tools?.length && call.toolChoice ? { tool_choice: call.toolChoice } : {}),
      }
      const state: ChatStreamState = { started: false, finished: false }
      try {
        // The raw response (the SDK still turns an error status into its APIError), read by
        // readChatStream instead of the SDK's Stream: a fraction of the CPU per token.
        const response = await (await client()).chat.completions
          .create(params, { signal: call.signal })
          .asResponse()
        yield* readChatStream(response, state)
      } catch (error) {
        if (call.signal.aborted) {
          // A stop is the user's; a timeout is the provider's.
          if ((call.signal.reason as { name?: string } | undefined)?.name === 'TimeoutError') {
            settings.status?.failure(new Error('The AI provider did not answer in time'))
          }
          throw error
        }
        const failure =
          state.started && !(isApiError(error) && error.status)
            ? new ProviderError(
                { reason: 'provider_stream_lost' },
                {
                  cause: error,
                },
              )
            : toProviderError(error)
        settings.status?.failure(failure)
        throw failure
      }
      if (!state.finished) {
        const failure = new ProviderError({ reason: 'provider_stream_cut' })
        settings.status?.failure(failure)
        throw failure
      }
      settings.status?.success()
    },
  }

  /**
   * Every model the API lists at GET {base}/models (chat, embeddings, speech...), with whatever the
   * provider says about each besides its id (OpenRouter's `architecture`, `capabilities`, a `description`).
   */
  async function listAllModels(signal?: AbortSignal): Promise<ListedModel[]> {
    try {
      const listed: ListedModel[] = []
      for await (const model of (await client()).models.list({ signal })) {
        if (typeof model.id === 'string') listed.push({ ...(model as object), id: model.id })
      }
      settings.status?.success()
      return listed
    } catch (error) {
      const failure = toProviderError(error)
      settings.status?.failure(failure)
      throw failure
    }
  }

  /** Every model id the API lists at GET {base}/models. */
  async function listAllModelIds(signal?: AbortSignal): Promise<string[]> {
    return (await listAllModels(signal)).map((model) => model.id)
  }

  /** Chat-capable model ids the API lists at GET {base}/models. */
  async function listModelIds(signal?: AbortSignal): Promise<string[]> {
    return chatModelIds(await listAllModelIds(signal))
  }

  return { provider, listModelIds, listAllModelIds, listAllModels }
}

/** The ids that can hold a chat, sorted. */
export function chatModelIds(ids: readonly string[]): string[] {
  return ids.filter((id) => !NON_CHAT_MODEL.test(id)).sort()
}

/** User turns keep their parts (text, images); the API takes only text from the other roles. */
function toOpenAiMessage(turn: ChatTurn): ChatCompletionMessageParam {
  switch (turn.role) {
    case 'user':
      return { role: 'user', content: turn.content }
    case 'assistant':
      return 'tool_calls' in turn
        ? { role: 'assistant', content: turn.content || null, tool_calls: turn.tool_calls }
        : { role: 'assistant', content: turnText(turn) }
    case 'tool':
      return { role: 'tool', tool_call_id: turn.tool_call_id, content: turn.content }
    case 'system':
      return { role: 'system', content: turnText(turn) }
  }
}

function isApiError(error: unknown): error is InstanceType<typeof OpenAI.APIError> {
  const sdk = loadedOpenAiSdk()
  return sdk !== undefined && error instanceof sdk.APIError
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error
  const sdk = loadedOpenAiSdk()
  if (sdk && error instanceof sdk.APIConnectionError) {
    return new ProviderError({ reason: 'provider_unreachable' }, { cause: error })
  }
  if (isApiError(error)) {
    const detail = (error.error as { message?: unknown } | undefined)?.message
    const text = typeof detail === 'string' ? detail.slice(0, 300) : error.message
    return new ProviderError(
      error.status
        ? { reason: 'provider_status', status: error.status, detail: text }
        : { reason: 'provider_failed', detail: text },
      { cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError({ reason: 'provider_failed', detail: message }, { cause: error })
}
