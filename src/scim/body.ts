import { NO_BODY, parseJsonBody, refusedBodies } from '../http/json-body'
import { JSON_BODY_LIMIT } from '../http/limits'
import { invalidSyntax, ScimError } from './errors'

/**
 * A SCIM request's JSON body (`optional`: DELETE, whose body is read under the same rules and
 * ignored, so that it costs no more than anywhere else in the API), read by the route after the token was checked (src/http/base.ts
 * leaves /scim/v2 bodies unread, as it does socket.io's): `application/json` or
 * `application/scim+json`, at most JSON_BODY_LIMIT bytes counted as they arrive (a chunked body
 * too), no NUL, finite numbers, bounded nesting. The shared parser's refusals become SCIM errors
 * in the caller (errors.ts toScimError).
 */
export async function readScimBody(request: Request, options: { optional?: boolean } = {}): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const body = await parseJsonBody(request, type, JSON_BODY_LIMIT)
  if (body === NO_BODY || (body === undefined && !type)) {
    if (options.optional) return undefined
    throw invalidSyntax('A JSON body is required')
  }
  if (body === undefined) {
    await request.body?.cancel().catch(() => {})
    const refused = refusedBodies.get(request)
    throw new ScimError(415, refused?.message ?? 'Request bodies must be JSON (application/scim+json)')
  }
  return body
}
