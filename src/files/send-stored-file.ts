/**
 * Answers a stored file so that a browser can never run it as part of our origin: the declared
 * type is reduced to a plain MIME essence, active types (HTML, XML, SVG, scripts) are sent as
 * `application/octet-stream` downloads, `nosniff` stops the browser guessing another type, and
 * `Content-Security-Policy: sandbox` puts whatever does render into an opaque origin.
 */
export interface StoredFileOptions {
  /** The user's file name; only used for Content-Disposition, never for the type. */
  filename: string
  /** The type recorded at upload (from the bytes where it matters). */
  contentType: string
  /** Show in the browser when the type is safe to render; otherwise always a download. */
  inline: boolean
  /** Defaults to `private, no-cache`: files are per-user and may be deleted. */
  cacheControl?: string
}

const OCTET_STREAM = 'application/octet-stream'

/** Types a browser shows without running anything; only these may be sent `inline`. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
])

export function sendStoredFile(blob: Blob, options: StoredFileOptions): Response {
  const type = safeContentType(options.contentType)
  const inline = options.inline && INLINE_TYPES.has(type.split(';')[0]!)
  return new Response(blob, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(blob.size),
      'Content-Disposition': contentDisposition(options.filename, inline),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': options.cacheControl ?? 'private, no-cache',
    },
  })
}

/**
 * The MIME essence in lower case (plus a charset for text), or octet-stream when the value is
 * malformed or names something a browser would execute or render as a document.
 */
export function safeContentType(declared: string): string {
  const [essence = '', ...params] = declared.toLowerCase().split(';')
  const mime = essence.trim()
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(mime)) return OCTET_STREAM
  if (isActiveType(mime)) return OCTET_STREAM
  if (!mime.startsWith('text/')) return mime
  const charset = params.map((p) => p.trim()).find((p) => /^charset=[a-z0-9_.:-]+$/.test(p))
  return charset ? `${mime}; ${charset}` : mime
}

function isActiveType(mime: string): boolean {
  return (
    mime.includes('html') ||
    /[/+]xml($|-)/.test(mime) ||
    mime.includes('svg') ||
    mime.includes('javascript') ||
    mime.includes('ecmascript') ||
    mime === 'text/css' ||
    mime === 'application/x-shockwave-flash' ||
    mime === 'multipart/x-mixed-replace'
  )
}

/**
 * RFC 6266: an ASCII `filename` for old clients (quotes, backslashes, control and path characters
 * removed; other non-ASCII replaced by `_`) and the exact name as `filename*=UTF-8''…`.
 */
export function contentDisposition(filename: string, inline: boolean): string {
  const name = Array.from(filename.toWellFormed())
    .filter((char) => !isControl(char))
    .join('')
    .replace(/[/\\]/g, '_')
    .trim()
  const fallback =
    Array.from(name)
      .map((char) => (char.charCodeAt(0) > 0x7e ? '_' : char))
      .join('')
      .replaceAll('"', '')
      .trim() || 'download'
  const kind = inline ? 'inline' : 'attachment'
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name || 'download')}`
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0)!
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
}

/** Percent-encodes everything outside RFC 5987's attr-char set. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}
