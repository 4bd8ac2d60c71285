/**
 * A small streaming ustar writer and reader for backup archives (docs/decisions/159-backups.md).
 * Members are regular files only; names up to 255 bytes (prefix + name fields). Neither side holds
 * a member whole in memory: the writer copies a Blob's stream, the reader hands out body chunks.
 */

const BLOCK = 512
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Where the writer's bytes go; `write` resolves once the bytes may be overwritten (backpressure). */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>
}

export function tarHeader(name: string, size: number, mtime = Math.floor(Date.now() / 1000)): Uint8Array {
  const header = new Uint8Array(BLOCK)
  const nameBytes = encoder.encode(name)
  let prefix = new Uint8Array(0)
  let base = nameBytes
  if (nameBytes.length > 100) {
    // Split at a slash so that the prefix (155 bytes) and the name (100 bytes) each fit.
    const slash = name.lastIndexOf('/', name.length - 1)
    const head = encoder.encode(name.slice(0, slash))
    const tail = encoder.encode(name.slice(slash + 1))
    if (slash <= 0 || head.length > 155 || tail.length > 100) throw new Error(`member name too long: ${name}`)
    prefix = head
    base = tail
  }
  header.set(base, 0)
  const octal = (value: number, offset: number, length: number) =>
    header.set(encoder.encode(`${value.toString(8).padStart(length - 1, '0')}\0`), offset)
  octal(0o644, 100, 8)
  octal(0, 108, 8)
  octal(0, 116, 8)
  if (size > 0o77777777777) throw new Error(`member too large for ustar: ${name}`)
  octal(size, 124, 12)
  octal(mtime, 136, 12)
  header[156] = '0'.charCodeAt(0)
  header.set(encoder.encode('ustar\0'), 257)
  header.set(encoder.encode('00'), 263)
  header.set(prefix, 345)
  // The checksum is computed with its own field as spaces.
  header.fill(0x20, 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  header.set(encoder.encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148)
  return header
}

/** Writes members one after the other; `finish` adds the two zero blocks that end an archive. */
export function createTarWriter(sink: ByteSink) {
  return {
    /** Copies `body` as the member `name`; `onChunk` sees every body byte (for a checksum). */
    async add(name: string, body: Blob | Uint8Array, onChunk?: (chunk: Uint8Array) => void) {
      const blob = body instanceof Blob ? body : new Blob([body as Uint8Array<ArrayBuffer>])
      await sink.write(tarHeader(name, blob.size))
      let written = 0
      for await (const chunk of streamChunks(blob.stream())) {
        onChunk?.(chunk)
        written += chunk.length
        await sink.write(chunk)
      }
      if (written !== blob.size) throw new Error(`${name} changed size while it was archived`)
      const pad = (BLOCK - (written % BLOCK)) % BLOCK
      if (pad) await sink.write(new Uint8Array(pad))
    },
    async finish() {
      await sink.write(new Uint8Array(BLOCK * 2))
    },
  }
}

export type TarEvent =
  | { type: 'member'; name: string; size: number }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'end-member' }

/**
 * Reads a ustar stream as events: each member's header, its body in chunks, its end. Throws on a
 * bad header checksum or a stream that ends inside a member or before the end-of-archive blocks.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEvent> {
  let buffer = new Uint8Array(0)
  let remaining = 0 // body bytes of the current member still to hand out
  let padding = 0 // zero bytes after it
  let inMember = false
  let ended = false
  const append = (chunk: Uint8Array) => {
    const next = new Uint8Array(buffer.length + chunk.length)
    next.set(buffer)
    next.set(chunk, buffer.length)
    buffer = next
  }
  for await (const chunk of source) {
    if (ended) continue
    append(chunk)
    for (;;) {
      if (inMember) {
        if (remaining > 0) {
          if (buffer.length === 0) break
          const take = Math.min(remaining, buffer.length)
          yield { type: 'data', bytes: buffer.slice(0, take) }
          buffer = buffer.subarray(take)
          remaining -= take
          continue
        }
        if (buffer.length < padding) break
        buffer = buffer.subarray(padding)
        inMember = false
        yield { type: 'end-member' }
        continue
      }
      if (buffer.length < BLOCK) break
      const header = buffer.subarray(0, BLOCK)
      if (header.every((byte) => byte === 0)) {
        ended = true
        break
      }
      const member = parseHeader(header)
      buffer = buffer.subarray(BLOCK)
      inMember = true
      remaining = member.size
      padding = (BLOCK - (member.size % BLOCK)) % BLOCK
      yield { type: 'member', ...member }
    }
  }
  if (!ended) throw new Error('the archive is truncated (it ends before its last member is complete)')
}

function parseHeader(header: Uint8Array): { name: string; size: number } {
  const text = (offset: number, length: number) => {
    const bytes = header.subarray(offset, offset + length)
    const end = bytes.indexOf(0)
    return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end))
  }
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0)
  const stored = Number.parseInt(text(148, 8).trim(), 8)
  if (stored !== sum) throw new Error('the archive is corrupted (a member header fails its checksum)')
  const type = String.fromCharCode(header[156] ?? 0)
  const prefix = text(345, 155)
  const name = `${prefix ? `${prefix}/` : ''}${text(0, 100)}`
  if (type !== '0' && type !== '\0') throw new Error(`the archive holds an entry of an unknown type: ${name}`)
  return { name, size: Number.parseInt(text(124, 12).trim() || '0', 8) }
}

/** A web stream's chunks as an async iterable (the DOM typings give ReadableStream no iterator). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader()
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}
