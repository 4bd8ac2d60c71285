import { invalidFilter } from './errors'

/*
 * The part of RFC 7644's filter grammar (section 3.4.2.2) that provisioning clients use to find a
 * resource before creating it: `attribute eq "value"` comparisons joined by `and`, plus a
 * `members[value eq "…"]` test on groups (Entra ID's membership check). Anything else is refused
 * with 400 invalidFilter, never guessed at.
 */

export interface Comparison {
  /** The attribute path, lower-cased (`username`, `emails.value`, `members.value`). */
  attribute: string
  value: string
}

const MAX_FILTER_LENGTH = 1000
const MAX_TERMS = 10

/** Tokens: quoted strings (JSON escapes), brackets, and bare words (attribute paths, operators, literals). */
function tokenize(filter: string): string[] {
  const tokens: string[] = []
  let i = 0
  while (i < filter.length) {
    const char = filter[i]!
    if (/\s/.test(char)) {
      i++
    } else if (char === '"') {
      let j = i + 1
      while (j < filter.length && filter[j] !== '"') j += filter[j] === '\\' ? 2 : 1
      if (j >= filter.length) throw invalidFilter('Unterminated string in the filter')
      tokens.push(filter.slice(i, j + 1))
      i = j + 1
    } else if (char === '[' || char === ']' || char === '(' || char === ')') {
      tokens.push(char)
      i++
    } else {
      let j = i
      while (j < filter.length && !/[\s"[\]()]/.test(filter[j]!)) j++
      tokens.push(filter.slice(i, j))
      i = j
    }
  }
  return tokens
}

function stringOf(token: string | undefined): string {
  if (!token?.startsWith('"'))
    throw invalidFilter('Compare with a quoted string, as in userName eq "a@example.com"')
  try {
    const value: unknown = JSON.parse(token)
    if (typeof value === 'string') return value
  } catch {}
  throw invalidFilter('Malformed string in the filter')
}

/** The comparisons of `filter`, all of which must hold; `allowed` names the attributes a resource can be filtered on. */
export function parseFilter(filter: string, allowed: readonly string[]): Comparison[] {
  if (filter.length > MAX_FILTER_LENGTH) throw invalidFilter('The filter is too long')
  const tokens = tokenize(filter)
  const comparisons: Comparison[] = []
  let i = 0
  const expectOp = () => {
    const op = tokens[i++]?.toLowerCase()
    if (op !== 'eq') throw invalidFilter(`Unsupported filter operator "${op ?? ''}": only eq is supported`)
  }
  for (;;) {
    let attribute = tokens[i++]
    if (!attribute || !/^[A-Za-z][\w.:$-]*$/.test(attribute))
      throw invalidFilter('Expected an attribute, as in userName eq "a@example.com"')
    attribute = attribute.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '')
    if (tokens[i] === '[') {
      // members[value eq "…"], emails[value eq "…"]: a test on one sub-attribute of a multi-valued one.
      i++
      const sub = tokens[i++]?.toLowerCase()
      expectOp()
      const value = stringOf(tokens[i++])
      if (tokens[i++] !== ']') throw invalidFilter('Expected ] in the filter')
      attribute = `${attribute}.${sub}`
      comparisons.push({ attribute, value })
    } else {
      expectOp()
      comparisons.push({ attribute, value: stringOf(tokens[i++]) })
    }
    if (!allowed.includes(attribute))
      throw invalidFilter(`Filtering on "${attribute}" is not supported (supported: ${allowed.join(', ')})`)
    if (i === tokens.length) break
    if (tokens[i++]?.toLowerCase() !== 'and') throw invalidFilter('Only "and" can join filter comparisons')
    if (comparisons.length >= MAX_TERMS) throw invalidFilter('The filter has too many comparisons')
  }
  return comparisons
}
