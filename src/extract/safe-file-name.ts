/**
 * A file name fit to store and show: the last path segment only, no NUL/control characters or
 * bidirectional overrides (which can disguise 'evil\u202Efdp.exe' as 'evilexe.pdf'), trimmed, at most
 * 255 UTF-8 bytes with the extension kept, never empty.
 */

const MAX_BYTES = 255
/** Longer "extensions" are just part of the name, not something worth keeping whole. */
const MAX_EXTENSION_BYTES = 16
const FALLBACK = 'file'
const encoder = new TextEncoder()

/** C0 controls, DEL, C1 controls, and the bidi marks, embeddings, overrides and isolates. */
function isUnsafeChar(char: string): boolean {
  const code = char.codePointAt(0)!
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

const byteLength = (text: string) => encoder.encode(text).length

/** The longest prefix of `text` (whole code points) that fits in `budget` UTF-8 bytes. */
function truncateToBytes(text: string, budget: number): string {
  let out = ''
  let used = 0
  for (const char of text) {
    const size = byteLength(char)
    if (used + size > budget) break
    out += char
    used += size
  }
  return out
}

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return [name, '']
  const extension = name.slice(dot)
  if (byteLength(extension) > MAX_EXTENSION_BYTES) return [name, '']
  return [name.slice(0, dot), extension]
}

export function safeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? ''
  const cleaned = Array.from(lastSegment.normalize('NFC'))
    .filter((char) => !isUnsafeChar(char))
    .join('')
    .trim()
  if (cleaned === '' || /^\.+$/.test(cleaned)) return FALLBACK
  if (byteLength(cleaned) <= MAX_BYTES) return cleaned
  const [base, extension] = splitExtension(cleaned)
  const kept = truncateToBytes(base, MAX_BYTES - byteLength(extension)).trim()
  return kept === '' ? truncateToBytes(cleaned, MAX_BYTES) : kept + extension
}
