import { type TSchema, t } from 'elysia'

/*
 * The answer envelope every JSON route shares. Routes declare `response` with these, so Elysia
 * checks (and trims to the schema) what a handler returns and the OpenAPI document shows it.
 * Errors are answered by the onError hook in base.ts as Responses, outside this check.
 */

/** `{ success: true, data }`: a route's answer with its data. */
export const ok = <T extends TSchema>(data: T) => t.Object({ success: t.Literal(true), data })

/** `{ success: true }`: a route that answers with no data. */
export const done = t.Object({ success: t.Literal(true) })

/** `{ success: false, error, code }`: every error answer (base.ts). */
export const failure = t.Object({ success: t.Literal(false), error: t.String(), code: t.String() })
