import { AppError } from '../http/errors'

/**
 * A `transform` hook that refuses fields the schema does not name. Elysia would otherwise drop
 * them silently; a client sending `{ "pasword": ... }` deserves a 400 that says which field is wrong.
 * It runs before validation, so it sees the body as sent.
 */
export const rejectUnknownFields =
  (schema: { properties: Record<string, unknown> }) =>
  ({ body }: { body: unknown }) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return
    const unknown = Object.keys(body).find((field) => !Object.hasOwn(schema.properties, field))
    if (unknown !== undefined) throw new AppError('bad_request:field', `Unknown field: ${unknown}`)
  }
