import {
  type ChatTurn,
  type ContentPart,
  type GenerationSettings,
  type JsonSchemaFormat,
  type ToolChoice,
  type ToolSpec,
  turnText,
} from '../ai/types'
import { CHAT_CONFIG_DEFAULTS } from '../chats/config-service'
import { invalidRequest } from './errors'
import { legacyTurns, readFunctionCall, readFunctions } from './legacy-functions'
import { isObject, readToolCalls, readToolChoice, readTools, readToolTurn } from './tools-request'

/** What Parley takes of an OpenAI chat completions request (the rest of OpenAI's fields are ignored). */
export interface ChatRequest {
  model: string
  messages: ChatTurn[]
  /** How many answers to generate from the prompt, each its own call to the provider. */
  n: number
  settings: GenerationSettings
  stream: boolean
  includeUsage: boolean
  /** Up to four sequences; the answer ends before the first one written. */
  stop: string[]
  /** `metadata.parley_chat: true`: the exchange is saved as a chat in the person's list. */
  saveAsChat: boolean
  /** The client's functions, passed to the provider; the model's calls come back to the client. */
  tools?: ToolSpec[]
  toolChoice?: ToolChoice
  /** The request used the legacy `functions`: the model's call comes back as `function_call`. */
  legacyFunctions: boolean
}

/** The most messages and characters one request may carry (the body's own limit comes first). */
const MAX_MESSAGES = 1_000
const MAX_MODEL_CHARS = 200
/**
 * The most choices (`n`) a request may ask for. OpenAI allows 128, generated in one pass of its
 * model; Parley runs each choice as its own provider call at the same time, each reserved on the
 * budget and the key, so a self-hosted server takes a handful at once (docs/decisions/164).
 */
const MAX_CHOICES = 8
/** The largest answer a request may ask for; providers cap lower still. */
const MAX_TOKENS = 1_000_000

function optionalNumber(body: Record<string, unknown>, name: string, min: number, max: number) {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw invalidRequest(`'${name}' must be a number from ${min} to ${max}`, name)
  return value
}

function optionalTokens(body: Record<string, unknown>, name: string) {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TOKENS)
    throw invalidRequest(`'${name}' must be a whole number from 1 to ${MAX_TOKENS}`, name)
  return value
}

/**
 * Reads OpenAI's request (https://platform.openai.com/docs/api-reference/chat/create): messages of
 * system, developer (as system), user and assistant turns, their content as text or parts (text,
 * image_url), tool turns and the assistant's tool calls; the sampling settings; response_format;
 * stop; n; stream and stream_options; tools and tool_choice (passed to the provider, tools-request.ts),
 * or the legacy functions and function_call read as tools (legacy-functions.ts).
 * Every refusal is a 400 naming the parameter, as OpenAI's do.
 */
