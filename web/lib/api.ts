import { treaty } from '@elysiajs/eden'
import type { App } from '../../src/app'
import { readApiError } from './api-error'

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
}).api

/** The `{success:false,error}` message of a failed Eden call, else the given fallback text. */
export function errorText(error: { value: unknown } | null | undefined, fallback: string): string {
  return readApiError(error, fallback).message
}
