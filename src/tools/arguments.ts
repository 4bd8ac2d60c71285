/**
 * A tool call's arguments as the model sent them: JSON text that may be malformed or miss what the
 * function's schema asks for. Each problem becomes a sentence the model can read and correct; it
 * never throws. The check covers what function schemas use in practice (an object's required
 * properties, the types and enums of its properties, recursively); an MCP server checks its own
 * arguments again.
 */

export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: string }

export function parseArguments(text: string, schema: Record<string, unknown>): ParsedArguments {
  let value: unknown
  try {
    value = text.trim() ? JSON.parse(text) : {}
  } catch (error) {
    return { ok: false, error: `The arguments are not valid JSON (${(error as Error).message}).` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The arguments must be a JSON object.' }
  }
  const problem = check(value, schema, 'arguments')
  return problem ? { ok: false, error: problem } : { ok: true, value: value as Record<string, unknown> }
}

type Schema = Record<string, unknown>

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function matchesType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type]
  const actual = typeOf(value)
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'))
}

/** The first problem found, as a sentence; null when none. */
function check(value: unknown, schema: Schema, path: string, depth = 0): string | null {
  if (depth > 20 || typeof schema !== 'object' || schema === null) return null
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    return `${path} must be ${Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type}, not ${typeOf(value)}.`
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    return `${path} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}.`
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name === 'string' && object[name] === undefined) return `${path}.${name} is required.`
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    for (const [name, inner] of Object.entries(properties)) {
      if (object[name] === undefined) continue
      const problem = check(object[name], inner, `${path}.${name}`, depth + 1)
      if (problem) return problem
    }
  }
  if (Array.isArray(value) && typeof schema.items === 'object' && schema.items !== null) {
    for (const [index, item] of value.entries()) {
      const problem = check(item, schema.items as Schema, `${path}[${index}]`, depth + 1)
      if (problem) return problem
    }
  }
  return null
}