export function readChatRequest(body: Record<string, unknown>): ChatRequest {
  const model = body.model
  if (typeof model !== 'string' || !model.trim() || model.length > MAX_MODEL_CHARS)
    throw invalidRequest("'model' is required: the id of a model from GET /v1/models", 'model')
  const messages = readMessages(body.messages)
  const legacyFunctions = body.functions !== undefined && body.functions !== null
  // As OpenAI: one form or the other, never both.
  if (legacyFunctions && body.tools !== undefined && body.tools !== null)
    throw invalidRequest("'functions' cannot be sent with 'tools': use 'tools' only", 'functions')
  const functions = readFunctions(body.functions)
  const declared = readTools(body.tools)
  const tools = declared ?? functions
  const toolChoice =
    readToolChoice(body.tool_choice, declared) ?? readFunctionCall(body.function_call, functions)
  const n = body.n ?? 1
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_CHOICES)
    throw invalidRequest(
      `'n' must be a whole number from 1 to ${MAX_CHOICES} (OpenAI allows 128; Parley runs each choice as its own call to the provider, at once)`,
      'n',
    )
  const stream = body.stream
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean')
    throw invalidRequest("'stream' must be true or false", 'stream')
  const options = body.stream_options
  if (options !== undefined && options !== null && !isObject(options))
    throw invalidRequest("'stream_options' must be an object", 'stream_options')
  const includeUsage = isObject(options) && options.include_usage === true
  const maxTokens = optionalTokens(body, 'max_completion_tokens') ?? optionalTokens(body, 'max_tokens')
  const metadata = body.metadata
  if (metadata !== undefined && metadata !== null && !isObject(metadata))
    throw invalidRequest("'metadata' must be an object", 'metadata')
  const saveAsChat = isObject(metadata) && (metadata.parley_chat === true || metadata.parley_chat === 'true')
  return {
    model: model.trim(),
    messages,
    n,
    stream: stream === true,
    includeUsage,
    stop: readStop(body.stop),
    saveAsChat,
    ...(tools && { tools }),
    ...(toolChoice && { toolChoice }),
    legacyFunctions,
    settings: {
      temperature: optionalNumber(body, 'temperature', 0, 2) ?? CHAT_CONFIG_DEFAULTS.temperature,
      maxTokens: maxTokens ?? CHAT_CONFIG_DEFAULTS.max_tokens,
      topP: optionalNumber(body, 'top_p', 0, 1) ?? CHAT_CONFIG_DEFAULTS.top_p,
      frequencyPenalty: optionalNumber(body, 'frequency_penalty', -2, 2) ?? 0,
      presencePenalty: optionalNumber(body, 'presence_penalty', -2, 2) ?? 0,
      ...readResponseFormat(body.response_format),
    },
  }
}

function readMessages(value: unknown): ChatTurn[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidRequest("'messages' must be a non-empty array", 'messages')
  if (value.length > MAX_MESSAGES)
    throw invalidRequest(`'messages' may hold at most ${MAX_MESSAGES} messages`, 'messages')
  const legacy = legacyTurns()
  return value.map((message, index) => readMessage(message, index, legacy))
}

function readMessage(message: unknown, index: number, legacy: ReturnType<typeof legacyTurns>): ChatTurn {
  const param = `messages[${index}]`
  if (!isObject(message)) throw invalidRequest(`'${param}' must be an object`, param)
  const role = message.role
  if (role === 'tool') return readToolTurn(message, param)
  if (role === 'function') return legacy.result(message, param)
  if (role !== 'system' && role !== 'developer' && role !== 'user' && role !== 'assistant')
    throw invalidRequest(
      `'${param}.role' must be one of 'system', 'developer', 'user', 'assistant', 'tool' or 'function'`,
      `${param}.role`,
    )
  const toolCalls = message.tool_calls !== undefined && message.tool_calls !== null
  const functionCall = message.function_call !== undefined && message.function_call !== null
  if (role === 'assistant' && toolCalls && functionCall)
    throw invalidRequest(
      `'${param}' may carry 'tool_calls' or 'function_call', not both`,
      `${param}.function_call`,
    )
  if (role === 'assistant' && (toolCalls || functionCall)) {
    const calls = toolCalls
      ? readToolCalls(message.tool_calls, `${param}.tool_calls`)
      : [legacy.call(message.function_call, index, `${param}.function_call`)]
    const said = readContent(message.content, `${param}.content`, true)
    return {
      role: 'assistant',
      content: typeof said === 'string' ? said : turnText({ content: said }),
      tool_calls: calls,
    }
  }
  const content = readContent(message.content, `${param}.content`, role === 'assistant')
  if (role === 'user') return { role, content }
  // Only user turns may carry images (as the providers take them).
  if (typeof content !== 'string' && content.some((part) => part.type !== 'text'))
    throw invalidRequest(`Only user messages may carry images`, `${param}.content`)
  const text =
    typeof content === 'string'
      ? content
      : content.map((part) => (part.type === 'text' ? part.text : '')).join('')
  return { role: role === 'developer' ? 'system' : role, content: text }
}

