import { inlineChatBodyLimit, JSON_BODY_LIMIT } from '../http/base'
import { NO_BODY, parseJsonBody, refusedBodies } from '../http/json-body'
import { invalidRequest, OpenAiError } from './errors'

/**
 * A /v1 request's JSON body, read by the route after the key was checked (src/http/base.ts leaves
 * /v1 bodies unread, as it does SCIM's): JSON only, counted as it arrives, no NUL, finite numbers,
 * bounded nesting (the shared parser). Chat completions may carry images inline, up to the web
 * chat's inline limit; everything else stops at the JSON limit. Must be an object.
 */
export async function readOpenAiBody(
  request: Request,
  uploads: { maxFileBytes: number },
  options: { inlineImages?: boolean } = {},
): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const body = await parseJsonBody(
    request,
    type,
    options.inlineImages ? inlineChatBodyLimit(uploads) : JSON_BODY_LIMIT,
  )
  if (body === NO_BODY) throw invalidRequest('A JSON request body is required', null)
  if (body === undefined) {
    await request.body?.cancel().catch(() => {})
    const refused = refusedBodies.get(request)
    throw new OpenAiError(
      415,
      refused?.message ?? 'Request bodies must be JSON (application/json)',
      'invalid_request_error',
      'unsupported_media_type',
    )
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('The request body must be a JSON object', null)
  return body as Record<string, unknown>
}
