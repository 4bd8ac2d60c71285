import { fileTooLarge } from '../attachments/errors'
import { openFilePart } from '../attachments/multipart-stream'
import { safeFileName } from '../extract/service'
import { MULTIPART_OVERHEAD_BYTES } from '../files/read-upload'
import { importEmpty, importNotAnExport } from './errors'
import { IMPORT_LIMITS } from './limits'
import { isZip } from './unzip'

const tooLarge = () => fileTooLarge(IMPORT_LIMITS.uploadBytes)

/**
 * The upload's declared length, refused before a byte of it is read when it is over the limit;
 * the limit itself when it declares none (a chunked upload is held to it as it arrives).
 */
export function refuseDeclaredTooLarge(request: Request): number {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > IMPORT_LIMITS.uploadBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge()
  return Number.isFinite(declared) && declared >= 0 ? declared : IMPORT_LIMITS.uploadBytes
}

/**
 * The multipart field `file`, read into one buffer of at most IMPORT_LIMITS.uploadBytes (sized
 * from the declared length, so a 100 MB upload is not copied chunk by chunk), and checked at once:
 * not empty, and a JSON or a zip by its first bytes. What it holds is the job's to find out.
 */
export async function readImportUpload(request: Request): Promise<{ fileName: string; bytes: Uint8Array }> {
  const part = await openFilePart(request, 'file', {
    maxFileBytes: IMPORT_LIMITS.uploadBytes,
    maxBodyBytes: IMPORT_LIMITS.uploadBytes + MULTIPART_OVERHEAD_BYTES,
    tooLarge,
  })
  const declared = Number(request.headers.get('content-length') ?? 0)
  const bytes = await collect(part.body, Number.isFinite(declared) ? declared : 0)
  if (bytes.length === 0) throw importEmpty()
  if (!isZip(bytes) && !startsLikeJson(bytes)) throw importNotAnExport()
  return { fileName: safeFileName(part.filename), bytes }
}

async function collect(body: ReadableStream<Uint8Array>, sizeHint: number): Promise<Uint8Array> {
  let buffer = new Uint8Array(Math.min(Math.max(sizeHint, 64 * 1024), IMPORT_LIMITS.uploadBytes))
  let length = 0
  for await (const chunk of body) {
    if (length + chunk.length > buffer.length) {
      const grown = new Uint8Array(
        Math.min(Math.max(buffer.length * 2, length + chunk.length), IMPORT_LIMITS.uploadBytes),
      )
      grown.set(buffer.subarray(0, length))
      buffer = grown
    }
    buffer.set(chunk, length)
    length += chunk.length
  }
  return buffer.subarray(0, length)
}

/** `{` or `[` after any white space and a byte-order mark. */
function startsLikeJson(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  while (
    at < bytes.length &&
    (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09)
  )
    at++
  return bytes[at] === 0x7b || bytes[at] === 0x5b
}
