import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { kindFromDeclaration } from '../extract/classify-file'
import { DEFAULT_LIMITS } from '../extract/limits'
import { fileErrorMessage } from '../extract/messages'
import { safeFileName } from '../extract/safe-file-name'
import { truncateText } from '../extract/truncate-text'
import { AppError } from '../http/errors'
import type { InlineSpool } from '../http/inline-spool'
import type { JsonPath } from '../http/json-budget'
import { releaseChunk } from '../http/read-capped'
import { fileTooLarge, tooManyFiles } from './errors'
import { type AttachmentFacts, completeAttachment, discardAttachment, reserveAttachment } from './store'
import { readFacts } from './upload'

/** Spec section 3, 'File attachment (as sent)': what `POST /api/chat` may carry inline. */
export interface InlineAttachment {
  name: string
  type?: string
  contentType?: string
  /** As the client counted it; the server measures the bytes itself. */
  size?: number
  /** The extracted text for PDF, DOCX and text files; a data URL for the others. */
  content: string
}

const encoder = new TextEncoder()

/**
 * Stores the inline attachments of `POST /api/chat` as un-sent attachment rows and returns their
 * ids, for `bindAttachments`. A document's text (already extracted by the client) is stored as
 * its extracted text and as the file's bytes (text/plain: that text is all the server has of it);
 * a data URL is decoded and goes through the same checks as an upload (size, type from the bytes,
 * images kept as images). All or nothing: a refused file removes the ones stored before it. The
 * files' text comes from `spool` when the body parser cut it out of the body (src/http/inline-spool.ts).
 */
export async function importInlineAttachments(
  ctx: AppContext,
  actor: Actor,
  files: readonly InlineAttachment[],
  spool?: InlineSpool,
): Promise<string[]> {
  const { maxFileBytes, maxFilesPerMessage } = ctx.config.uploads
  if (files.length > maxFilesPerMessage) throw tooManyFiles(maxFilesPerMessage)
  const stored: { id: string; storageKey: string }[] = []
  // A large body's files are read back from its spool under a share of the server's allowance,
  // one file at a time, and the spool is gone once they are stored.
  const release = spool ? await spool.hold() : () => {}
  try {
    for (const [index, file] of files.entries()) {
      const name = safeFileName(file.name)
      const { bytes, facts } = await readInline(
        ctx,
        name,
        file,
        maxFileBytes,
        spool && { spool, path: ['attachments', index, 'content'] },
      )
      const reserved = await reserveAttachment(ctx, actor, name)
      stored.push(reserved)
      await ctx.storage.put(reserved.storageKey, bytes, facts.contentType)
      await completeAttachment(ctx, actor, reserved.id, facts)
      // Stored: a large file's bytes go back now rather than at the next collection (releaseChunk).
      releaseChunk(bytes)
    }
  } catch (error) {
    for (const reserved of stored) await discardAttachment(ctx, actor, reserved)
    throw error
  } finally {
    release()
    await spool?.dispose()
  }
  return stored.map((reserved) => reserved.id)
}

async function readInline(
  ctx: AppContext,
  name: string,
  file: InlineAttachment,
  maxFileBytes: number,
  spooled?: { spool: InlineSpool; path: JsonPath },
): Promise<{ bytes: Uint8Array; facts: AttachmentFacts }> {
  const declaredType = file.contentType || file.type || ''
  const kind = kindFromDeclaration(name, declaredType)
  if (kind === 'pdf' || kind === 'docx' || kind === 'text') {
    const content = (await spooled?.spool.text(spooled.path)) ?? file.content
    const bytes = encoder.encode(content)
    if (bytes.length > maxFileBytes) throw fileTooLarge(maxFileBytes)
    if (bytes.length === 0) throw new AppError('unprocessable:file_empty', `The file is empty: ${name}`)
    const text = truncateText(content, DEFAULT_LIMITS.maxChars).text
    const contentType = kind === 'text' ? textTypeOf(name, declaredType) : 'text/plain; charset=utf-8'
    return {
      bytes,
      facts: { kind, contentType, size: bytes.length, extractedText: text, extractionError: null },
    }
  }
  const decoded = spooled
    ? ((await decodeSpooledDataUrl(spooled.spool, spooled.path, maxFileBytes)) ??
      decodeDataUrl((await spooled.spool.text(spooled.path)) ?? file.content, maxFileBytes))
    : decodeDataUrl(file.content, maxFileBytes)
  if (!decoded) throw new AppError('unprocessable:file_content', fileErrorMessage(kind, name))
  const facts = await readFacts(
    ctx,
    name,
    declaredType || decoded.mediaType,
    decoded.bytes.length,
    decoded.bytes,
  )
  return { bytes: decoded.bytes, facts }
}