function readContent(value: unknown, param: string, nullable: boolean): string | ContentPart[] {
  if (typeof value === 'string') return value
  if ((value === null || value === undefined) && nullable) return ''
  if (!Array.isArray(value) || value.length === 0)
    throw invalidRequest(`'${param}' must be a string or a non-empty array of content parts`, param)
  return value.map((part, index): ContentPart => {
    const at = `${param}[${index}]`
    if (!isObject(part)) throw invalidRequest(`'${at}' must be a content part object`, at)
    if (part.type === 'text') {
      if (typeof part.text !== 'string') throw invalidRequest(`'${at}.text' must be a string`, `${at}.text`)
      return { type: 'text', text: part.text }
    }
    if (part.type === 'image_url') {
      const image = part.image_url
      const url = isObject(image) ? image.url : undefined
      if (typeof url !== 'string' || !/^(?:https?:|data:image\/)/i.test(url))
        throw invalidRequest(
          `'${at}.image_url.url' must be an http(s) or data:image URL`,
          `${at}.image_url.url`,
        )
      return { type: 'image_url', image_url: { url } }
    }
    throw invalidRequest(`Content parts of type '${String(part.type)}' are not supported`, `${at}.type`)
  })
}

function readResponseFormat(value: unknown): Pick<GenerationSettings, 'responseFormat' | 'jsonSchema'> {
  if (value === undefined || value === null) return { responseFormat: 'text' }
  if (!isObject(value)) throw invalidRequest("'response_format' must be an object", 'response_format')
  if (value.type === 'text') return { responseFormat: 'text' }
  if (value.type === 'json_object') return { responseFormat: 'json' }
  if (value.type === 'json_schema')
    return { responseFormat: 'json', jsonSchema: readJsonSchema(value.json_schema) }
  throw invalidRequest(
    "'response_format.type' must be 'text', 'json_object' or 'json_schema'",
    'response_format.type',
  )
}

/** OpenAI's rule for a schema's name. */
const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/
/** A schema bigger than this is not a response format but a payload. */
const MAX_SCHEMA_CHARS = 100_000

/** `response_format.json_schema`, checked as OpenAI checks it, passed on as given. */
function readJsonSchema(value: unknown): JsonSchemaFormat {
  const at = 'response_format.json_schema'
  if (!isObject(value)) throw invalidRequest(`'${at}' must be an object`, at)
  if (typeof value.name !== 'string' || !SCHEMA_NAME.test(value.name))
    throw invalidRequest(`'${at}.name' must be 1 to 64 letters, digits, underscores or dashes`, `${at}.name`)
  const format: JsonSchemaFormat = { name: value.name }
  if (value.description !== undefined) {
    if (typeof value.description !== 'string')
      throw invalidRequest(`'${at}.description' must be a string`, `${at}.description`)
    format.description = value.description
  }
  if (value.schema !== undefined) {
    if (!isObject(value.schema)) throw invalidRequest(`'${at}.schema' must be an object`, `${at}.schema`)
    if (JSON.stringify(value.schema).length > MAX_SCHEMA_CHARS)
      throw invalidRequest(`'${at}.schema' may be at most ${MAX_SCHEMA_CHARS} characters`, `${at}.schema`)
    format.schema = value.schema
  }
  if (value.strict !== undefined && value.strict !== null) {
    if (typeof value.strict !== 'boolean')
      throw invalidRequest(`'${at}.strict' must be true or false`, `${at}.strict`)
    format.strict = value.strict
  }
  return format
}

function readStop(value: unknown): string[] {
  if (value === undefined || value === null) return []
  const list = typeof value === 'string' ? [value] : value
  if (
    !Array.isArray(list) ||
    list.length > 4 ||
    !list.every((item) => typeof item === 'string' && item.length > 0 && item.length <= 200)
  )
    throw invalidRequest("'stop' must be a string or up to 4 non-empty strings", 'stop')
  return list as string[]
}
