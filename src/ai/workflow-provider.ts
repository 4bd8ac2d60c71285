import { BodyTooLargeError, cappedChunks } from '../http/read-capped'
import type { CallOutcomes } from './openai-provider'
import {
  type ChatProvider,
  type ChatTurn,
  type ModelCall,
  type ProviderEvent,
  turnText,
  type WorkflowTarget,
} from './types'
import { parseWorkflowResponse, workflowReply, workflowReplyText } from './workflow-response'
import { SIGNATURE_HEADER, signWorkflowBody, TIMESTAMP_HEADER } from './workflow-signature'
import { chunkOf, isStreamChunkLine } from './workflow-stream'

export const DEFAULT_WORKFLOW_SESSION = 'default-session'

/**
 * The webhook is someone else's server: its answer is read for at most this long (unless the
 * agent's own time limit says otherwise) and this many bytes. A chat answer is text; a megabyte
 * is far more than one.
 */
export const WORKFLOW_LIMITS = { timeoutMs: 120_000, maxBytes: 1024 * 1024 }

/** The conversation before the question, as the workflow receives it: the last turns, each cut. */
export const WORKFLOW_HISTORY = { turns: 20, chars: 4000 }

/**
 * Agents behind an n8n-style webhook: POST `{chatInput, timestamp, sessionId}` (sessionId = the
 * chat id, so the workflow keeps its own memory per chat) plus `agentId`, the conversation so far
 * (`history`) and the agent's own fields (its configuration, the calendar token), signed with the
 * workflow's secret (workflow-signature.ts). The answer is read as one body (every form of spec
 * section 7) or, when n8n streams (`{"type":"item","content":...}` lines), passed on chunk by
 * chunk. Empty answers, error answers and connection failures become the spec's replies, in the
 * asking user's language.
 */
export function createWorkflowProvider(
  defaults: { url?: string; secret: string | null },
  log: { warn(msg: string, f?: object): void },
  limits = WORKFLOW_LIMITS,
  status?: CallOutcomes,
) {
  const provider: ChatProvider = {
    async *stream(call: ModelCall): AsyncIterable<ProviderEvent> {
      const target: WorkflowTarget | null =
        call.workflow?.target ??
        (defaults.url ? { url: defaults.url, secret: defaults.secret, timeoutMs: limits.timeoutMs } : null)
      if (!target) {
        status?.failure(new Error('No workflow is configured'))
        yield { type: 'delta', text: workflowReply('connection', call.language) }
        return
      }
      const body = JSON.stringify(requestBody(call))
      const timestamp = String(Math.floor(Date.now() / 1000))
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json, application/x-ndjson, text/plain',
      }
      if (target.secret) {
        headers[TIMESTAMP_HEADER] = timestamp
        headers[SIGNATURE_HEADER] = signWorkflowBody(target.secret, timestamp, body)
      }
      let streamed = false
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers,
          body,
          // Also bounds reading the body: a trickling answer ends at the same deadline.
          signal: AbortSignal.any([call.signal, AbortSignal.timeout(target.timeoutMs)]),
        })
        let outcome: ReturnType<typeof parseWorkflowResponse> | undefined
        for await (const piece of readAnswer(response, limits.maxBytes)) {
          if (piece.kind === 'delta') {
            streamed = true
            yield { type: 'delta', text: piece.text }
          } else outcome = piece.outcome
        }
        if (streamed) {
          status?.success()
          return
        }
        outcome ??= { kind: 'empty' }
        if (outcome.kind !== 'text') log.warn('workflow webhook gave no answer', { outcome })
        if (outcome.kind === 'error') status?.failure(new Error(`The webhook answered ${outcome.detail}`))
        else if (outcome.kind === 'empty') status?.failure(new Error('The webhook answered with nothing'))
        else status?.success()
        yield { type: 'delta', text: workflowReplyText(outcome, call.language) }
      } catch (error) {
        // Stop and timeout are the runner's to report; anything else is a connection failure.
        if (call.signal.aborted) throw error
        let reply: string
        if (error instanceof BodyTooLargeError) {
          log.warn('workflow webhook answer too large', { maxBytes: limits.maxBytes })
          status?.failure(new Error(`The webhook's answer was larger than ${limits.maxBytes} bytes`))
          reply = workflowReply('error', call.language)
        } else {
          log.warn('workflow webhook unreachable', { error })
          // An agent's own webhook URL is not among the provider status's known secrets: never echoed.
          const reason = (error instanceof Error ? error.message : String(error)).replaceAll(
            target.url,
            'the webhook',
          )
          status?.failure(new Error(`Could not reach the webhook: ${reason}`))
          reply = workflowReply('connection', call.language)
        }
        // A stream cut short keeps what arrived; the spec's reply is for an answer that never came.
        if (!streamed) yield { type: 'delta', text: reply }
      }
    },
  }
  return provider
}

