import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { messages as english } from '../i18n/compiled/en/errors'
import { i18n } from '../i18n/i18n'
import '../i18n/areas/errors'

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
  const value = error?.value
  const field = (name: 'error' | 'code') =>
    value && typeof value === 'object' && name in value
      ? (value as Record<typeof name, unknown>)[name]
      : undefined
  const message = field('error')
  const code = field('code')
  const serverText = typeof message === 'string' && message ? message : null
  const stableCode = typeof code === 'string' && code ? code : null
  return {
    message: errorMessage(stableCode, serverText) ?? fallback,
    code: stableCode,
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

interface Variant {
  key: string
  pattern: RegExp
  names: string[]
}

/**
 * The codes with several texts, or a value in their text (`error.<code>.<variant>`, see
 * web/i18n/en/errors.ts): each English text as a pattern where a `{placeholder}` matches any value.
 * Read from the compiled English the app loads anyway (its texts and `[name]` placeholders in
 * order), not from the source catalogue, which would ship the same texts twice (issue 35).
 */
const variantsByCode = new Map<string, Variant[]>()
for (const [key, compiled] of Object.entries(english)) {
  const [code, variant] = splitKey(key)
  if (!variant) continue
  const parts = (typeof compiled === 'string' ? [compiled] : compiled) as CompiledMessage
  const names = parts.flatMap((part) => (typeof part === 'string' ? [] : [String(part[0])]))
  const source = parts.map((part) => (typeof part === 'string' ? escapeRegExp(part) : '(.+)')).join('')
  const list = variantsByCode.get(code) ?? []
  list.push({ key, pattern: new RegExp(`^${source}$`, 's'), names })
  variantsByCode.set(code, list)
}

function splitKey(key: string): [code: string, variant: string | undefined] {
  const rest = key.slice('error.'.length)
  const dot = rest.indexOf('.')
  return dot === -1 ? [rest, undefined] : [rest.slice(0, dot), rest.slice(dot + 1)]
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
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
    const key = `error.${code}`
    if (key in english) return translated(key) ?? serverText
    for (const variant of variantsByCode.get(code) ?? []) {
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
