import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { kindFromDeclaration } from '../extract/classify-file'
import { classifyFile, extractText, safeFileName } from '../extract/service'
import { MULTIPART_OVERHEAD_BYTES } from '../files/read-upload'
import { fileTooLarge } from './errors'
import { inspectStream } from './inspect-stream'
import { toUploadedFile, type UploadedFile } from './model'
import { openFilePart } from './multipart-stream'
import { type AttachmentFacts, completeAttachment, discardAttachment, reserveAttachment } from './store'

const TEXT_KINDS = new Set(['pdf', 'docx', 'text'])

/**
 * `POST /api/uploads`: streams the multipart field `file` to storage under a generated key, then
 * checks its bytes against its declared type and extracts a document's text. Documents are teed
 * into memory while they stream (extraction needs all their bytes anyway); images and other files
 * keep only their first kilobyte. Any failure leaves neither a row nor a file behind.
 */
export async function receiveUpload(ctx: AppContext, actor: Actor, request: Request): Promise<UploadedFile> {
  const { maxFileBytes } = ctx.config.uploads
  const tooLarge = () => fileTooLarge(maxFileBytes)
  const part = await openFilePart(request, 'file', {
    maxFileBytes,
    maxBodyBytes: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    tooLarge,
  })
  const filename = safeFileName(part.filename)
  const declaredKind = kindFromDeclaration(filename, part.contentType)
  const reserved = await reserveAttachment(ctx, actor, filename).catch(async (error) => {
    await part.body.cancel()
    throw error
  })
  try {
    const inspected = inspectStream(part.body, TEXT_KINDS.has(declaredKind))
    await ctx.storage.put(reserved.storageKey, inspected.stream, 'application/octet-stream')
    const { size, head, bytes } = inspected.result()
    const facts = await readFacts(ctx, filename, part.contentType, size, bytes ?? head)
    const row = await completeAttachment(ctx, actor, reserved.id, facts)
    return toUploadedFile(row)
  } catch (error) {
    await discardAttachment(ctx, actor, reserved)
    throw error
  }
}

/** Classifies the bytes (415/422 on a contradiction or an empty file) and reads a document's text. */
export async function readFacts(
  ctx: Pick<AppContext, 'log'>,
  filename: string,
  declaredType: string,
  size: number,
  bytes: Uint8Array,
): Promise<AttachmentFacts> {
  const { kind, mimeType } = classifyFile({ name: filename, declaredType, bytes })
  if (kind !== 'pdf' && kind !== 'docx' && kind !== 'text') {
    return { kind, contentType: mimeType, size, extractedText: null, extractionError: null }
  }
  const extracted = await extractText({ name: filename, kind, bytes })
  if (extracted.error) ctx.log.info('attachment text not extracted', { kind, size, cause: extracted.cause })
  return {
    kind,
    contentType: mimeType,
    size,
    extractedText: extracted.text,
    extractionError: extracted.error ?? null,
  }
}
