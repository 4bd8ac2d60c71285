import type { InlineSpool } from '../http/inline-spool'
import { NO_BODY, parseJsonBody, refusedBodies } from '../http/json-body'
import type { JsonPath } from '../http/json-budget'
import { inlineChatBodyLimit, JSON_BODY_LIMIT } from '../http/limits'
import { invalidRequest, OpenAiError } from './errors'

/**
 * A /v1 request's JSON body, read by the route after the key was checked (src/http/base.ts leaves
 * /v1 bodies unread, as it does SCIM's): JSON only, counted as it arrives, no NUL, finite numbers,
 * bounded nesting (the shared parser). Chat completions may carry images inline, up to the web
 * chat's inline limit; everything else stops at the JSON limit. Must be an object.
 *
 * With `inlineImages`, each `messages[i].content[j].image_url.url` arrives into that spool (a
 * temporary file once the body passes the JSON limit; decision 189). The body holds a stand-in for
 * each (InlineSpool.markInto) until the route puts the images back under a share of the server's
 * allowance (restoreMarked); the caller disposes the spool when its answer has gone.
 */
export async function readOpenAiBody(
  request: Request,
  uploads: { maxFileBytes: number },
  options: { inlineImages?: InlineSpool } = {},
): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const spool = options.inlineImages
  const inlineLimit = inlineChatBodyLimit(uploads)
  const body = await parseJsonBody(
    request,
    type,
    spool
      ? {
          bytes: JSON_BODY_LIMIT,
          // The key was checked: past the JSON limit at once, and the text may take the whole limit.
          beyond: {
            bytes: inlineLimit,
            keptBytes: inlineLimit,
            admit: async () => {},
            free: isImageUrl,
            spool,
          },
        }
      : JSON_BODY_LIMIT,
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
  // Stand-ins for now: the images are read back once the model is known (completeChat).
  if (spool) await spool.markInto(body)
  return body as Record<string, unknown>
}

/** `messages[i].content[j].image_url.url`: where a chat completion's inline images are. */
const isImageUrl = (path: JsonPath) =>
  path.length === 6 &&
  path[0] === 'messages' &&
  typeof path[1] === 'number' &&
  path[2] === 'content' &&
  typeof path[3] === 'number' &&
  path[4] === 'image_url' &&
  path[5] === 'url'
