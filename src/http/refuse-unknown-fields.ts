import { AppError } from './errors'

/**
 * A route's `transform` (it runs before validation) that refuses a JSON object naming a field
 * `schema` does not: Elysia quietly drops unknown properties while validating, and a client that
 * sends one must learn it was not applied. `elsewhere` maps the fields that another route sets to
 * where that is, for a more helpful message. Codes are `bad_request:<subject>`.
 */
export function refuseUnknownFields(
  schema: { properties: object },
  subject: string,
  elsewhere: Record<string, string> = {},
) {
  const known = new Set(Object.keys(schema.properties))
  const setElsewhere = new Map(Object.entries(elsewhere))
  return ({ body }: { body: unknown }) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError(`bad_request:${subject}`, `Expected a JSON object of ${subject} fields`)
    }
    for (const field of Object.keys(body)) {
      const where = setElsewhere.get(field)
      if (where) throw new AppError(`bad_request:${subject}`, `${field} cannot be set here; ${where}`)
      if (!known.has(field))
        throw new AppError(`bad_request:${subject}`, `Unknown ${subject} field: ${field}`)
    }
  }
}
