import { Elysia, ValidationError } from 'elysia'
import { databaseUnavailable } from '../../db/unavailable'
import { admit } from '../auth/guard'
import { mayWrite } from '../auth/session-cache'
import type { AppContext } from '../context'
import { fromStatus, isOpenAiPath, openAiErrorResponse } from '../openai-api/errors'
import { isScimPath, scimErrorResponse, scimTypeOfCode } from '../scim/errors'
import { AppError, type ErrorCode, kindOfStatus, NUL_MESSAGE, UNEXPECTED } from './errors'
import { inlineSpoolOf, newInlineSpool } from './inline-spool'
import {
  capTextReading,
  isNonObjectBody,
  NO_BODY,
  NOT_JSON_MESSAGE,
  parseJsonBody,
  refusedBodies,
  STREAMED_BODY,
} from './json-body'
import type { JsonPath } from './json-budget'
import { inlineChatBodyLimit, JSON_BODY_LIMIT } from './limits'
import { requestFacts } from './request-log'

/** Where socket.io's engine is mounted (src/app.ts). */
export const SOCKET_IO_PATH = '/socket.io/'

/**
 * Bun's own cap (`maxRequestBodySize`), out of the way: past it Bun answers a declared length with a
 * bare 413 (no JSON body) before Parley sees the request, and cuts a chunked one off mid-way. Parley
 * holds every limit itself (declaredBodyLimit at the request, the capped readers as bodies arrive).
 */
export const SERVER_BODY_CAP = Number.MAX_SAFE_INTEGER

/**
 * The most a request to this path may declare: JSON's limit (socket.io's polling bodies too), or
 * `/api/chat`'s inline files. Multipart is left to the upload routes (`parse: 'none'`), which check
 * their own limit against the declared length right after authentication, before reading; on any
 * other route it is a 415 unread.
 */
function declaredBodyLimit(request: Request, uploads: { maxFileBytes: number }): number {
  const path = pathOf(request)
  if (path === SOCKET_IO_PATH) return JSON_BODY_LIMIT
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/form-data')) return Number.POSITIVE_INFINITY
  // The team API's chat completions carry images inline too; read only after the key is checked (src/openai-api/body.ts).
  return path === '/api/chat' || path === '/v1/chat/completions'
    ? inlineChatBodyLimit(uploads)
    : JSON_BODY_LIMIT
}

/**
 * Cross-cutting HTTP behaviour, registered once on the root app: the `{success:false,error}`
 * error shape with a fitting status (never a stack trace), the URL and body checks (size, JSON
 * only, no NUL; docs/decisions/101-input-hardening.md), and one structured log line per request
 * (method, path, status, duration, user id; never bodies or headers).
 */
