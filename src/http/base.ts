import { Elysia, ValidationError } from 'elysia'
import type { AppContext } from '../context'
import { AppError, type ErrorCode, kindOfStatus, UNEXPECTED } from './errors'
import { requestFacts } from './request-log'

/** JSON bodies above this are refused with 413 before they are read (uploads have their own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024

/**
 * `POST /api/chat` carries its files inline (spec section 3): room for one file of the upload limit
 * as a base64 data URL, plus the message. More or larger files go through `/api/uploads`.
 */
export const inlineChatBodyLimit = (uploads: { maxFileBytes: number }) =>
  Math.ceil((uploads.maxFileBytes * 4) / 3) + JSON_BODY_LIMIT

/**
 * Cross-cutting HTTP behaviour, registered once on the root app: the `{success:false,error}`
 * error shape with a fitting status (never a stack trace), the body size limit, and one structured
 * log line per request (method, path, status, duration, user id; never bodies or headers).
 */
export const httpBase = (ctx: AppContext) =>
  new Elysia({ name: 'http.base' })
    .onRequest(({ request }) => {
      requestFacts.set(request, { start: performance.now() })
      const length = Number(request.headers.get('content-length') ?? 0)
      const type = request.headers.get('content-type') ?? ''
      if (length > JSON_BODY_LIMIT && !type.startsWith('multipart/form-data')) {
        const inlineFiles = pathOf(request) === '/api/chat'
        if (inlineFiles && length <= inlineChatBodyLimit(ctx.config.uploads)) return
        return Response.json(
          { success: false, error: 'Request body is too large', code: 'payload_too_large:body' },
          { status: 413 },
        )
      }
    })
    .onError({ as: 'global' }, ({ code, error, request, set }) => {
      // `set.status` is what the access log reads; the Response carries the same status to the client.
      const reply = (
        status: number,
        message: string,
        errorCode: ErrorCode,
        headers?: Record<string, string>,
      ) => {
        set.status = status
        return Response.json({ success: false, error: message, code: errorCode }, { status, headers })
      }
      if (error instanceof AppError) {
        if (error.status >= 500)
          ctx.log.error('request failed', { path: pathOf(request), error, cause: error.cause })
        return reply(error.status, error.message, error.code, error.headers)
      }
      switch (code) {
        case 'VALIDATION':
          return reply(400, validationMessage(error), 'bad_request:validation')
        case 'PARSE':
          return reply(400, 'Malformed request body', 'bad_request:body')
        case 'NOT_FOUND':
          return reply(404, 'Not found', 'not_found')
        case 'INVALID_COOKIE_SIGNATURE':
          return reply(401, 'No active session', 'unauthorized')
        default: {
          // Elysia's own status() throws carry a status; anything else is a bug: log it, hide it.
          const status = (error as { status?: unknown }).status
          if (typeof status === 'number' && status < 500) {
            const message = (error as { response?: unknown }).response
            return reply(status, typeof message === 'string' ? message : 'Bad request', kindOfStatus(status))
          }
          ctx.log.error('unhandled error', { path: pathOf(request), error })
          return reply(500, UNEXPECTED, 'internal')
        }
      }
    })
    .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
      const facts = requestFacts.get(request)
      if (!facts) return
      // A Response returned by a handler carries its own status; `set` does not see it.
      const status =
        responseValue instanceof Response
          ? responseValue.status
          : typeof set.status === 'number'
            ? set.status
            : 200
      ctx.log.info('request', {
        method: request.method,
        path: pathOf(request),
        status,
        durationMs: Math.round((performance.now() - facts.start) * 10) / 10,
        userId: facts.userId,
      })
    })

function pathOf(request: Request): string {
  return new URL(request.url).pathname
}

/** A validation failure as one sentence: the schema's own `error` text if it has one, else where and what. */
function validationMessage(error: unknown): string {
  if (!(error instanceof ValidationError)) return 'Invalid request'
  if (typeof error.customError === 'string') return error.customError
  const first = error.all[0]
  if (!first) return 'Invalid request'
  if ('schema' in first && typeof first.schema?.error === 'string') return first.schema.error
  const field = 'path' in first && first.path ? first.path.replace(/^\//, '').replaceAll('/', '.') : ''
  const summary = 'summary' in first && first.summary ? first.summary : first.message
  return field ? `Invalid ${field}: ${summary}` : `Invalid request: ${summary}`
}
