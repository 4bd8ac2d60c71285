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

export function chunkWriter(completion: Completion) {
  const head = `data: {"id":${JSON.stringify(completion.id)},"object":"chat.completion.chunk","created":${completion.created},"model":${JSON.stringify(completion.model)},"system_fingerprint":null,"choices":[`
  const usageTail = completion.includeUsage ? ',"usage":null' : ''
  return {
    /** The first chunk: the role, as OpenAI sends it, with empty content. */
    role: () =>
      `${head}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    content: (text: string) =>
      `${head}{"index":0,"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    /** The model's calls of the client's functions, whole, in one chunk (the SDKs gather deltas by index). */
    toolCalls: (calls: ToolCallRequest[]) =>
      `${head}{"index":0,"delta":{"tool_calls":${JSON.stringify(calls.map((call, index) => ({ index, ...call })))}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    /** A legacy request's one call (`functions`), whole, in one chunk. */
    functionCall: (call: FunctionCall) =>
      `${head}{"index":0,"delta":{"function_call":${JSON.stringify(call)}},"logprobs":null,"finish_reason":null}]${usageTail}}\n\n`,
    finish: (reason: FinishReason) =>
      `${head}{"index":0,"delta":{},"logprobs":null,"finish_reason":"${reason}"}]${usageTail}}\n\n`,
    /** With `stream_options.include_usage`: the last chunk, its choices empty. */
    usage: (usage: OpenAiUsage) => `${head}],"usage":${JSON.stringify(usage)}}\n\n`,
    /** A failure after the stream began: OpenAI's error object as an event (the SDKs throw it). */
    error: (error: { message: string; type: string; code: string | null }) =>
      `data: ${JSON.stringify({ error: { ...error, param: null } })}\n\n`,
  }
}

export function completionJson(
  completion: Completion,
  text: string,
  finishReason: FinishReason,
  usage: OpenAiUsage,
  { toolCalls, functionCall }: Calls = {},
) {
  return {
    id: completion.id,
    object: 'chat.completion' as const,
    created: completion.created,
    model: completion.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
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
      },
    ],
    usage,
  }
}
