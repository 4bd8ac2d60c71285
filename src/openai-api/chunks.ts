import type { ToolCallRequest } from '../ai/types'
import type { FunctionCall } from './legacy-functions'

/**
 * OpenAI's `chat.completion.chunk` events and `chat.completion` object, written as OpenAI writes
 * them (https://platform.openai.com/docs/api-reference/chat/streaming). A content chunk is built
 * from a prefix and a suffix made once per answer: one JSON.stringify of the text per token.
 */

export interface Completion {
  id: string
  created: number
  model: string
  includeUsage: boolean
}

export interface OpenAiUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'function_call'

/** The model's calls, as the request asked for them: tools' calls, or a legacy function's one call. */
export interface Calls {
  toolCalls?: ToolCallRequest[]
  functionCall?: FunctionCall
}

export const DONE = 'data: [DONE]\n\n'

/**
 * The chunks of one answer. Each choice's chunks carry its `index`; with `n` > 1 the choices'
 * chunks interleave as their generations arrive, as OpenAI's do.
 */
export function chunkWriter(completion: Completion) {
  const head = `data: {"id":${JSON.stringify(completion.id)},"object":"chat.completion.chunk","created":${completion.created},"model":${JSON.stringify(completion.model)},"system_fingerprint":null,"choices":[`
  const usageTail = completion.includeUsage ? ',"usage":null' : ''
  return {
    /** A choice's first chunk: the role, as OpenAI sends it, with empty content. */
    role: (index: number) =>
      `${head}{"index":${index},"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    content: (index: number, text: string) =>
      `${head}{"index":${index},"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    /** The model's calls of the client's functions, whole, in one chunk (the SDKs gather deltas by index). */
    toolCalls: (index: number, calls: ToolCallRequest[]) =>
      `${head}{"index":${index},"delta":{"tool_calls":${JSON.stringify(calls.map((call, at) => ({ index: at, ...call })))}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    /** A legacy request's one call (`functions`), whole, in one chunk. */
    functionCall: (index: number, call: FunctionCall) =>
      `${head}{"index":${index},"delta":{"function_call":${JSON.stringify(call)}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    finish: (index: number, reason: FinishReason) =>
      `${head}{"index":${index},"delta":{},"logprobs":null,"finish_reason":"${reason}"}]${usageTail}}\n\n`,
    /** With `stream_options.include_usage`: the last chunk, its choices empty, for all the choices. */
    usage: (usage: OpenAiUsage) => `${head}],"usage":${JSON.stringify(usage)}}\n\n`,
    /** A failure after the stream began: OpenAI's error object as an event (the SDKs throw it). */
    error: (error: { message: string; type: string; code: string | null }) =>
      `data: ${JSON.stringify({ error: { ...error, param: null } })}\n\n`,
  }
}

/** One generation of the answer, as a choice shows it. */
export interface Choice extends Calls {
  text: string
  finishReason: FinishReason
}

export function completionJson(completion: Completion, choices: Choice[], usage: OpenAiUsage) {
  return {
    id: completion.id,
    object: 'chat.completion' as const,
    created: completion.created,
    model: completion.model,
    system_fingerprint: null,
    choices: choices.map(({ text, finishReason, toolCalls, functionCall }, index) => ({
      index,
      // As OpenAI answers a turn of calls: no text is null, not ''.
      message: toolCalls?.length
        ? { role: 'assistant' as const, content: text || null, refusal: null, tool_calls: toolCalls }
        : functionCall
          ? {
              role: 'assistant' as const,
              content: text || null,
              refusal: null,
              function_call: functionCall,
            }
          : { role: 'assistant' as const, content: text, refusal: null },
      logprobs: null,
      finish_reason: finishReason,
    })),
    usage,
  }
}