export function httpBase(ctx: AppContext) {
  // POST /api/chat's inline files arrive into a spool each (a temporary file past the JSON limit);
  // the route reads them back under a share of the server's allowance (decision 189).
  const spoolFor = (request: Request) =>
    newInlineSpool(request, (bytes) => ctx.largeBodies.take(bytes, request.signal))
  return (
    new Elysia({ name: 'http.base' })
      .onRequest(({ request }) => {
        requestFacts.set(request, { start: performance.now() })
        const refusal = urlRefusal(request)
        if (refusal) return refusal
        // A declared length over the limit: refused before authentication, as a proxy in front would,
        // and before a byte of the body is read.
        const length = Number(request.headers.get('content-length') ?? 0)
        if (length > declaredBodyLimit(request, ctx.config.uploads))
          return errorResponse(request, 413, 'Request body is too large', 'payload_too_large:body')
        // Its polling packets are capped at 1 MB (src/realtime/server.ts), under the JSON limit.
        if (pathOf(request) === SOCKET_IO_PATH) capTextReading(request, JSON_BODY_LIMIT)
      })
      // Routes with `parse: 'none'` (the uploads) name this parser; it leaves their stream unread.
      .parser('none', ({ request }) => {
        refusedBodies.delete(request)
        return STREAMED_BODY
      })
      // Runs before authentication (resolve) and before any route parser: a chunked body is cut off here.
      .onParse({ as: 'global' }, ({ request }, contentType) => {
        // From the URL: the context's `path` is undefined here in Bun's compiled routes (a listening
        // server), which gave POST /api/chat the 1 MiB limit there (decision 142).
        const path = pathOf(request)
        // socket.io's engine reads its own polling bodies (text/plain packets, capped by its
        // maxHttpBufferSize): left unread here, or the engine would find the stream consumed.
        // SCIM's routes read their own after checking the token, and answer in SCIM's error shape (src/scim/body.ts).
        // So do the team API's /v1 routes, after checking the key, in OpenAI's error shape (src/openai-api/body.ts).
        return path === SOCKET_IO_PATH || isScimPath(path) || isOpenAiPath(path)
          ? STREAMED_BODY
          : parseJsonBody(
              request,
              contentType,
              path === '/api/chat'
                ? {
                    bytes: JSON_BODY_LIMIT,
                    // Inline files: only a signed-in caller's body is read past the JSON limit (the
                    // session lookup is the one the route's access check then reuses).
                    beyond: {
                      bytes: inlineChatBodyLimit(ctx.config.uploads),
                      admit: () => admit(ctx, request, 'auth'),
                      free: isInlineFileContent,
                      spool: spoolFor(request),
                    },
                  }
                : JSON_BODY_LIMIT,
            )
      })
      .onTransform({ as: 'global' }, (context) => {
        const { request } = context
        const body: unknown = context.body
        if (body === NO_BODY || body === STREAMED_BODY) {
          context.body = undefined
          return
        }
        const refusal = refusedBodies.get(request)
        if (refusal) throw refusal
        if (isNonObjectBody(body)) nonObjectBodies.add(request)
        // Multipart reached Elysia's form parser: only the upload routes (parse: 'none') take it.
        if (
          body !== undefined &&
          (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/')
        )
          throw new AppError('unsupported_media_type:body', NOT_JSON_MESSAGE)
      })
      // After validation, so a required body's schema names what it expected; an optional one's
      // schema skips non-objects and Elysia's cleaning turns them into "no body", hence the note above.
      .onBeforeHandle({ as: 'global' }, ({ request }) => {
        if (nonObjectBodies.has(request))
          throw new AppError('bad_request:body', 'The request body must be a JSON object')
      })
      // A write may have ended or changed a session or an account: no cached copy outlives it
      // (src/auth/session-cache.ts; a lookup that read before the write finished is not stored).
      // Before the answer leaves (after the handler, or on its error), and once more after it.
      .onAfterHandle({ as: 'global' }, ({ request }) => {
        if (mayWrite(request)) ctx.sessionCache.invalidate()
      })
      .onError({ as: 'global' }, ({ code, error, request, set }) => {
        if (mayWrite(request)) ctx.sessionCache.invalidate()
        // `set.status` is what the access log reads; the Response carries the same status to the client.
        const reply = (
          status: number,
          message: string,
          errorCode: ErrorCode,
          headers?: Record<string, string>,
        ) => {
          set.status = status
          return errorResponse(request, status, message, errorCode, headers)
        }
        // Our body parser's refusals reach here wrapped in Elysia's ParseError.
        const appError =
          error instanceof AppError
            ? error
            : code === 'PARSE'
              ? (appErrorIn(error) ?? refusedBodies.get(request) ?? null)
              : null
        // A safety net behind the body and URL checks (query strings, cookies and multipart fields are not walked).
        if (isUnstorableText(error)) return reply(400, NUL_MESSAGE, 'bad_request:nul')
        // The embedded database process died or is restarting (db/embedded/process.ts), or the
        // Postgres server cannot be reached: a moment's outage, not a bug in this request.
        if (databaseUnavailable(error)) {
          ctx.log.warn('database unavailable', {
            path: pathOf(request),
            error,
            cause: (error as { cause?: unknown }).cause,
          })
          return reply(503, DATABASE_UNAVAILABLE_MESSAGE, 'unavailable:database', { 'retry-after': '1' })
        }
        // A row this request points at (its account, its chat) was deleted by a concurrent request.
        if (pgCodeIn(error) === '23503')
          return reply(409, 'This was removed in the meantime. Reload and try again.', 'conflict:removed')
        // decodeURIComponent on client text (a cookie's value, say) with a broken %-escape.
        if (error instanceof URIError)
          return reply(400, 'Malformed percent-encoding in the request', 'bad_request:encoding')
        if (appError) {
          if (appError.status >= 500)
            ctx.log.error('request failed', { path: pathOf(request), error: appError, cause: appError.cause })
          return reply(appError.status, appError.message, appError.code, appError.headers)
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
              return reply(
                status,
                typeof message === 'string' ? message : 'Bad request',
                kindOfStatus(status),
              )
            }
            ctx.log.error('unhandled error', { path: pathOf(request), error })
            return reply(500, UNEXPECTED, 'internal')
          }
        }
      })
      .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
        void inlineSpoolOf(request)?.dispose()
        if (mayWrite(request)) ctx.sessionCache.invalidate()
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
  )
}

