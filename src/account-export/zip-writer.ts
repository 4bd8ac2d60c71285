import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'

/*
 * A small ZIP writer for "Download all my data" (docs/decisions/175-account-export.md): no
 * dependency, no ZIP64. Entries go out one at a time as chunks of an async generator, so the
 * archive can be streamed to the storage driver while only one file is in memory:
 * - bytes known whole (a file, a chat's JSON): deflated (or stored, when compression would not
 *   help), CRC-32 and sizes in the local header;
 * - a stream of chunks (knowledge entries, usage rows read page by page): deflated as it arrives,
 *   CRC-32 and sizes in a data descriptor after the data (general purpose flag bit 3).
 * The archive is bounded by what a ZIP without ZIP64 can hold: 4 GiB and 65,535 entries.
 */

/** The most bytes an archive without ZIP64 can hold (its offsets are 32-bit). */
export const ZIP_MAX_BYTES = 0xffff_ffff
/** The most entries the end record can count without ZIP64. */
export const ZIP_MAX_ENTRIES = 0xffff

export interface ZipInput {
  /** The path inside the archive, `/`-separated (the caller makes it safe). */
  name: string
  /** The whole content, or its chunks in order. */
  data: Uint8Array | string | AsyncIterable<Uint8Array | string>
  /** Defaults by the name's extension: already-compressed formats (PNG, JPEG, PDF, ZIP…) are stored. */
  compress?: boolean
  /** The entry's time (written as the UTC date and time: a ZIP has no time zone). */
  modified?: Date
}

/** The archive would pass ZIP_MAX_BYTES or ZIP_MAX_ENTRIES (or the smaller limit it was given). */
export class ZipTooLarge extends Error {
  constructor(readonly limit: 'bytes' | 'entries') {
    super(
      limit === 'bytes' ? 'The archive would be larger than 4 GB' : 'The archive would hold too many files',
    )
    this.name = 'ZipTooLarge'
  }
}

const deflate = promisify(deflateRaw)
const encoder = new TextEncoder()

/** Extensions whose content is compressed already: deflating them again costs time and saves nothing. */
const COMPRESSED =
  /\.(png|jpe?g|gif|webp|avif|heic|pdf|zip|gz|tgz|bz2|xz|7z|rar|docx|xlsx|pptx|odt|ods|odp|epub|mp3|mp4|m4a|mov|webm|ogg|opus|woff2?)$/i

const LOCAL_SIGNATURE = 0x04034b50
const CENTRAL_SIGNATURE = 0x02014b50
const DESCRIPTOR_SIGNATURE = 0x08074b50
const END_SIGNATURE = 0x06054b50
const FLAG_DESCRIPTOR = 1 << 3
const FLAG_UTF8 = 1 << 11
const STORED = 0
const DEFLATED = 8
/** Made by Unix (3), spec version 2.0: the external attributes below are Unix permissions. */
const VERSION_MADE_BY = (3 << 8) | 20
/** A regular file, rw-r--r--. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0

interface CentralRecord {
  name: Uint8Array
  flags: number
  method: number
  time: number
  date: number
  crc: number
  compressedSize: number
  size: number
  offset: number
}

const bytesOf = (data: Uint8Array | string) => (typeof data === 'string' ? encoder.encode(data) : data)

/** The DOS date and time of `at` (UTC), clamped to the format's years 1980–2107. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, at.getUTCFullYear()))
  if (year !== at.getUTCFullYear()) return { time: 0, date: ((year - 1980) << 9) | (1 << 5) | 1 }
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}

/** The name's flag: bit 11 when it is not plain ASCII, so readers decode it as UTF-8. */
function nameFlags(name: string): number {
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 0x7e) return FLAG_UTF8
  return 0
}

function localHeader(record: Omit<CentralRecord, 'offset'>): Uint8Array {
  const header = new Uint8Array(30 + record.name.length)
  const view = new DataView(header.buffer)
  view.setUint32(0, LOCAL_SIGNATURE, true)
  view.setUint16(4, record.method === DEFLATED ? 20 : 10, true)
  view.setUint16(6, record.flags, true)
  view.setUint16(8, record.method, true)
  view.setUint16(10, record.time, true)
  view.setUint16(12, record.date, true)
  // With a data descriptor these three are zero here and follow the data.
  view.setUint32(14, record.crc, true)
  view.setUint32(18, record.compressedSize, true)
  view.setUint32(22, record.size, true)
  view.setUint16(26, record.name.length, true)
  view.setUint16(28, 0, true)
  header.set(record.name, 30)
  return header
}

function dataDescriptor(record: CentralRecord): Uint8Array {
  const descriptor = new Uint8Array(16)
  const view = new DataView(descriptor.buffer)
  view.setUint32(0, DESCRIPTOR_SIGNATURE, true)
  view.setUint32(4, record.crc, true)
  view.setUint32(8, record.compressedSize, true)
  view.setUint32(12, record.size, true)
  return descriptor
}

