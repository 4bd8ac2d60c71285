/**
 * The server's error envelope is `{success:false, error, code}`: `error` is a text for people,
 * `code` (e.g. 'not_found:chat', 'rate_limited:budget') is what the client decides on. Texts may
 * change or be translated; codes are stable.
 */
export interface ApiError {
  /** The server's message, else the given fallback. */
  message: string
  /** The stable code, or null when the answer carried none (a proxy's page, a network failure). */
  code: string | null
  status: number | null
}

/** Reads `{error, code}` from an Eden error (`{status, value}`), with a fallback message. */
export function readApiError(
  error: { status?: unknown; value: unknown } | null | undefined,
  fallback: string,
): ApiError {
  const value = error?.value
  const field = (name: 'error' | 'code') =>
    value && typeof value === 'object' && name in value
      ? (value as Record<typeof name, unknown>)[name]
      : undefined
  const message = field('error')
  const code = field('code')
  return {
    message: typeof message === 'string' && message ? message : fallback,
    code: typeof code === 'string' && code ? code : null,
    status: typeof error?.status === 'number' ? error.status : null,
  }
}

/** A thrown API failure that keeps its code, so callers (query `error`, mutation `onError`) can branch on it. */
export class ApiRequestError extends Error {
  readonly code: string | null
  readonly status: number | null
  constructor(error: ApiError) {
    super(error.message)
    this.name = 'ApiRequestError'
    this.code = error.code
    this.status = error.status
  }
}

/** Throws the Eden error as an `ApiRequestError` (message from the server, else the fallback). */
export function apiFailure(error: { status?: unknown; value: unknown }, fallback: string): ApiRequestError {
  return new ApiRequestError(readApiError(error, fallback))
}

/** The code of any caught value: an `ApiRequestError`'s, else null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiRequestError ? error.code : null
}
