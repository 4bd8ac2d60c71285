import { treaty } from '@elysiajs/eden'
import type { App } from '../../src/app'
import { loadErrorTexts, readApiError } from './api-error'

/**
 * The typed client for our own API (Eden Treaty from the server's `App` type). Same origin, so the
 * session cookie travels with every call and the browser sets Origin on mutations itself.
 */
export const api = treaty<App>(window.location.origin, {
  fetch: { credentials: 'same-origin' },
  // Eden would turn every string that reads as a date into a Date, whatever field it is in: a message
  // or a chat title that is only "2026-05-12" then reached React as an object it cannot show. Dates
  // stay ISO strings, as socket events carry them; the screens read both through `new Date(…)`
  // (fields the server declares `t.Date()` are still typed Date by Eden).
  parseDate: false,
  // Eden types it as Bun's fetch, which has a `preconnect` the browser's lacks.
  fetcher: failuresReadable as typeof fetch,
}).api

/**
 * fetch, holding a failed answer back until the error texts are in (web/lib/api-error.ts): whoever
 * reads it then gets the server's error in the reader's language, synchronously. The signed-out
 * session probe's 401 is the sign-in page's everyday answer, not a failure to show: it does not
 * fetch them.
 */
async function failuresReadable(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init)
  if (!response.ok && !(response.status === 401 && new URL(response.url).pathname === '/api/auth/me'))
    await loadErrorTexts()
  return response
}

/** The `{success:false,error}` message of a failed Eden call, else the given fallback text. */
export function errorText(error: { value: unknown } | null | undefined, fallback: string): string {
  return readApiError(error, fallback).message
}
