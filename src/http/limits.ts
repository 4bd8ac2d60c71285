import { ByteGate } from './byte-gate'

/** JSON bodies above this are refused with 413 before they are read (uploads have their own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024

/**
 * `POST /api/chat` carries its files inline (spec section 3): room for one file of the upload limit
 * as a base64 data URL, plus the message. More or larger files go through `/api/uploads`. The team
 * API's chat completions take their inline images up to the same size.
 */
export const inlineChatBodyLimit = (uploads: { maxFileBytes: number }) =>
  Math.ceil((uploads.maxFileBytes * 4) / 3) + JSON_BODY_LIMIT

/** How long a large body waits for its share of the allowance before a 503 (src/http/byte-gate.ts). */
const LARGE_BODY_WAIT_MS = 30_000

/**
 * The server's allowance for large bodies' inline files read back into memory: two bodies of the
 * largest size at once (decisions 155 and 189: 20 such bodies at once held 1.2–1.9 GB when read
 * whole). Bodies under the JSON limit do not take a share.
 */
export const largeBodyGate = (uploads: { maxFileBytes: number }) =>
  new ByteGate(2 * (inlineChatBodyLimit(uploads) - JSON_BODY_LIMIT), LARGE_BODY_WAIT_MS)
