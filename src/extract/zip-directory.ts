/**
 * Reads a ZIP archive's central directory without inflating anything, so the type sniffer can see
 * whether a zip is a Word document and the zip-bomb guard can see the declared sizes before any
 * decompression library touches the bytes.
 */

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

export interface ZipDirectory {
  entries: ZipEntry[]
  /** ZIP64 markers are present; the 32-bit sizes read here are not the real ones. */
  zip64: boolean
}

const END_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const END_LENGTH = 22
const MAX_COMMENT = 0xffff
/** Far beyond any real document, small enough that a crafted directory cannot make us loop for long. */
const MAX_ENTRIES = 20_000
const decoder = new TextDecoder()

function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_LENGTH - MAX_COMMENT)
  for (let at = view.byteLength - END_LENGTH; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at
  }
  return -1
}

/** The archive's entries, or null when the bytes are not a readable ZIP. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory | null {
  if (bytes.length < END_LENGTH) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = findEndRecord(view)
  if (end < 0) return null
  const count = view.getUint16(end + 10, true)
  const directorySize = view.getUint32(end + 12, true)
  const directoryOffset = view.getUint32(end + 16, true)
  const zip64 = count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff
  if (zip64) return { entries: [], zip64 }
  if (count > MAX_ENTRIES || directoryOffset + directorySize > end) return null
  const entries: ZipEntry[] = []
  let at = directoryOffset
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return null
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    if (at + 46 + nameLength > end) return null
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    }
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) {
      return { entries, zip64: true }
    }
    entries.push(entry)
    at += 46 + nameLength + extraLength + commentLength
  }
  return { entries, zip64: false }
}

/** Where an entry's compressed data starts (after its local header), or -1 when the header is bad. */
export function findEntryData(bytes: Uint8Array, entry: ZipEntry): number {
  const at = entry.localHeaderOffset
  if (at + 30 > bytes.length) return -1
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(at, true) !== 0x04034b50) return -1
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  return start + entry.compressedSize <= bytes.length ? start : -1
}
