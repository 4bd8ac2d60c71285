import { AppError } from '../http/errors'

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
  const bytes = await readAtMost(request.body, limit, tooLarge)
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch (cause) {
    throw new AppError('bad_request:upload', 'Malformed upload', { cause })
  }
}

async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => AppError,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
