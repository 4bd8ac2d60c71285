import { openaiSdk } from './openai-sdk'
import { SseParser } from './sse'
import type { ProviderEvent, ToolCallRequest } from './types'

/** What the caller learns of a chat stream besides its events. */
export interface ChatStreamState {
  /** Some text arrived (a failure after this is a connection lost mid-answer). */
  started: boolean
  /** A choice carried its `finish_reason`: the answer is whole. */
  finished: boolean
}

/** A piece of a streamed tool call: the first carries its id and name, the next ones more arguments. */
interface ToolCallDelta {
  index?: number
  id?: string
  function?: { name?: string; arguments?: string }
}

interface ChatChunk {
  choices?: {
    delta?: { content?: string | null; tool_calls?: ToolCallDelta[] | null }
    finish_reason?: string | null
  }[]
  usage?: { prompt_tokens: number; completion_tokens: number } | null
  error?: unknown
}

/**
 * A model's text as Postgres can store it: `text` and `jsonb` refuse the NUL character, and one in a
 * reply failed its every save, leaving it 'streaming' and empty. It becomes U+FFFD, the character
 * that stands for one that cannot be shown.
 */
const storable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text)

/**
 * Reads an OpenAI-compatible chat completions stream (`chat.completion.chunk` server-sent events,
 * ending with `data: [DONE]`) from the raw response. The text of every chunk that arrived in one
 * network read goes out as one delta: the parsing is synchronous (sse.ts), so a reply costs one
 * step of this generator per read, not an object and three generators per chunk as the SDK's
 * Stream did. As the SDK: an `error` event, or a chunk carrying `error`, throws its APIError; a
 * chunk that is not JSON throws. After `[DONE]` the body is still read to its end, so the
 * keep-alive connection goes back to the pool.
 */
export async function* readChatStream(
  response: Response,
  state: ChatStreamState,
): AsyncGenerator<ProviderEvent> {
  if (!response.body) return
  // Loaded already: the response came from the SDK's client.
  const { APIError } = await openaiSdk()
  const decoder = new TextDecoder()
  const parser = new SseParser()
  let text = ''
  let usage: ChatChunk['usage']
  // The tool calls being assembled, by their index (parallel calls interleave their pieces).
  const calls: ToolCallRequest[] = []
  let done = false
  const onEvent = (data: string, event: string | undefined) => {
    if (done) return
    if (data === '[DONE]') {
      done = true
      return
    }
    let chunk: ChatChunk
    try {
      chunk = JSON.parse(data)
    } catch {
      throw new SyntaxError('Error reading response: malformed server-sent event JSON.')
    }
    if (event === 'error' || chunk?.error) {
      throw new APIError(undefined, (chunk?.error ?? chunk) as object, undefined, response.headers)
    }
    const choice = chunk.choices?.[0]
    const content = choice?.delta?.content
    if (content) text += storable(content)
    for (const piece of choice?.delta?.tool_calls ?? []) {
      const index = typeof piece.index === 'number' && piece.index >= 0 && piece.index < 128 ? piece.index : 0
      const call = calls[index] ?? { id: '', type: 'function', function: { name: '', arguments: '' } }
      calls[index] = call
      if (piece.id) call.id = piece.id
      if (piece.function?.name) call.function.name += storable(piece.function.name)
      if (piece.function?.arguments) call.function.arguments += storable(piece.function.arguments)
    }
    if (choice?.finish_reason) state.finished = true
    if (chunk.usage) usage = chunk.usage
  }
  const reader = response.body.getReader()
  let ended = false
  try {
    while (!ended) {
      const read = await reader.read()
      if (read.done) {
        ended = true
        parser.push(decoder.decode(), onEvent)
        parser.end(onEvent)
      } else {
        parser.push(decoder.decode(read.value, { stream: true }), onEvent)
      }
      if (text) {
        state.started = true
        const delta = text
        text = ''
        yield { type: 'delta', text: delta }
      }
      if (usage) {
        const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = usage
        usage = undefined
        yield { type: 'usage', promptTokens, completionTokens }
      }
    }
    const asked = calls.filter((call) => call?.function.name)
    if (asked.length) {
      state.started = true
      // A provider that sent no id still gets one: the result must name the call it answers.
      yield { type: 'tool_calls', calls: asked.map((call, n) => ({ ...call, id: call.id || `call_${n}` })) }
    }
  } finally {
    // Left early (an error, the consumer stopped): the request is given up.
    if (!ended) reader.cancel().catch(() => {})
  }
}