const SERVED_TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/csv'])

function textTypeOf(name: string, declaredType: string): string {
  const essence = declaredType.split(';')[0]!.trim().toLowerCase()
  if (SERVED_TEXT_TYPES.has(essence)) return `${essence}; charset=utf-8`
  return name.toLowerCase().endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8'
}

/** The longest `data:` header we look at; real ones are a MIME type and ';base64'. */
const MAX_DATA_URL_HEADER = 256

/**
 * RFC 2397 `data:[<mediatype>][;base64],<data>` to bytes, or null when it is not one. A payload
 * whose decoded size would pass the limit is refused before it is decoded.
 */
export function decodeDataUrl(
  url: string,
  maxBytes: number,
): { mediaType: string; bytes: Uint8Array } | null {
  if (!url.startsWith('data:')) return null
  const comma = url.indexOf(',')
  if (comma < 0 || comma > MAX_DATA_URL_HEADER) return null
  const meta = url.slice(5, comma).split(';')
  const base64 = meta.at(-1)?.trim().toLowerCase() === 'base64'
  const mediaType = meta[0]!.trim().toLowerCase()
  const payload = url.slice(comma + 1)
  if (base64) {
    const compact = payload.replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return null
    if (Math.floor((compact.length * 3) / 4) - (compact.match(/=+$/)?.[0].length ?? 0) > maxBytes) {
      throw fileTooLarge(maxBytes)
    }
    return { mediaType, bytes: new Uint8Array(Buffer.from(compact, 'base64')) }
  }
  if (payload.length > maxBytes * 3) throw fileTooLarge(maxBytes)
  const bytes = percentDecode(payload)
  if (!bytes) return null
  if (bytes.length > maxBytes) throw fileTooLarge(maxBytes)
  return { mediaType, bytes }
}

/** A multiple of 4 base64 characters (3 MiB of them): how much of a spooled data URL is decoded at once. */
const BASE64_SLICE = 3 * 1024 * 1024

/**
 * A spooled base64 data URL decoded slice by slice into its bytes, never holding its text: a 30 MiB
 * body's file costs its 22.5 MiB of bytes and one slice. Undefined when it is anything but the plain
 * form browsers and libraries write (`data:<type>;base64,` and the base64 alphabet, no JSON escape,
 * no whitespace); decodeDataUrl then reads its text as before, with the same result.
 */
async function decodeSpooledDataUrl(
  spool: InlineSpool,
  path: JsonPath,
  maxBytes: number,
): Promise<{ mediaType: string; bytes: Uint8Array } | undefined> {
  const length = spool.length(path) ?? 0
  const headText = Buffer.from(await spool.range(path, 0, MAX_DATA_URL_HEADER + 1)).toString('latin1')
  const comma = headText.indexOf(',')
  if (!headText.startsWith('data:') || comma < 0) return undefined
  const meta = headText.slice(5, comma).split(';')
  if (meta.at(-1)?.trim().toLowerCase() !== 'base64') return undefined
  const characters = length - comma - 1
  if (characters % 4 !== 0) return undefined
  const tail = Buffer.from(await spool.range(path, Math.max(comma + 1, length - 2), 2)).toString('latin1')
  const size = (characters / 4) * 3 - (tail.match(/=+$/)?.[0].length ?? 0)
  if (size > maxBytes) throw fileTooLarge(maxBytes)
  const bytes = Buffer.alloc(size)
  let written = 0
  let at = comma + 1
  for await (const slice of spool.slices(path, comma + 1, BASE64_SLICE)) {
    at += slice.byteLength
    if (!isPlainBase64(slice, at === length)) return undefined
    written += bytes.write(
      Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength).toString('latin1'),
      written,
      'base64',
    )
  }
  if (written !== size) return undefined
  return { mediaType: meta[0]!.trim().toLowerCase(), bytes }
}

/** The base64 alphabet only; '=' only as the last one or two characters of the last slice. */
function isPlainBase64(slice: Uint8Array, last: boolean): boolean {
  let end = slice.byteLength
  if (last) while (end > 0 && slice.byteLength - end < 2 && slice[end - 1] === 0x3d) end--
  for (let at = 0; at < end; at++) {
    const byte = slice[at]!
    const letter =
      (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39)
    if (!letter && byte !== 0x2b && byte !== 0x2f) return false
  }
  return true
}

/** Percent-escapes to bytes, other characters as UTF-8; null on a broken escape. */
function percentDecode(text: string): Uint8Array | null {
  const out: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '%') {
      const hex = text.slice(i + 1, i + 3)
      if (!/^[0-9a-f]{2}$/i.test(hex)) return null
      out.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      out.push(...encoder.encode(char))
    }
  }
  return new Uint8Array(out)
}
