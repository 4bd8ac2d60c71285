import type { ChatTurn, ToolCallRequest, ToolChoice, ToolSpec } from '../ai/types'
import { invalidRequest } from './errors'

/*
 * The tools of an OpenAI request, passed through to the provider (issue 31): the client defines the
 * functions and runs them; Parley hands the model's calls back (`finish_reason: "tool_calls"`) and
 * the client sends the results as `tool` messages. Checked as OpenAI checks them, each refusal a 400
 * naming the parameter. Parley's own tools (issue 30) are not offered here.
 */

/** OpenAI's own caps: 128 functions, names of 1–64 letters, digits, underscores or dashes. */
export const MAX_TOOLS = 128
export const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/
/** A definition bigger than this is not a tool but a payload. */
const MAX_TOOL_CHARS = 100_000

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `tools`: the functions the model may call; undefined when none. */
export function readTools(value: unknown): ToolSpec[] | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.length > MAX_TOOLS)
    throw invalidRequest(`'tools' must be an array of at most ${MAX_TOOLS} tools`, 'tools')
  if (value.length === 0) return undefined
  return value.map((tool, index): ToolSpec => {
    const at = `tools[${index}]`
    if (!isObject(tool) || tool.type !== 'function' || !isObject(tool.function))
      throw invalidRequest(`'${at}' must be {type: 'function', function: {...}}`, at)
    return readFunction(tool.function, `${at}.function`, at)
  })
}

/**
 * One function's definition ({name, description?, parameters?}), as a tool; `at` names its fields,
 * `whole` the entry refused when it is too big (`tools[0]` for `tools[0].function`).
 */
export function readFunction(fn: Record<string, unknown>, at: string, whole = at): ToolSpec {
  if (typeof fn.name !== 'string' || !FUNCTION_NAME.test(fn.name))
    throw invalidRequest(`'${at}.name' must be 1 to 64 letters, digits, underscores or dashes`, `${at}.name`)
  if (fn.description !== undefined && typeof fn.description !== 'string')
    throw invalidRequest(`'${at}.description' must be a string`, `${at}.description`)
  if (fn.parameters !== undefined && !isObject(fn.parameters))
    throw invalidRequest(`'${at}.parameters' must be a JSON Schema object`, `${at}.parameters`)
  if (JSON.stringify(fn).length > MAX_TOOL_CHARS)
    throw invalidRequest(`'${whole}' may be at most ${MAX_TOOL_CHARS} characters`, whole)
  return {
    type: 'function',
    function: {
      name: fn.name,
      description: (fn.description as string | undefined) ?? '',
      parameters: (fn.parameters as Record<string, unknown> | undefined) ?? {
        type: 'object',
        properties: {},
      },
    },
  }
}

/** `tool_choice`: none, auto, required, or one named function (which must be among `tools`). */
export function readToolChoice(value: unknown, tools: ToolSpec[] | undefined): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined
  if (value === 'none' || value === 'auto' || value === 'required') {
    if (value !== 'none' && !tools) throw invalidRequest("'tool_choice' needs 'tools'", 'tool_choice')
    return value
  }
  if (isObject(value) && value.type === 'function' && isObject(value.function)) {
    const name = value.function.name
    if (typeof name !== 'string' || !tools?.some((tool) => tool.function.name === name))
      throw invalidRequest(
        "'tool_choice.function.name' must name one of 'tools'",
        'tool_choice.function.name',
      )
    return { type: 'function', function: { name } }
  }
  throw invalidRequest(
    "'tool_choice' must be 'none', 'auto', 'required' or {type: 'function', function: {name}}",
    'tool_choice',
  )
}

/** An assistant turn's `tool_calls` (the model's earlier calls, sent back with their results). */
export function readToolCalls(value: unknown, param: string): ToolCallRequest[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOOLS)
    throw invalidRequest(`'${param}' must be an array of 1 to ${MAX_TOOLS} tool calls`, param)
  return value.map((call, index) => {
    const at = `${param}[${index}]`
    if (!isObject(call) || typeof call.id !== 'string' || !call.id || !isObject(call.function))
      throw invalidRequest(`'${at}' must be {id, type: 'function', function: {name, arguments}}`, at)
    const { name, arguments: args } = call.function
    if (typeof name !== 'string' || !FUNCTION_NAME.test(name))
      throw invalidRequest(`'${at}.function.name' must be a function name`, `${at}.function.name`)
    if (typeof args !== 'string')
      throw invalidRequest(`'${at}.function.arguments' must be a string (JSON)`, `${at}.function.arguments`)
    return { id: call.id, type: 'function', function: { name, arguments: args } }
  })
}

/** A `tool` turn: the result of the call `tool_call_id`, as text. */
export function readToolTurn(message: Record<string, unknown>, param: string): ChatTurn {
  const id = message.tool_call_id
  if (typeof id !== 'string' || !id)
    throw invalidRequest(`'${param}.tool_call_id' must name the call it answers`, `${param}.tool_call_id`)
  return { role: 'tool', tool_call_id: id, content: readResultText(message.content, `${param}.content`) }
}

/** A function's result: a string or text parts, joined. */
export function readResultText(content: unknown, param: string): string {
  if (typeof content === 'string') return content
  if (
    Array.isArray(content) &&
    content.every((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string')
  )
    return content.map((part) => (part as { text: string }).text).join('')
  throw invalidRequest(`'${param}' must be a string or text parts`, param)
}
