/**
 * Errors are values with a code. A service throws `new AppError('not_found:chat', 'Chat not found')`;
 * the HTTP layer maps the code's kind to a status once, and the message (a spec text where one
 * exists) goes to the client. The original error travels as `cause`, for the log only.
 */

const statusByKind = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const

export type ErrorKind = keyof typeof statusByKind
export type ErrorCode = ErrorKind | `${ErrorKind}:${string}`

export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options)
    this.name = 'AppError'
    this.status = statusByKind[code.split(':')[0] as ErrorKind]
    this.headers = options?.headers
  }
  readonly headers?: Record<string, string>
}

/** The error kind a bare HTTP status stands for (for errors raised outside our own code). */
export function kindOfStatus(status: number): ErrorKind {
  const found = Object.entries(statusByKind).find(([, value]) => value === status)
  return found ? (found[0] as ErrorKind) : status < 500 ? 'bad_request' : 'internal'
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError

/** The spec's generic failure text; what a client sees for anything unexpected. */
export const UNEXPECTED = 'An unexpected error occurred'

/** Postgres text cannot hold NUL (error 22021): refused wherever it arrives, with this message. */
export const NUL_MESSAGE = 'Text cannot contain NUL characters (\\u0000)'
