import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * How a workflow can tell a request really came from Parley (docs/decisions/124): the header
 * `x-parley-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` under the workflow's
 * shared secret, with `x-parley-timestamp` (Unix seconds) so an old request cannot be replayed
 * after the workflow's own tolerance (we suggest five minutes).
 */
export const SIGNATURE_HEADER = 'x-parley-signature'
export const TIMESTAMP_HEADER = 'x-parley-timestamp'

export function signWorkflowBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** What a workflow (or the test fake) does to check a request; constant-time. */
export function verifyWorkflowSignature(
  secret: string,
  timestamp: string | null,
  body: string,
  signature: string | null,
): boolean {
  if (!timestamp || !signature) return false
  const expected = Buffer.from(signWorkflowBody(secret, timestamp, body))
  const given = Buffer.from(signature)
  return expected.byteLength === given.byteLength && timingSafeEqual(expected, given)
}
