export interface AudioType {
  mime: 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/mpeg' | 'audio/wav'
  ext: 'webm' | 'ogg' | 'mp4' | 'mp3' | 'wav'
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0))

/**
 * The audio container from the file's first bytes, whatever its name or declared type say:
 * WebM/Matroska (what Chromium and Firefox record), Ogg, MP4/M4A (Safari), MPEG audio, WAV.
 */
export function detectAudioType(bytes: Uint8Array): AudioType | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'audio/webm', ext: 'webm' }
  if (startsWith(bytes, ascii('OggS'))) return { mime: 'audio/ogg', ext: 'ogg' }
  if (startsWith(bytes, ascii('ftyp'), 4)) return { mime: 'audio/mp4', ext: 'mp4' }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) {
    return { mime: 'audio/wav', ext: 'wav' }
  }
  // An ID3 tag, or an MPEG audio frame sync (11 set bits) with a valid layer.
  if (startsWith(bytes, ascii('ID3'))) return { mime: 'audio/mpeg', ext: 'mp3' }
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) {
    return { mime: 'audio/mpeg', ext: 'mp3' }
  }
  return null
}

/**
 * The length of a WAV file in seconds from its header (byte rate and data size), or null when
 * the header cannot be read. Compressed formats are held to their length by the byte limit.
 */
export function wavSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 12
  let byteRate = 0
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4))
    const size = view.getUint32(offset + 4, true)
    if (id === 'fmt ' && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true)
    if (id === 'data') return byteRate > 0 ? size / byteRate : null
    offset += 8 + size + (size % 2)
  }
  return null
}
