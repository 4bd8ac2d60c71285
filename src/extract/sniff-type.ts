import { readZipDirectory } from './zip-directory'

/** What a file really is, judged from its bytes alone. */
export type SniffedType = 'pdf' | 'docx' | 'png' | 'jpeg' | 'gif' | 'webp' | 'text' | 'unknown'

export const IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

/** PDF readers accept a header anywhere in the first kilobyte (some producers prepend junk). */
const PDF_HEADER_WINDOW = 1024

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false
  return signature.every((byte, index) => bytes[at + index] === byte)
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0))

/** '%PDF-' within the first kilobyte. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const header = ascii('%PDF-')
  const window = bytes.subarray(0, PDF_HEADER_WINDOW)
  for (let at = window.indexOf(0x25); at >= 0; at = window.indexOf(0x25, at + 1)) {
    if (startsWith(window, header, at)) return true
  }
  return false
}

/** A ZIP archive whose directory holds the main part of a Word document. */
export function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false
  const directory = readZipDirectory(bytes)
  return directory?.entries.some((entry) => entry.name === 'word/document.xml') ?? false
}

/** UTF-8 (with or without BOM) without NULs, or UTF-16 announced by its BOM. */
export function isText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be'
    if (bytes.length % 2 !== 0) return false
    try {
      new TextDecoder(encoding, { fatal: true }).decode(bytes)
      return true
    } catch {
      return false
    }
  }
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** The image format announced by the first bytes, if any. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

/**
 * The real type of a file from its magic bytes; an empty file is 'unknown'. A PDF header at offset 0
 * wins; one later in the first kilobyte counts only when the bytes are not text (a Markdown note
 * that quotes '%PDF-' is still text).
 */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) return 'unknown'
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  const image = sniffImage(bytes)
  if (image) return image
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return isDocx(bytes) ? 'docx' : 'unknown'
  if (isText(bytes)) return 'text'
  return hasPdfHeader(bytes) ? 'pdf' : 'unknown'
}
