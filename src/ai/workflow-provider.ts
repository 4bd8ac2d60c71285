import { BodyTooLargeError, readCappedText } from '../http/read-capped'
import type { CallOutcomes } from './openai-provider'
import { type ChatProvider, type ModelCall, type ProviderEvent, turnText } from './types'
import {
  parseWorkflowResponse,
  WORKFLOW_CONNECTION_REPLY,
  WORKFLOW_ERROR_REPLY,
  workflowReplyText,
} from './workflow-response'

export const DEFAULT_WORKFLOW_SESSION = 'default-session'

/**
 * The webhook is someone else's server: its answer is read for at most this long and this many
 * bytes, whatever the reply's own timeout (which a caller may leave long). A chat answer is text;
 * a megabyte is far more than one.
 */
export const WORKFLOW_LIMITS = { timeoutMs: 120_000, maxBytes: 1024 * 1024 }

/**
 * Agents behind an n8n-style webhook: POST `{chatInput, timestamp, sessionId}` (sessionId = the
 * chat id, so the workflow keeps its own memory per chat; `agentId` is added when one was chosen,
 * so one webhook can route between agents). The webhook does not stream: its answer arrives as one
 * delta. Empty answers, error answers and connection failures become the spec's replies.
 */
export function createWorkflowProvider(
  webhookUrl: string,
  log: { warn(msg: string, f?: object): void },
  limits = WORKFLOW_LIMITS,
  status?: CallOutcomes,
) {
  const provider: ChatProvider = {
    async *stream(call: ModelCall): AsyncIterable<ProviderEvent> {
      // The webhook takes text only: a message's files arrive as their extracted text (and notes).
      const lastUser = [...call.messages].reverse().find((turn) => turn.role === 'user')
      const chatInput = lastUser ? turnText(lastUser) : ''
      let reply: string
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/plain' },
          body: JSON.stringify({
            chatInput,
            timestamp: new Date().toISOString(),
            sessionId: call.chatId || DEFAULT_WORKFLOW_SESSION,
            ...(call.agentId ? { agentId: call.agentId } : {}),
          }),
          // Also bounds reading the body: a trickling answer ends at the same deadline.
          signal: AbortSignal.any([call.signal, AbortSignal.timeout(limits.timeoutMs)]),
        })
        const outcome = parseWorkflowResponse(
          response.status,
          await readCappedText(response, limits.maxBytes),
        )
        if (outcome.kind !== 'text') log.warn('workflow webhook gave no answer', { outcome })
        if (outcome.kind === 'error') status?.failure(new Error(`The webhook answered ${outcome.detail}`))
        else if (outcome.kind === 'empty') status?.failure(new Error('The webhook answered with nothing'))
        else status?.success()
        reply = workflowReplyText(outcome)
      } catch (error) {
        // Stop and timeout are the runner's to report; anything else is a connection failure.
        if (call.signal.aborted) throw error
        if (error instanceof BodyTooLargeError) {
          log.warn('workflow webhook answer too large', { maxBytes: limits.maxBytes })
          status?.failure(new Error(`The webhook's answer was larger than ${limits.maxBytes} bytes`))
          reply = WORKFLOW_ERROR_REPLY
        } else {
          log.warn('workflow webhook unreachable', { error })
          const reason = error instanceof Error ? error.message : String(error)
          status?.failure(new Error(`Could not reach the webhook: ${reason}`))
          reply = WORKFLOW_CONNECTION_REPLY
        }
      }
      yield { type: 'delta', text: reply }
    },
  }
  return provider
}
