import { inflateRawSync } from 'node:zlib'
import { findEntryData, readZipDirectory, type ZipEntry } from '../extract/zip-directory'
import { cut } from './conversation'
import { FAILURES, ImportFailure, type ImportNote, REASONS } from './errors'
import { IMPORT_LIMITS } from './limits'

/** The most entries the central directory reader takes (src/extract/zip-directory.ts). */
const MAX_ZIP_ENTRIES = 20_000
const STORED = 0
const DEFLATED = 8

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)

/**
 * The JSON files an export's zip holds, read in memory (nothing is written to disk): its
 * `conversations.json` (ChatGPT and Claude put it at the top, beside images and other files that are
 * never unpacked), or else every `.json` file (Parley chat exports). The central directory's sizes
 * are checked before anything is inflated (a zip bomb declares its size, or lies about it and is
 * stopped at the size it declared); names with `..` or an absolute path are ignored and reported.
 */
export function readZipJson(bytes: Uint8Array): {
  files: { name: string; bytes: Uint8Array }[]
  ignored: ImportNote[]
  conversations: boolean
} {
  const directory = readZipDirectory(bytes)
  if (!directory)
    throw new ImportFailure(
      (entryCount(bytes) ?? 0) > MAX_ZIP_ENTRIES ? FAILURES.tooManyFiles : FAILURES.damagedZip,
    )
  if (directory.zip64) throw new ImportFailure(FAILURES.tooLarge)
  const ignored: ImportNote[] = []
  const safe: ZipEntry[] = []
  for (const entry of directory.entries) {
    if (unsafeName(entry.name)) ignored.push({ title: cut(entry.name, 200), reason: REASONS.unsafeZipName })
    else safe.push(entry)
  }
  const files = safe.filter((entry) => !entry.name.endsWith('/'))
  const conversations = files
    .filter((entry) => baseName(entry.name).toLowerCase() === 'conversations.json')
    .sort((a, b) => depth(a.name) - depth(b.name))
    .slice(0, 1)
  const chosen = conversations.length
    ? conversations
    : files.filter((entry) => entry.name.toLowerCase().endsWith('.json'))
  if (!chosen.length) throw new ImportFailure(FAILURES.noConversations, { notes: ignored })
  const declared = chosen.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
  if (declared > IMPORT_LIMITS.unpackedBytes) throw new ImportFailure(FAILURES.tooLarge)
  return {
    files: chosen.map((entry) => ({ name: entry.name, bytes: inflateEntry(bytes, entry) })),
    ignored,
    conversations: conversations.length > 0,
  }
}

/** One entry's bytes, never more than it declared. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const start = findEntryData(bytes, entry)
  if (start < 0) throw new ImportFailure(FAILURES.damagedZip)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new ImportFailure(FAILURES.damagedZip)
    return data
  }
  if (entry.method !== DEFLATED) throw new ImportFailure(FAILURES.damagedZip)
  let out: Uint8Array
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) })
  } catch (cause) {
    // Past its declared size (a bomb that lies) or a broken stream.
    throw new ImportFailure(FAILURES.damagedZip, { cause })
  }
  if (out.length !== entry.uncompressedSize) throw new ImportFailure(FAILURES.damagedZip)
  return out
}

/** A path that could leave a folder it is unpacked into: `..`, absolute, a drive, or a NUL. */
function unsafeName(name: string): boolean {
  const parts = name.split(/[\\/]/)
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes('\0') ||
    parts.some((part) => part === '..')
  )
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1)
const depth = (name: string) => name.split('/').length

/** The entry count the end record declares, or null without one (zip-directory refuses past 20,000). */
function entryCount(bytes: Uint8Array): number | null {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 5 && bytes[at + 3] === 6)
      return bytes[at + 10]! | (bytes[at + 11]! << 8)
  }
  return null
}
