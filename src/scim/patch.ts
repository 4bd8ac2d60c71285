import { invalidPath, invalidSyntax, invalidValue, ScimError } from './errors'
import { attributesOf, isObject, normaliseKey, objectBody } from './values'

/*
 * RFC 7644 section 3.5.2 PatchOp bodies, with the forms the big clients send: Entra ID's
 * capitalised ops and string booleans (`{"op":"Replace","path":"active","value":"False"}`), Okta's
 * path-less replace (`{"op":"replace","value":{"active":false}}`, whose keys may be dotted paths
 * such as "name.givenName"), and member filters (`members[value eq "…"]`).
 */

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const MAX_OPERATIONS = 1000

export type OpName = 'add' | 'remove' | 'replace'

/**
 * One operation on one attribute: `attribute` lower-cased (`name.givenname`); `filter` from a
 * value filter such as `members[value eq "…"]` or `emails[type eq "work"].value`.
 */
export interface Change {
  op: OpName
  attribute: string
  filter?: { attribute: string; value: string }
  value: unknown
}

const PATH =
  /^([A-Za-z][\w.:$-]*?)(?:\[\s*([A-Za-z]\w*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*\])?(?:\.([A-Za-z][\w$]*))?$/i

function parsePath(raw: string): Pick<Change, 'attribute' | 'filter'> {
  const match = PATH.exec(raw.trim())
  if (!match || /\.\.|[.:]$/.test(match[1]!)) throw invalidPath(`Unsupported path "${raw.slice(0, 100)}"`)
  let attribute = normaliseKey(match[1]!)
  if (match[4]) attribute = `${attribute}.${match[4].toLowerCase()}`
  if (!match[3]) return { attribute }
  let value: unknown
  try {
    value = JSON.parse(match[3])
  } catch {}
  if (typeof value !== 'string') throw invalidPath('Malformed value filter in the path')
  return { attribute, filter: { attribute: match[2]!.toLowerCase(), value } }
}

/**
 * The body's operations as changes, one per attribute: a path-less operation's object value
 * becomes one change per key (its key read as a path).
 */
export function parsePatch(body: unknown): Change[] {
  const object = attributesOf(objectBody(body))
  const schemas = object.get('schemas')
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.every((s) => typeof s === 'string')))
    throw invalidSyntax('schemas must be an array of strings')
  if (Array.isArray(schemas) && !schemas.includes(PATCH_OP_SCHEMA))
    throw invalidSyntax(`A PATCH body's schemas must include ${PATCH_OP_SCHEMA}`)
  const operations = object.get('operations')
  if (!Array.isArray(operations) || operations.length === 0)
    throw invalidSyntax('Operations must be a non-empty array')
  if (operations.length > MAX_OPERATIONS)
    throw invalidValue(`At most ${MAX_OPERATIONS} operations per request`)
  const changes: Change[] = []
  for (const raw of operations) {
    if (!isObject(raw)) throw invalidSyntax('Each operation must be an object')
    const operation = attributesOf(raw)
    const opName = operation.get('op')
    const op = typeof opName === 'string' ? opName.toLowerCase() : ''
    if (op !== 'add' && op !== 'remove' && op !== 'replace')
      throw invalidSyntax('op must be add, remove or replace')
    const path = operation.get('path')
    const value = operation.get('value')
    if (path !== undefined && path !== null && path !== '') {
      if (typeof path !== 'string') throw invalidPath('path must be a string')
      changes.push({ op, ...parsePath(path), value })
    } else if (op === 'remove') {
      throw new ScimError(400, 'A remove operation needs a path', 'noTarget')
    } else {
      if (!isObject(value)) throw invalidValue('An operation without a path needs an object value')
      for (const [key, item] of Object.entries(value)) changes.push({ op, ...parsePath(key), value: item })
    }
  }
  return changes
}
