import { i18n } from '../i18n/i18n'

/**
 * The server's error envelope is `{success:false, error, code}`: `error` is a text for people,
 * `code` (e.g. 'not_found:chat', 'rate_limited:budget') is what the client decides on. Texts may
 * change or be translated; codes are stable.
 */
export interface ApiError {
  /** For people, in their language: the code's translation, else the server's text, else the given fallback. */
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
  const serverText = envelopeText(error?.value, 'error')
  const stableCode = envelopeText(error?.value, 'code')
  return {
    message: errorMessage(stableCode, serverText) ?? fallback,
    code: stableCode,
    status: typeof error?.status === 'number' ? error.status : null,
  }
}

/** Only the stable code of an Eden error, for a caller that decides on it and shows no text. */
export function answerCode(error: { value: unknown } | null | undefined): string | null {
  return envelopeText(error?.value, 'code')
}

function envelopeText(value: unknown, name: 'error' | 'code'): string | null {
  const field =
    value && typeof value === 'object' && name in value ? (value as Record<typeof name, unknown>)[name] : null
  return typeof field === 'string' && field ? field : null
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

/**
 * `apiFailure` for an answer read without the API client (fetch, XMLHttpRequest): the error texts
 * are fetched first, as the client does for its own answers.
 */
export async function answerFailure(
  error: { status?: unknown; value: unknown },
  fallback: string,
): Promise<ApiRequestError> {
  await loadErrorTexts()
  return apiFailure(error, fallback)
}

/** The code of any caught value: an `ApiRequestError`'s, else null. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiRequestError ? error.code : null
}

type ErrorTexts = typeof import('./error-texts')

/** The English error texts once their chunk is in (loadErrorTexts). */
let texts: ErrorTexts | null = null
let loading: Promise<void> | null = null

/**
 * Fetches the server's error texts (web/lib/error-texts.ts): once, and again after a failed fetch.
 * Never rejects: without them a failure reads in the server's own words. The API client waits for
 * them before it hands over a failed answer (web/lib/api.ts), as do the few requests made without
 * it; a first visit that fails nothing never fetches them (issue 35: 4.4 KB of gzip on every page).
 */
export function loadErrorTexts(): Promise<void> {
  loading ??= import('./error-texts').then(
    (module) => {
      texts = module
    },
    () => {
      loading = null
    },
  )
  return loading
}

/**
 * A server error in the reader's language. A code with one fixed text is translated whatever the
 * server's text says; a code with several texts or a value in its text is translated when the
 * server's text is one of its known English texts (the value passed on as sent); anything else
 * (an unknown code, no code, a text we do not know) is the server's own text. Null when there is
 * neither a translation nor a server text.
 */
export function errorMessage(code: string | null, serverText: string | null): string | null {
  if (code) {
    // Not fetched yet (a failure read without the API client, say): the server's words this time.
    if (!texts) {
      void loadErrorTexts()
      return serverText
    }
    const key = `error.${code}`
    if (key in texts.english) return translated(key) ?? serverText
    for (const variant of texts.variantsByCode.get(code) ?? []) {
      const match = serverText ? variant.pattern.exec(serverText) : null
      if (!match) continue
      const values = Object.fromEntries(variant.names.map((name, index) => [name, match[index + 1]]))
      return translated(variant.key, values) ?? serverText
    }
  }
  return serverText
}

/** The message in the active language; null while that language's catalogue lacks it (Lingui echoes the id). */
function translated(key: string, values?: Record<string, string | undefined>): string | null {
  const text = i18n._(key, values)
  return text === key ? null : text
}
