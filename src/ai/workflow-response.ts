/**
 * Reading a workflow webhook's answer (spec section 7, "Workflow-automation webhook"): plain text,
 * a JSON string, an object carrying output, message, response or text, or an array of those.
 * Failures are not thrown: they become the spec's replies (section 8), stored as the assistant's
 * answer, so the conversation shows what happened.
 */

export const WORKFLOW_EMPTY_REPLY = 'I received an empty response from the AI service. Please try again.'
export const WORKFLOW_ERROR_REPLY = 'I apologize, but I encountered an error processing your request.'
export const WORKFLOW_CONNECTION_REPLY =
  "I'm sorry, I'm having trouble connecting to my AI service right now. Please try again in a moment."

export type WorkflowOutcome =
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  | { kind: 'error'; detail: string }

const TEXT_FIELDS = ['output', 'message', 'response', 'text'] as const

/** Classifies an HTTP answer from the webhook. */
export function parseWorkflowResponse(status: number, body: string): WorkflowOutcome {
  if (status < 200 || status >= 300) return { kind: 'error', detail: `HTTP ${status}` }
  const trimmed = body.trim()
  if (!trimmed) return { kind: 'empty' }
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return { kind: 'text', text: trimmed }
  }
  return outcomeOf(value)
}

function outcomeOf(value: unknown): WorkflowOutcome {
  if (typeof value === 'string') return value.trim() ? { kind: 'text', text: value } : { kind: 'empty' }
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'text', text: String(value) }
  if (Array.isArray(value)) {
    const outcomes = value.map(outcomeOf)
    const texts = outcomes.flatMap((outcome) => (outcome.kind === 'text' ? [outcome.text] : []))
    if (texts.length) return { kind: 'text', text: texts.join('\n\n') }
    const failure = outcomes.find((outcome) => outcome.kind === 'error')
    return failure ?? { kind: 'empty' }
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const field of TEXT_FIELDS) {
      const candidate = record[field]
      if (typeof candidate === 'string' && candidate.trim()) return { kind: 'text', text: candidate }
      // Some workflows nest a chat message: { message: { content: '...' } }.
      if (candidate && typeof candidate === 'object' && !Array.isArray(candidate)) {
        const content = (candidate as Record<string, unknown>).content
        if (typeof content === 'string' && content.trim()) return { kind: 'text', text: content }
      }
    }
    if (record.error !== undefined && record.error !== null && record.error !== false) {
      return { kind: 'error', detail: describeError(record.error) }
    }
    return { kind: 'empty' }
  }
  return { kind: 'empty' }
}

function describeError(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  return 'the workflow reported an error'
}

/** The assistant's reply for an outcome: the text itself, or the spec's reply for the failure. */
export function workflowReplyText(outcome: WorkflowOutcome): string {
  switch (outcome.kind) {
    case 'text':
      return outcome.text
    case 'empty':
      return WORKFLOW_EMPTY_REPLY
    case 'error':
      return WORKFLOW_ERROR_REPLY
  }
}