function requestBody(call: ModelCall): Record<string, unknown> {
  // The webhook takes text only: a message's files arrive as their extracted text (and notes).
  const turns = call.messages.filter((turn) => turn.role !== 'system')
  const lastUserIndex = turns.findLastIndex((turn) => turn.role === 'user')
  const chatInput = lastUserIndex >= 0 ? turnText(turns[lastUserIndex]!) : ''
  return {
    chatInput,
    timestamp: new Date().toISOString(),
    sessionId: call.chatId || DEFAULT_WORKFLOW_SESSION,
    ...(call.agentId ? { agentId: call.agentId } : {}),
    history: historyOf(lastUserIndex >= 0 ? turns.slice(0, lastUserIndex) : turns),
    ...call.workflow?.fields,
  }
}

function historyOf(turns: ChatTurn[]) {
  return turns.slice(-WORKFLOW_HISTORY.turns).map((turn) => ({
    role: turn.role,
    content: turnText(turn).slice(0, WORKFLOW_HISTORY.chars),
  }))
}

type AnswerPiece =
  | { kind: 'delta'; text: string }
  | { kind: 'outcome'; outcome: ReturnType<typeof parseWorkflowResponse> }

/**
 * Reads the answer under the byte cap. n8n's streamed answers (application/x-ndjson, or JSON
 * whose first line is a `{"type":...}` chunk) are passed on item by item as they arrive; any
 * other answer is read whole and classified (plain text, JSON string, object, array, error).
 */
async function* readAnswer(response: Response, maxBytes: number): AsyncGenerator<AnswerPiece> {
  const contentType = response.headers.get('content-type') ?? ''
  const decoder = new TextDecoder()
  let text = ''
  let mode: 'unknown' | 'stream' | 'whole' = !response.ok
    ? 'whole'
    : contentType.includes('ndjson')
      ? 'stream'
      : 'unknown'
  let sawError = false
  let itemsSeen = false
  const drainLines = function* (final: boolean): Generator<AnswerPiece> {
    for (;;) {
      const newline = text.indexOf('\n')
      if (newline < 0 && !final) return
      const line = newline < 0 ? text : text.slice(0, newline)
      text = newline < 0 ? '' : text.slice(newline + 1)
      const chunk = chunkOf(line)
      if (chunk?.type === 'item' && chunk.content) {
        itemsSeen = true
        yield { kind: 'delta', text: chunk.content }
      } else if (chunk?.type === 'error') sawError = true
      if (newline < 0) return
    }
  }
  for await (const value of cappedChunks(response, maxBytes)) {
    text += decoder.decode(value, { stream: true })
    if (mode === 'unknown') {
      const newline = text.indexOf('\n')
      if (newline >= 0) mode = isStreamChunkLine(text.slice(0, newline)) ? 'stream' : 'whole'
    }
    if (mode === 'stream') yield* drainLines(false)
  }
  text += decoder.decode()
  if (mode === 'unknown' && isStreamChunkLine(text)) mode = 'stream'
  if (mode === 'stream') {
    yield* drainLines(true)
    if (!itemsSeen) {
      yield {
        kind: 'outcome',
        outcome: sawError ? { kind: 'error', detail: 'the stream reported an error' } : { kind: 'empty' },
      }
    }
    return
  }
  yield { kind: 'outcome', outcome: parseWorkflowResponse(response.status, text) }
}
