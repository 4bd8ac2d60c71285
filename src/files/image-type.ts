export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  ext: 'png' | 'jpg' | 'gif' | 'webp'
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0))

/**
 * The raster image type from the file's first bytes (its magic number), whatever its name or
 * declared type say. SVG is deliberately not recognised: it is a document that can carry script.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { mime: 'image/gif', ext: 'gif' }
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', ext: 'webp' }
  }
  return null
}

const MIME_BY_EXT: Record<string, ImageType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** The type of a stored image from the extension the server gave its key. */
export function imageMimeFromKey(key: string): ImageType['mime'] | null {
  return MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? null
}