/** `attachments[i].content` of POST /api/chat: the one place its body may pass the JSON limit. */
const isInlineFileContent = (path: JsonPath) =>
  path.length === 3 && path[0] === 'attachments' && typeof path[1] === 'number' && path[2] === 'content'

/** Requests whose JSON body was `null`, an array or a bare value (checked before Elysia cleans it). */
const nonObjectBodies = new WeakSet<Request>()

/**
 * Malformed percent-escapes in the path or query, and NUL in the path, are refused for every route
 * at once: Elysia leaves a bad escape undecoded (so `/api/chats/%E0%A4%A` reached the handlers) and
 * a decoded NUL would reach Postgres, which cannot store it. A NUL in the query goes on to the route
 * (a confirmation link's token has its own answer); the 22021 net in onError catches the rest.
 */
function urlRefusal(request: Request): Response | null {
  const url = new URL(request.url)
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
    decodeURIComponent(url.search)
  } catch {
    return errorResponse(request, 400, 'Malformed percent-encoding in the URL', 'bad_request:url')
  }
  if (path.includes('\0')) return errorResponse(request, 400, NUL_MESSAGE, 'bad_request:nul')
  return null
}

/** An error answer in the app's shape, or in SCIM's under /scim/v2 (its clients read RFC 7644's; src/scim/errors.ts). */
function errorResponse(
  request: Request,
  status: number,
  error: string,
  code: ErrorCode,
  headers?: Record<string, string>,
): Response {
  if (isScimPath(pathOf(request)))
    return scimErrorResponse(status, error, scimTypeOfCode(status, code), headers)
  if (isOpenAiPath(pathOf(request))) return openAiErrorResponse(fromStatus(status, error, headers))
  return Response.json({ success: false, error, code }, { status, headers })
}

function appErrorIn(error: unknown): AppError | null {
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof AppError ? cause : null
}

/** Postgres 22021 (character not in repertoire: a NUL) or 22P05, anywhere in the cause chain. */
function isUnstorableText(error: unknown): boolean {
  const code = pgCodeIn(error)
  return code === '22021' || code === '22P05'
}

const DATABASE_UNAVAILABLE_MESSAGE = 'The database is restarting. Try again in a moment.'

/**
 * postgres.js's connection failures; the embedded database process's query deadline
 * (db/embedded/process.ts); Postgres's "shutting down" and "starting up".
 */
/** The first Postgres SQLSTATE (five characters) in the error's cause chain. */
function pgCodeIn(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && hops < 5; hops++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

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
