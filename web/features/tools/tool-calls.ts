import { type StoredToolCall, toolCallStatuses } from '../../../db/catalogues/tools'

export type ToolCall = StoredToolCall

/** The tool calls stored with an assistant message, in order, or none (older messages have no field). */
export function toolCallsOf(message: object): ToolCall[] {
  const calls = 'tool_calls' in message ? message.tool_calls : null
  return Array.isArray(calls) ? calls.filter(isToolCall) : []
}

function isToolCall(value: unknown): value is ToolCall {
  if (!value || typeof value !== 'object') return false
  const call = value as Partial<ToolCall>
  return (
    typeof call.id === 'string' &&
    typeof call.name === 'string' &&
    toolCallStatuses.includes(call.status as ToolCall['status'])
  )
}

/**
 * The calls with `call` put in: replacing the one with its id (a status change), else added at the
 * end (the model's calls arrive in the order it made them).
 */
export function upsertToolCall(calls: readonly ToolCall[], call: ToolCall): ToolCall[] {
  const at = calls.findIndex((known) => known.id === call.id)
  if (at === -1) return [...calls, call]
  return calls.map((known, index) => (index === at ? call : known))
}

/**
 * The arguments as the answer shows them: indented JSON when the model sent valid JSON, the text
 * as sent otherwise (a malformed call is shown as the model wrote it); null when there are none.
 */
export function shownArguments(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === '{}') return null
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2)
  } catch {
    return text
  }
}

/** A duration for the call's row: whole milliseconds under a second, else seconds to one decimal. */
export function durationOf(ms: number): { unit: 'ms'; value: number } | { unit: 's'; value: number } {
  if (ms < 1000) return { unit: 'ms', value: Math.max(0, Math.round(ms)) }
  return { unit: 's', value: Math.round(ms / 100) / 10 }
}
