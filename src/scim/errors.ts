import { AppError } from '../http/errors'

/*
 * SCIM's own error shape (RFC 7644 section 3.12): provisioning clients (Entra ID, Okta) read
 * `status` and `scimType`, not the app's `{success, error, code}`. Every answer under /scim/v2,
 * including the HTTP layer's refusals (src/http/base.ts), takes this shape.
 */

export const SCIM_PREFIX = '/scim/v2'
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8'
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error'

/** RFC 7644 table 9's `scimType` values this server answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany'

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    options?: { cause?: unknown },
  ) {
    super(detail, options)
    this.name = 'ScimError'
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue')
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax')
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter')
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath')
export const notFound = (detail: string) => new ScimError(404, detail)
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness')

export const isScimPath = (path: string) => path === SCIM_PREFIX || path.startsWith(`${SCIM_PREFIX}/`)

/** A SCIM resource or message as `application/scim+json`. */
export function scimJson(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': SCIM_CONTENT_TYPE },
  })
}

export function scimErrorResponse(
  status: number,
  detail: string,
  scimType?: ScimType,
  headers?: Record<string, string>,
): Response {
  const body = { schemas: [ERROR_SCHEMA], status: String(status), detail, ...(scimType ? { scimType } : {}) }
  // A missing or refused token: RFC 6750's challenge, which RFC 7644 section 2 asks for.
  const challenge: Record<string, string> =
    status === 401 ? { 'www-authenticate': 'Bearer realm="scim"' } : {}
  return scimJson(status, body, { ...headers, ...challenge })
}

/** The scimType a refusal of the app's HTTP layer (src/http/base.ts) stands for. */
export function scimTypeOfCode(status: number, code: string): ScimType | undefined {
  if (status !== 400) return undefined
  return code === 'bad_request:body' || code === 'bad_request:nul' || code === 'bad_request:url'
    ? 'invalidSyntax'
    : 'invalidValue'
}

/** Postgres SQLSTATE anywhere in the cause chain. */
function pgCodeIn(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && hops < 5; hops++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Any error of a SCIM request as a SCIM error: ours as they are, the app's (body parser, services)
 * by their status, the database's by what it means. Answers null for an unexpected error (the
 * caller logs it and answers 500 in SCIM's shape).
 */
export function toScimError(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error
  if (error instanceof AppError)
    return new ScimError(error.status, error.message, scimTypeOfCode(error.status, error.code), {
      cause: error,
    })
  const code = pgCodeIn(error)
  if (code === '23505') return uniqueness('A resource with this value already exists')
  // A row this request points at was deleted meanwhile (a member's account, say).
  if (code === '23503') return notFound('A resource this request refers to was removed in the meantime')
  if (code === '22021' || code === '22P05')
    return invalidSyntax('Text cannot contain NUL characters (\\u0000)')
  return null
}
