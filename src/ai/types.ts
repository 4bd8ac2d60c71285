import type { Failure } from '../../db/catalogues/failures'
import type { Model } from '../../db/schema'
import { failureText } from './failures'

/** OpenAI chat content parts: text, and images as (data) URLs for models that read them. */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

/**
 * One message of a prompt. A user turn with attachments carries parts (its text first, then one
 * part per file); providers that cannot take parts flatten them with `turnText`.
 */
export type ChatTurn =
  | { role: 'system' | 'user' | 'assistant'; content: string | ContentPart[] }
  /** The model's request to call tools (issue 30), with whatever text came before it. */
  | { role: 'assistant'; content: string; tool_calls: ToolCallRequest[] }
  /** A tool's result, answering the call `tool_call_id`. */
  | { role: 'tool'; tool_call_id: string; content: string }

/** A function call the model asked for, as OpenAI sends it (arguments: JSON text, maybe malformed). */
export interface ToolCallRequest {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A function the model may call, in OpenAI's tools format (parameters: a JSON Schema object). */
export interface ToolSpec {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

/** Which tool the model must (or must not) call, as OpenAI's `tool_choice` names it. */
export type ToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } }

/** The turn as plain text: text parts joined by blank lines, images as a short note. */
export function turnText(turn: Pick<ChatTurn, 'content'>): string {
  if (typeof turn.content === 'string') return turn.content
  return turn.content.map((part) => (part.type === 'text' ? part.text : '[Image]')).join('\n\n')
}

/** The per-chat settings a model call applies (spec "Chat config"). */
export interface GenerationSettings {
  temperature: number
  maxTokens: number
  topP: number
  frequencyPenalty: number
  presencePenalty: number
  responseFormat: 'text' | 'json' | 'markdown'
  /**
   * With `responseFormat` 'json': the JSON Schema the answer must follow (the team API's
   * `response_format: {type: 'json_schema'}`), passed to the provider as OpenAI names it.
   */
  jsonSchema?: JsonSchemaFormat
}

/** OpenAI's `response_format.json_schema`: a named schema, strictly followed or not. */
export interface JsonSchemaFormat {
  name: string
  description?: string
  schema?: Record<string, unknown>
  strict?: boolean
}

/** Where a workflow request goes: the webhook, the secret that signs it (none: unsigned), the time limit. */
export interface WorkflowTarget {
  url: string
  secret: string | null
  timeoutMs: number
}

/** An agent's workflow call: its target and the fields it adds to the request (agent config, calendar token...). */
export interface WorkflowCall {
  target: WorkflowTarget
  fields: Record<string, unknown>
}

export interface ModelCall {
  model: Model
  /** The whole prompt: system turn first (when any), then the conversation, ending with the user. */
  messages: ChatTurn[]
  settings: GenerationSettings
  chatId: string
  agentId?: string
  /** For the workflow provider: the agent's own workflow (else N8N_WEBHOOK_URL) and its extra fields. */
  workflow?: WorkflowCall
  /** The asking user's language (en, es, fr, de, it, pt): Parley's own texts in a reply follow it. */
  language?: string
  /** The functions the model may call (issue 30); absent or empty: none are offered. */
  tools?: ToolSpec[]
  /** With `tools`: whether the model may, must or must not call one (the team API's `tool_choice`). */
  toolChoice?: ToolChoice
  /** Aborts on stop or on the request timeout. */
  signal: AbortSignal
}

export type ProviderEvent =
  | { type: 'delta'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The model asks for these calls (all of one turn, once its stream is whole). */
  | { type: 'tool_calls'; calls: ToolCallRequest[] }

/** One way of producing a reply: an OpenAI-compatible API, a workflow webhook, or the demo model. */
export interface ChatProvider {
  stream(call: ModelCall): AsyncIterable<ProviderEvent>
}

/**
 * A provider failure: its code (worded by the client in the person's language) and the English
 * sentence for the message's `error` field (never a secret, never a stack).
 */
export class ProviderError extends Error {
  readonly failure: Failure
  constructor(failure: Failure, options?: { cause?: unknown }) {
    super(failureText(failure), options)
    this.name = 'ProviderError'
    this.failure = failure
  }
}
