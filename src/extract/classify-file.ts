import { AppError } from '../http/errors'
import { safeFileName } from './safe-file-name'
import { hasPdfHeader, type ImageType, isDocx, isText, sniffImage } from './sniff-type'

/** How an attachment is handled: text extracted (pdf, docx, text), sent as an image, or as a data URL. */
export type FileKind = 'pdf' | 'docx' | 'text' | 'image' | 'other'
/** The kinds whose text is extracted. */
export type TextKind = Extract<FileKind, 'pdf' | 'docx' | 'text'>

export interface FileInput {
  name: string
  /** The MIME type the client declared (browser's File.type); may be empty. */
  declaredType: string
  bytes: Uint8Array
}

export interface FileClassification {
  kind: FileKind
  /** The type to store and serve the file with: from the bytes where they were checked. */
  mimeType: string
}

export const PDF_MIME = 'application/pdf'
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

const IMAGE_MIME: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}
/** Declared image types we can check and models accept; aliases browsers and OSes send included. */
const DECLARED_IMAGE: Record<string, ImageType> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/** Text types kept as declared; others (text/html, text/javascript) are stored as plain text so a
 * served attachment can never run as a page or script. */
const SERVED_TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/csv'])

/** The MIME type without parameters, lower-cased: 'Text/Plain; charset=utf-8' → 'text/plain'. */
const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase()

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** Spec section 9: PDF by MIME or .pdf, DOCX by MIME or .docx, text by text/* or .txt/.md, images by image/*. */
export function kindFromDeclaration(name: string, declaredType: string): FileKind {
  const type = essence(declaredType)
  const extension = extensionOf(name)
  if (type === PDF_MIME || extension === 'pdf') return 'pdf'
  if (type === DOCX_MIME || extension === 'docx') return 'docx'
  if (type.startsWith('text/') || extension === 'txt' || extension === 'md') return 'text'
  // SVG is a document that can carry script, and models do not take it as an image.
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image'
  return 'other'
}

const mismatch = (name: string) =>
  new AppError(
    'unsupported_media_type:file_content',
    `The file's contents do not match its type: ${safeFileName(name)}`,
  )

function classifyImage(name: string, declaredType: string, bytes: Uint8Array): FileClassification {
  const declared = DECLARED_IMAGE[essence(declaredType)]
  const actual = sniffImage(bytes)
  // An image format we cannot check (HEIC, BMP, TIFF...) is passed on as a plain file, not an image.
  if (!declared) {
    if (actual) throw mismatch(name)
    return { kind: 'other', mimeType: essence(declaredType) }
  }
  if (actual !== declared) throw mismatch(name)
  return { kind: 'image', mimeType: IMAGE_MIME[actual] }
}

/**
 * The kind the spec assigns from the name and declared type, confirmed by the bytes. A file whose
 * bytes contradict it (a .pdf that is a PNG, a .txt with binary bytes, a .docx that is no Word zip)
 * is refused with a 415 naming the file; an empty file is refused with a 422.
 */
export function classifyFile({ name, declaredType, bytes }: FileInput): FileClassification {
  if (bytes.length === 0) {
    throw new AppError('unprocessable:file_empty', `The file is empty: ${safeFileName(name)}`)
  }
  const kind = kindFromDeclaration(name, declaredType)
  switch (kind) {
    case 'pdf':
      if (!hasPdfHeader(bytes)) throw mismatch(name)
      return { kind, mimeType: PDF_MIME }
    case 'docx':
      if (!isDocx(bytes)) throw mismatch(name)
      return { kind, mimeType: DOCX_MIME }
    case 'text': {
      if (!isText(bytes)) throw mismatch(name)
      const type = essence(declaredType)
      if (SERVED_TEXT_TYPES.has(type)) return { kind, mimeType: type }
      return { kind, mimeType: extensionOf(name) === 'md' ? 'text/markdown' : 'text/plain' }
    }
    case 'image':
      return classifyImage(name, declaredType, bytes)
    case 'other':
      return { kind, mimeType: essence(declaredType) || 'application/octet-stream' }
  }
}
