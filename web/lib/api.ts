import { treaty } from '@elysiajs/eden'
import type { App } from '../../src/app'
import { readApiError } from './api-error'

/**
 * The typed client for our own API (Eden Treaty from the server's `App` type). Same origin, so the
 * session cookie travels with every call and the browser sets Origin on mutations itself.
 */
export const api = treaty<App>(window.location.origin, { fetch: { credentials: 'same-origin' } }).api

/** The `{success:false,error}` message of a failed Eden call, else the given fallback text. */
export function errorText(error: { value: unknown } | null | undefined, fallback: string): string {
  return readApiError(error, fallback).message
}
