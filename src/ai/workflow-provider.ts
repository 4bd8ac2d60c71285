import { type ChatProvider, type ModelCall, type ProviderEvent, turnText } from './types'
import { parseWorkflowResponse, WORKFLOW_CONNECTION_REPLY, workflowReplyText } from './workflow-response'

export const DEFAULT_WORKFLOW_SESSION = 'default-session'

/**
 * Agents behind an n8n-style webhook: POST `{chatInput, timestamp, sessionId}` (sessionId = the
 * chat id, so the workflow keeps its own memory per chat; `agentId` is added when one was chosen,
 * so one webhook can route between agents). The webhook does not stream: its answer arrives as one
 * delta. Empty answers, error answers and connection failures become the spec's replies.
 */
export function createWorkflowProvider(webhookUrl: string, log: { warn(msg: string, f?: object): void }) {
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
          signal: call.signal,
        })
        const outcome = parseWorkflowResponse(response.status, await response.text())
        if (outcome.kind !== 'text') log.warn('workflow webhook gave no answer', { outcome })
        reply = workflowReplyText(outcome)
      } catch (error) {
        // Stop and timeout are the runner's to report; anything else is a connection failure.
        if (call.signal.aborted) throw error
        log.warn('workflow webhook unreachable', { error })
        reply = WORKFLOW_CONNECTION_REPLY
      }
      yield { type: 'delta', text: reply }
    },
  }
  return provider
}
