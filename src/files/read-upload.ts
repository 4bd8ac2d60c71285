import { AppError } from '../http/errors'
import { BodyTooLargeError, readCapped } from '../http/read-capped'

/** Room for the multipart envelope (boundaries, part headers, small text fields) around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/**
 * Reads a multipart/form-data request while refusing to hold more than `maxFileBytes` (plus the
 * envelope): a declared Content-Length above that is refused before a byte is read, and a body
 * that turns out longer (chunked, or lying) is cut off as soon as it passes the limit.
 */
export async function readLimitedForm(
  request: Request,
  maxFileBytes: number,
  tooLarge: () => AppError,
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('bad_request:upload', 'Expected a multipart/form-data upload')
  }
  const limit = maxFileBytes + MULTIPART_OVERHEAD_BYTES
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) throw tooLarge()
  const bytes = await readCapped(request, limit).catch((error) => {
    throw error instanceof BodyTooLargeError ? tooLarge() : error
  })
  try {
    // A request body's chunks are views of plain ArrayBuffers, never of shared memory.
    const body = bytes as Uint8Array<ArrayBuffer>
    return await new Response(body, { headers: { 'content-type': type } }).formData()
  } catch (cause) {
    throw new AppError('bad_request:upload', 'Malformed upload', { cause })
  }
}