function centralHeader(record: CentralRecord): Uint8Array {
  const header = new Uint8Array(46 + record.name.length)
  const view = new DataView(header.buffer)
  view.setUint32(0, CENTRAL_SIGNATURE, true)
  view.setUint16(4, VERSION_MADE_BY, true)
  view.setUint16(6, record.method === DEFLATED ? 20 : 10, true)
  view.setUint16(8, record.flags, true)
  view.setUint16(10, record.method, true)
  view.setUint16(12, record.time, true)
  view.setUint16(14, record.date, true)
  view.setUint32(16, record.crc, true)
  view.setUint32(20, record.compressedSize, true)
  view.setUint32(24, record.size, true)
  view.setUint16(28, record.name.length, true)
  // Extra field, comment, disk number, internal attributes: none.
  view.setUint32(38, FILE_ATTRIBUTES, true)
  view.setUint32(42, record.offset, true)
  header.set(record.name, 46)
  return header
}

function endRecord(count: number, directorySize: number, directoryOffset: number): Uint8Array {
  const end = new Uint8Array(22)
  const view = new DataView(end.buffer)
  view.setUint32(0, END_SIGNATURE, true)
  view.setUint16(8, count, true)
  view.setUint16(10, count, true)
  view.setUint32(12, directorySize, true)
  view.setUint32(16, directoryOffset, true)
  return end
}

/** A pull stream of `chunks`: the next chunk is made only when the reader asks for it (back-pressure). */
export function streamOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel(reason) {
      await iterator.return?.(reason)
    },
  })
}

/** Deflates a stream of chunks as they arrive (raw deflate, as ZIP method 8 wants it). */
async function* deflateStream(
  chunks: AsyncIterable<Uint8Array | string>,
  tally: { crc: number; size: number },
): AsyncGenerator<Uint8Array> {
  async function* counted() {
    for await (const chunk of chunks) {
      const bytes = bytesOf(chunk)
      if (bytes.length === 0) continue
      tally.crc = crc32(bytes, tally.crc)
      tally.size += bytes.length
      yield bytes
    }
  }
  // The DOM typing of CompressionStream's input (BufferSource) is wider than the Uint8Array it gets.
  const deflater = new CompressionStream('deflate-raw') as ReadableWritablePair<Uint8Array, Uint8Array>
  const compressed = streamOf(counted()).pipeThrough(deflater)
  for await (const chunk of compressed) yield chunk as Uint8Array
}

/**
 * The archive of `entries`, as chunks in order. Throws ZipTooLarge (from the generator, before the
 * chunk that would pass it) when the archive would pass `limits.bytes` (at most ZIP_MAX_BYTES) or
 * `limits.entries`; a consumer writing the chunks somewhere then deletes what it wrote.
 */
export async function* writeZip(
  entries: AsyncIterable<ZipInput> | Iterable<ZipInput>,
  limits: { bytes?: number; entries?: number } = {},
): AsyncGenerator<Uint8Array> {
  const maxBytes = Math.min(limits.bytes ?? ZIP_MAX_BYTES, ZIP_MAX_BYTES)
  const maxEntries = Math.min(limits.entries ?? ZIP_MAX_ENTRIES, ZIP_MAX_ENTRIES)
  const records: CentralRecord[] = []
  let offset = 0
  /** Counts a chunk against the limit before it goes out. */
  const emit = (chunk: Uint8Array) => {
    offset += chunk.length
    if (offset > maxBytes) throw new ZipTooLarge('bytes')
    return chunk
  }

  for await (const entry of entries) {
    if (records.length >= maxEntries) throw new ZipTooLarge('entries')
    const name = encoder.encode(entry.name)
    if (name.length === 0 || name.length > 0xffff) throw new Error(`zip entry name of ${name.length} bytes`)
    const { time, date } = dosTime(entry.modified ?? new Date())
    const compress = entry.compress ?? !COMPRESSED.test(entry.name)
    const start = offset

    if (typeof entry.data === 'string' || entry.data instanceof Uint8Array) {
      const raw = bytesOf(entry.data)
      const crc = crc32(raw)
      let body = raw
      let method = STORED
      if (compress && raw.length > 0) {
        const deflated = new Uint8Array(await deflate(raw))
        // Stored when deflating would not make it smaller (random or tiny content).
        if (deflated.length < raw.length) {
          body = deflated
          method = DEFLATED
        }
      }
      const record = {
        name,
        flags: nameFlags(entry.name),
        method,
        time,
        date,
        crc,
        compressedSize: body.length,
        size: raw.length,
        offset: start,
      }
      // A file over the limit is refused before any of it is written.
      if (start + 30 + name.length + body.length > maxBytes) throw new ZipTooLarge('bytes')
      yield emit(localHeader(record))
      if (body.length) yield emit(body)
      records.push(record)
      continue
    }

    const record: CentralRecord = {
      name,
      flags: nameFlags(entry.name) | FLAG_DESCRIPTOR,
      method: DEFLATED,
      time,
      date,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: start,
    }
    yield emit(localHeader(record))
    const tally = { crc: 0, size: 0 }
    for await (const chunk of deflateStream(entry.data, tally)) {
      record.compressedSize += chunk.length
      yield emit(chunk)
    }
    // Sizes past 4 GiB would have passed the byte limit already (the compressed one counts there).
    if (tally.size > ZIP_MAX_BYTES) throw new ZipTooLarge('bytes')
    record.crc = tally.crc
    record.size = tally.size
    yield emit(dataDescriptor(record))
    records.push(record)
  }

  const directoryOffset = offset
  for (const record of records) yield emit(centralHeader(record))
  yield emit(endRecord(records.length, offset - directoryOffset, directoryOffset))
}
