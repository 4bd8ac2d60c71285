import { AppError, NUL_MESSAGE } from './errors'
import type { InlineSpool } from './inline-spool'
import { JsonBudget, type JsonPath } from './json-budget'
import { BodyTooLargeError, cappedChunks, joinChunks, readCappedText, releaseChunk } from './read-capped'

/**
 * The one body parser of the API. Elysia's own parsers trust the client: a JSON body that does not
 * parse on a route whose body is optional silently becomes "no body", a body without a JSON
 * content type is read as text or form fields, and a chunked body is read whole before anything
 * counts it. This reads at most `limit` bytes, accepts JSON only, and refuses what Postgres or the
 * handlers cannot take (NUL characters, non-finite numbers, absurd nesting) with a 4xx.
 */

/** The request carried no body: handed to Elysia as a value so that it does not try its own parsers. */
export const NO_BODY = Symbol('no body')
/** A route with `parse: 'none'` reads its own (multipart) stream, after authentication. */
export const STREAMED_BODY = Symbol('streamed body')

/**
 * A body of another type than JSON, already read under the cap: refused with 415 unless the route
 * reads its own stream (`parse: 'none'`), whose handler then gives its own answer. The parser cannot
 * see the route, so the refusal waits here until the route's own parser has had its turn.
 */
export const refusedBodies = new WeakMap<Request, AppError>()

/** Deeper than any of our request schemas; stops a `[[[[...` body from costing a deep recursion. */
const MAX_DEPTH = 32

/**
 * How much of a body is read: `bytes`, or up to `beyond.bytes` once `beyond.admit()` let the caller
 * past `bytes`, and then only in the strings at the paths `beyond.free` names, every other byte
 * still counting against `bytes` (POST /api/chat's inline files: only a signed-in caller may make
 * the server take 34 MB, and only as files; anyone else's body stops at the JSON limit, with
 * admit's refusal), or against `keptBytes` when given (the team API's text may take the whole limit).
 */
export interface BodyLimit {
  bytes: number
  beyond?: {
    bytes: number
    admit: () => Promise<unknown>
    free: (path: JsonPath) => boolean
    /** What the bytes outside the free strings may total (`bytes` when not given). */
    keptBytes?: number
    /** Where the free strings go (src/http/inline-spool.ts); the parsed body has `""` in their place. */
    spool: InlineSpool
  }
}

export async function parseJsonBody(
  request: Request,
  contentType: string,
  limit: number | BodyLimit,
): Promise<unknown> {
  const type = contentType.toLowerCase()
  if (type === 'multipart/form-data') {
    // The upload routes (`parse: 'none'`) stream and cap their own multipart bodies, after
    // authentication; this parser cannot see the route, so it leaves the body to the next one.
    refuseFormParsing(request)
    return undefined
  }
  let bytes: Uint8Array
  try {
    bytes = await readBody(request, typeof limit === 'number' ? { bytes: limit } : limit)
  } catch (error) {
    if (typeof limit !== 'number') await limit.beyond?.spool.dispose()
    if (error instanceof AppError) throw error
    if (error instanceof BodyTooLargeError)
      throw new AppError('payload_too_large:body', 'Request body is too large', { cause: error })
    throw new AppError('bad_request:body', 'The request body could not be read', { cause: error })
  }
  if (bytes.byteLength === 0) return NO_BODY
  if (!isJsonType(type)) {
    refusedBodies.set(request, new AppError('unsupported_media_type:body', NOT_JSON_MESSAGE))
    return undefined
  }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    throw new AppError('bad_request:body', 'Malformed request body', { cause: error })
  }
  assertStorable(value)
  // `null`, arrays and bare values go on to the route's schema, which names what it expected.
  return value
}

export const NOT_JSON_MESSAGE = 'Request bodies must be JSON (application/json)'

/**
 * The body under `limit`, counted as it arrives (readCapped, with the admission step of BodyLimit).
 * With `beyond`, the free strings are cut out into `spool` (their place in the body left `""`) and
 * the spool goes to a temporary file once the body is admitted past the JSON limit.
 */
