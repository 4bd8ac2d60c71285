import type { Failure } from '../../db/catalogues/failures'
import type { Model } from '../../db/schema'
import { estimatePromptTokens, estimateTokens } from '../ai/prompt'
import { type ChatProvider, type ModelCall, ProviderError, type ToolCallRequest } from '../ai/types'
import { costMicros } from '../budget/money'
import type { UsageInput } from '../budget/service'
import type { AppContext } from '../context'
import type { StreamTarget } from '../messages/delta-frames'

/**
 * The reply engine's model call (docs/decisions/151): every answer Parley gets from a chat model
 * (a chat reply, each step of a deep research run) goes through here, between a budget reservation
 * (`reserveBudget`) and its settlement (`settleReply`). It streams the model's text into a message
 * as framed `message:delta`s with its partial saves (delta-frames.ts), or only collects it, and
 * turns whatever ends the call (the end, a stop, the time-out, a provider failure) into an outcome;
 * it never throws.
 */

export interface StreamModelCall extends Omit<ModelCall, 'signal'> {
  provider: ChatProvider
  /** The caller's stop: a person's Stop, a research run's cancel or shutdown. */
  signal: AbortSignal
  /** The message the text streams into, live in every tab; absent: the text is only collected. */
  into?: StreamTarget
  /** Hears each piece of text as it arrives (the team API's server-sent events, src/openai-api). */
  onText?: (text: string) => void
}

export interface ModelOutcome {
  /** Everything the model wrote, also when it stopped or failed part-way. */
  text: string
  /** 'stopped': the caller's signal ended it. */
  status: 'complete' | 'stopped' | 'failed'
  /** Why it failed (null unless 'failed'). */
  failure: Failure | null
  /** The provider's own error, for the log. */
  cause?: unknown
  /** The tokens the provider reported, else undefined (then `usageOf` estimates them). */
  reported?: { promptTokens: number; completionTokens: number }
  /** The tools the model asked to call at the end of its turn (issue 30); absent: none. */
  toolCalls?: ToolCallRequest[]
}

export async function streamModel(
  ctx: Pick<AppContext, 'config' | 'deltaFrames' | 'partialSaves'>,
  call: StreamModelCall,
): Promise<ModelOutcome> {
  const { provider, into, onText, signal: stop, ...request } = call
  // Not AbortSignal.timeout: its timer lives on for the whole time-out after the call ended and
  // keeps the combined signal, and through it the provider's response stream, from being collected
  // (every wave of replies added to the memory for two minutes; decision 131). This one is cleared.
  const timer = new AbortController()
  const timeoutMs = ctx.config.ai.requestTimeoutMs
  const timeoutId = setTimeout(
    () => timer.abort(new DOMException('The provider timed out', 'TimeoutError')),
    timeoutMs,
  )
  const signal = AbortSignal.any([stop, timer.signal])
  const frames = into && ctx.deltaFrames
  let text = ''
  const outcome: ModelOutcome = { text, status: 'complete', failure: null }
  try {
    for await (const event of provider.stream({ ...request, signal })) {
      if (event.type === 'usage') {
        outcome.reported = { promptTokens: event.promptTokens, completionTokens: event.completionTokens }
        continue
      }
      if (event.type === 'tool_calls') {
        if (!signal.aborted) outcome.toolCalls = event.calls
        continue
      }
      if (!event.text || signal.aborted) continue
      text += event.text
      // Sent at the end of the frame with whatever else arrives meanwhile; then saved with the rest.
      if (frames && into) frames.add(into, event.text)
      onText?.(event.text)
    }
    signal.throwIfAborted()
  } catch (cause) {
    if (stop.aborted) {
      outcome.status = 'stopped'
    } else if (timer.signal.aborted) {
      outcome.status = 'failed'
      outcome.failure = { reason: 'provider_timeout', seconds: Math.round(timeoutMs / 1000) }
    } else {
      outcome.status = 'failed'
      outcome.failure = cause instanceof ProviderError ? cause.failure : { reason: 'provider_failed' }
      outcome.cause = cause
    }
  } finally {
    clearTimeout(timeoutId)
  }
  if (frames && into) {
    // Whatever the outcome, the text received so far goes out (and into `into.content`) first; the
    // final text is then the caller's to store, not the partial saves'.
    frames.flush(into)
    ctx.partialSaves.forget(into.messageId)
  }
  outcome.text = text
  return outcome
}

/**
 * What a call used, to record and charge: the provider's count, else an estimate from the prompt
 * and the text; undefined when nothing was used (it failed before a word). `free`: answered by a
 * workflow or Parley itself, tokens recorded at no cost.
 */
export function usageOf(
  call: { model: Model; messages: ModelCall['messages']; chatId: string; free?: boolean },
  messageId: string,
  outcome: Pick<ModelOutcome, 'text' | 'reported'>,
): UsageInput | undefined {
  const tokens = outcome.reported ?? {
    promptTokens: call.messages.length ? estimatePromptTokens(call.messages) : 0,
    completionTokens: estimateTokens(outcome.text),
  }
  if (!tokens.promptTokens && !tokens.completionTokens) return undefined
  return {
    chatId: call.chatId,
    messageId,
    modelId: call.model.id,
    ...tokens,
    costMicros: call.free
      ? 0
      : costMicros(tokens, {
          inputMicrosPerMillion: call.model.inputPriceMicrosPerMillion,
          outputMicrosPerMillion: call.model.outputPriceMicrosPerMillion,
        }),
    estimated: !outcome.reported,
  }
}
