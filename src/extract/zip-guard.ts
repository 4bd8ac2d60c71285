import { inflateRawSync } from 'node:zlib'
import { ExtractionFailure } from './extraction-failure'
import { findEntryData, readZipDirectory } from './zip-directory'

/** Below this many unpacked bytes the ratio test is skipped: a tiny archive cannot hurt anyone. */
const RATIO_FLOOR_BYTES = 1024 * 1024
const STORED = 0
const DEFLATED = 8

/**
 * Refuses an archive that would unpack to more than `maxUnpackedBytes`, or whose unpacked/packed ratio
 * exceeds `maxCompressionRatio`, before mammoth (JSZip) inflates it. The declared sizes are checked
 * first; then every entry is inflated with an output cap equal to its declared size, so an archive
 * that lies about its sizes is caught without ever allocating more than the budget.
 */
export function checkZipBudget(
  bytes: Uint8Array,
  limits: { maxUnpackedBytes: number; maxCompressionRatio: number },
): void {
  const directory = readZipDirectory(bytes)
  if (!directory) throw new ExtractionFailure('unreadable zip directory')
  if (directory.zip64) throw new ExtractionFailure('zip64 archive (too large)')
  const declared = directory.entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
  if (declared > limits.maxUnpackedBytes) {
    throw new ExtractionFailure(`zip bomb: declares ${declared} unpacked bytes`)
  }
  if (declared > RATIO_FLOOR_BYTES && declared / bytes.length > limits.maxCompressionRatio) {
    throw new ExtractionFailure(`zip bomb: compression ratio ${Math.round(declared / bytes.length)}`)
  }
  for (const entry of directory.entries) {
    const start = findEntryData(bytes, entry)
    if (start < 0) throw new ExtractionFailure(`bad local header: ${entry.name}`)
    const data = bytes.subarray(start, start + entry.compressedSize)
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.uncompressedSize) throw new ExtractionFailure('stored size mismatch')
      continue
    }
    if (entry.method !== DEFLATED) throw new ExtractionFailure(`unsupported zip method ${entry.method}`)
    let actual: number
    try {
      actual = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) }).length
    } catch (error) {
      throw new ExtractionFailure(`zip bomb or corrupt entry: ${entry.name}`, { cause: error })
    }
    if (actual !== entry.uncompressedSize) throw new ExtractionFailure(`size mismatch: ${entry.name}`)
  }
}
