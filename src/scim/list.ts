import { invalidValue } from './errors'

/** RFC 7644 section 3.4.2.4 paging; the ceiling is ServiceProviderConfig's `filter.maxResults`. */
export const MAX_RESULTS = 200
const DEFAULT_COUNT = 100

export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'

export interface ListQuery {
  filter?: string
  startIndex?: string
  count?: string
  attributes?: string
  excludedAttributes?: string
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^-?\d{1,9}$/.test(value)) throw invalidValue(`${name} must be a whole number`)
  return Number(value)
}

/** startIndex is 1-based; a value under 1 means 1, a negative count 0, and count is capped at MAX_RESULTS (the RFC's rules). */
export function paging(query: ListQuery): { startIndex: number; count: number } {
  const startIndex = Math.max(1, wholeNumber(query.startIndex, 'startIndex') ?? 1)
  const count = Math.min(MAX_RESULTS, Math.max(0, wholeNumber(query.count, 'count') ?? DEFAULT_COUNT))
  return { startIndex, count }
}

export function listResponse(total: number, startIndex: number, resources: unknown[]) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  }
}

/** Whether `attributes`/`excludedAttributes` leave out a group's members (Entra ID asks without them). */
export function omitsMembers(query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>): boolean {
  const names = (list: string | undefined) =>
    (list ?? '')
      .split(',')
      .map((name) =>
        name
          .trim()
          .toLowerCase()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, ''),
      )
      .filter(Boolean)
  if (names(query.excludedAttributes).includes('members')) return true
  const wanted = names(query.attributes)
  return wanted.length > 0 && !wanted.some((name) => name === 'members' || name.startsWith('members.'))
}
