import type { ChatTurn, ToolCallRequest, ToolChoice, ToolSpec } from '../ai/types'
import { invalidRequest } from './errors'
import { FUNCTION_NAME, isObject, MAX_TOOLS, readFunction, readResultText } from './tools-request'

/*
 * OpenAI's deprecated function calling, still sent by older clients and libraries: `functions`,
 * `function_call`, `function` messages and the assistant's `function_call`. Read as tools, so the
 * provider sees one form (tools-request.ts); answered in the legacy form (`message.function_call`,
 * `finish_reason: "function_call"`) when the request used `functions`.
 */

/** `functions`: the functions the model may call, as tools; undefined when none. */
export function readFunctions(value: unknown): ToolSpec[] | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.length > MAX_TOOLS)
    throw invalidRequest(`'functions' must be an array of at most ${MAX_TOOLS} functions`, 'functions')
  if (value.length === 0) return undefined
  return value.map((fn, index) => {
    const at = `functions[${index}]`
    if (!isObject(fn)) throw invalidRequest(`'${at}' must be {name, description?, parameters?}`, at)
    return readFunction(fn, at)
  })
}

/** `function_call`: none, auto, or {name} (which must be among `functions`), as the tool choice. */
export function readFunctionCall(value: unknown, functions: ToolSpec[] | undefined): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined
  if (value === 'none') return 'none'
  if (value === 'auto' && functions) return 'auto'
  if (value === 'auto') throw invalidRequest("'function_call' needs 'functions'", 'function_call')
  if (isObject(value) && typeof value.name === 'string') {
    const name = value.name
    if (!functions?.some((fn) => fn.function.name === name))
      throw invalidRequest("'function_call.name' must name one of 'functions'", 'function_call')
    return { type: 'function', function: { name } }
  }
  throw invalidRequest("'function_call' must be 'none', 'auto' or {name}", 'function_call')
}

/**
 * The legacy turns of one request's messages. Their calls carry no ids, and the provider pairs a
 * result with its call by id: each call gets one from its message's place (`call_fn_<index>`, the
 * same on every request of a growing conversation), and a `function` message answers the latest
 * unanswered call of its name.
 */
export function legacyTurns() {
  const unanswered: { id: string; name: string }[] = []
  return {
    /** An assistant message's `function_call` {name, arguments}: its one tool call. */
    call(value: unknown, index: number, param: string): ToolCallRequest {
      if (!isObject(value) || typeof value.name !== 'string' || !FUNCTION_NAME.test(value.name))
        throw invalidRequest(`'${param}' must be {name, arguments} naming a function`, param)
      if (typeof value.arguments !== 'string')
        throw invalidRequest(`'${param}.arguments' must be a string (JSON)`, `${param}.arguments`)
      const id = `call_fn_${index}`
      unanswered.push({ id, name: value.name })
      return { id, type: 'function', function: { name: value.name, arguments: value.arguments } }
    },
    /** A `function` message {name, content}: the result of the latest unanswered call of its name. */
    result(message: Record<string, unknown>, param: string): ChatTurn {
      const name = message.name
      if (typeof name !== 'string' || !FUNCTION_NAME.test(name))
        throw invalidRequest(`'${param}.name' must name the function it answers`, `${param}.name`)
      const at = unanswered.findLastIndex((call) => call.name === name)
      if (at === -1) throw invalidRequest(`'${param}' answers no earlier function_call of '${name}'`, param)
      const [call] = unanswered.splice(at, 1)
      const content = message.content === null ? '' : readResultText(message.content, `${param}.content`)
      return { role: 'tool', tool_call_id: call!.id, content }
    },
  }
}

export type FunctionCall = ToolCallRequest['function']

/**
 * The model's calls as a legacy request gets them. Legacy functions have one call per turn (the
 * assistant's `function_call`, answered by one `function` message), so when the model made several
 * (as a provider given tools may) only the first is returned; the others are dropped.
 */
export const firstFunctionCall = (calls: ToolCallRequest[]): FunctionCall => calls[0]!.function