async function readBody(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  const spool = limit.beyond?.spool
  const chunks: Uint8Array[] = []
  let total = 0
  let kept = 0
  let admitted = !limit.beyond
  const budget = limit.beyond && new JsonBudget(limit.beyond.keptBytes ?? limit.bytes, limit.beyond.free)
  try {
    for await (const chunk of cappedChunks(request, limit.beyond?.bytes ?? limit.bytes)) {
      total += chunk.byteLength
      if (!admitted && total > limit.bytes) {
        await limit.beyond!.admit()
        await spool?.spill()
        admitted = true
      }
      if (!budget || !spool) {
        chunks.push(chunk)
        kept += chunk.byteLength
        continue
      }
      let keptAny = false
      for (const piece of budget.feed(chunk)) {
        if ('kept' in piece) {
          chunks.push(piece.kept)
          kept += piece.kept.byteLength
          keptAny = true
        } else if ('begin' in piece) spool.begin(piece.begin)
        else if ('inline' in piece) spool.forget(piece.inline)
        else {
          const writing = spool.write(piece.free)
          if (writing) await writing
        }
      }
      // Wholly a file's bytes, which the spool has copied or written: its memory goes back at once
      // (releaseChunk), not at the next collection.
      if (!keptAny) releaseChunk(chunk)
    }
  } catch (error) {
    // Refused at the admission or by the budget: the rest is not read (cappedChunks cancels only
    // past its own cap; cancelling again is harmless).
    await request.body?.cancel().catch(() => {})
    throw error
  }
  return joinChunks(chunks, kept)
}

/**
 * On any route but the uploads, the next parser is Elysia's own form parser, `request.formData()`,
 * which reads the whole body into memory before the 415, with no bound now that Bun's own cap is
 * out of the way (base.ts SERVER_BODY_CAP): 20 such bodies at once to the anonymous login held
 * 600 MB when that cap was 35 MB. Shadowed on this one request, it reads nothing and leaves the
 * 415 to base.ts (`refusedBodies`, thrown in onTransform). The upload routes' parser never calls
 * it; they read `request.body` themselves.
 */
function refuseFormParsing(request: Request) {
  Object.defineProperty(request, 'formData', {
    configurable: true,
    value: async () => {
      refusedBodies.set(request, new AppError('unsupported_media_type:body', NOT_JSON_MESSAGE))
      return new FormData()
    },
  })
}

/**
 * socket.io's engine reads a polling body with `request.text()`, whole, and checks its size only
 * after (and Bun's own cap is out of the way): shadowed on this one request, the reading stops at
 * `limit` with a 413.
 */
export function capTextReading(request: Request, limit: number) {
  Object.defineProperty(request, 'text', {
    configurable: true,
    value: async () => {
      try {
        return await readCappedText(request, limit)
      } catch (error) {
        if (error instanceof BodyTooLargeError)
          throw new AppError('payload_too_large:body', 'Request body is too large', { cause: error })
        throw error
      }
    },
  })
}

/** Every body of the API is an object; a `null` or array that an optional body schema let pass is a mistake, not "no body". */
export const isNonObjectBody = (body: unknown) =>
  body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))

const isJsonType = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)

/** Walks the parsed body without recursion: no NUL in keys or strings, finite numbers, bounded depth. */
function assertStorable(root: unknown) {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (typeof value === 'string') {
      // Postgres text cannot hold NUL (error 22021); refusing it here names the problem.
      if (value.includes('\0')) throw new AppError('bad_request:nul', NUL_MESSAGE)
    } else if (typeof value === 'number') {
      // JSON has no Infinity, but 1e999 parses to it.
      if (!Number.isFinite(value))
        throw new AppError('bad_request:body', 'Numbers in the body must be finite')
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) throw new AppError('bad_request:body', 'The request body is nested too deeply')
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) throw new AppError('bad_request:nul', NUL_MESSAGE)
        stack.push([item, depth + 1])
      }
    }
  }
}
