import { type FileHandle, open, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError, NUL_MESSAGE } from './errors'
import type { JsonPath } from './json-budget'
import { releaseChunk } from './read-capped'

/**
 * POST /api/chat's inline files, kept out of memory while their body arrives (issue 26 point 15,
 * docs/decisions/189). The body's parser cuts the text of each `attachments[i].content` out of the
 * JSON (the parsed body holds `""` there) and writes it here, as sent (JSON escapes and all). Up to
 * the JSON limit it stays in memory; once the body is let past that limit (a signed-in caller), it
 * goes to a temporary file, unlinked as soon as it is opened: the open handle is its only name, so
 * nothing is left on disk when the request ends, fails, or the process is killed. Twenty 30 MiB
 * bodies arriving at once then cost the server a few chunks each, not their size; the route reads a
 * file's text back only when it stores it, under the server-wide allowance (src/http/byte-gate.ts).
 */
export class InlineSpool {
  /**
   * @param share Takes a share of the server-wide allowance for reading large bodies back
   *   (ByteGate.take), resolving with its release.
   */
  constructor(private readonly share: (bytes: number) => Promise<() => void>) {}

  /** Each content string's place in the spool, in the order they came. */
  private readonly parts: { path: JsonPath; key: string; offset: number; length: number }[] = []
  private readonly memory: Uint8Array[] = []
  private file: FileHandle | null = null
  private size = 0
  private disposed = false
  /** The share of the allowance this body holds (hold), given back by dispose. */
  private release: (() => void) | undefined

  /** What the body carried, in bytes (its JSON escapes included). */
  get bytes(): number {
    return this.size
  }

  /** It holds a share of the allowance (a large body, after `hold`) until `dispose`. */
  get holding(): boolean {
    return this.release !== undefined
  }

  /** A free string begins, at `path` (`['attachments', i, 'content']`). */
  begin(path: JsonPath): void {
    this.parts.push({ path, key: JSON.stringify(path), offset: this.size, length: 0 })
  }

  /** More of the current content string's bytes. */
  async write(bytes: Uint8Array): Promise<void> {
    const part = this.parts.at(-1)
    if (!part || bytes.byteLength === 0) return
    if (this.file) await writeAll(this.file, bytes, this.size).catch(unavailable)
    // The reader hands out a fresh chunk each time; kept as is, never copied.
    else this.memory.push(bytes)
    part.length += bytes.byteLength
    this.size += bytes.byteLength
  }

  /** From now on the bytes go to a temporary file (what came before is moved there). */
  async spill(): Promise<void> {
    if (this.file || this.disposed) return
    const path = join(tmpdir(), `parley-inline-${crypto.randomUUID()}`)
    const file = await open(path, 'w+', 0o600).catch(unavailable)
    this.file = file
    await unlink(path).catch(() => {})
    let offset = 0
    for (const bytes of this.memory.splice(0)) {
      await writeAll(file, bytes, offset).catch(unavailable)
      offset += bytes.byteLength
    }
  }

  /**
   * The text of the string at `path`, its JSON escapes read as JSON.parse reads them (the last one
   * when a key came twice, as JSON.parse keeps), or undefined when the body had none.
   * Refused as the parser refuses the rest of a body: malformed (bad UTF-8, a raw control character,
   * a broken escape) or holding NUL.
   */
  async text(path: JsonPath): Promise<string | undefined> {
    const part = this.part(path)
    if (!part) return undefined
    const bytes = await this.read(part.offset, part.length)
    let text: string
    try {
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      // Base64 data URLs and most texts have no escape and no control character: taken as they are.
      text = needsJsonReading(bytes) ? (JSON.parse(`"${decoded}"`) as string) : decoded
    } catch (error) {
      throw new AppError('bad_request:body', 'Malformed request body', { cause: error })
    } finally {
      releaseChunk(bytes)
    }
    if (text.includes('\0')) throw new AppError('bad_request:nul', NUL_MESSAGE)
    return text
  }

  /** The length in bytes of the string at `path` as sent, or undefined when there is none. */
  length(path: JsonPath): number | undefined {
    return this.part(path)?.length
  }

  /**
   * The string at `path` as sent, from byte `from` on, in slices of at most `size` bytes
   * (one buffer, filled again for each slice: a slice is valid until the next is asked for). For
   * reading a large file without holding it whole (src/attachments/inline-import.ts).
   */
  async *slices(path: JsonPath, from: number, size: number): AsyncGenerator<Uint8Array> {
    const part = this.part(path)
    if (!part) return
    const buffer = new Uint8Array(Math.min(size, Math.max(0, part.length - from)))
    try {
      for (let at = from; at < part.length; at += buffer.byteLength) {
        const length = Math.min(buffer.byteLength, part.length - at)
        yield await this.read(part.offset + at, length, buffer.subarray(0, length))
      }
    } finally {
      releaseChunk(buffer)
    }
  }

  /**
   * Waits for this body's share of the allowance when it carried more than the JSON limit, and
   * resolves with its release (a no-op for small bodies). Read the texts and store them between.
   */
  async hold(): Promise<() => void> {
    if (this.size <= SMALL_BYTES) return () => {}
    const release = await this.share(this.size)
    this.release = release
    return release
  }

  /**
   * Puts each string back into `body` (the parsed body, which holds `""` in their places), for a
   * route that needs them as text (the team API's inline images, which go to the provider as sent).
   * Call after `hold`; the share is given back by `dispose`.
   */
  async restoreInto(body: unknown): Promise<void> {
    const seen = new Set<string>()
    for (const part of this.parts.toReversed()) {
      if (seen.has(part.key)) continue
      seen.add(part.key)
      const parent = part.path
        .slice(0, -1)
        .reduce<unknown>(
          (value, step) =>
            value && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined,
          body,
        )
      const last = part.path.at(-1)!
      if (!parent || typeof parent !== 'object' || (parent as Record<string, unknown>)[last] !== '') continue
      ;(parent as Record<string, unknown>)[last] = await this.text(part.path)
    }
  }

  /**
   * Gives back its share of the allowance and closes the file (which has no name left, so it is
   * gone). Safe to call more than once.
   */
  async dispose(): Promise<void> {
    this.release?.()
    this.release = undefined
    this.disposed = true
    this.memory.length = 0
    const file = this.file
    this.file = null
    await file?.close().catch(() => {})
  }

  /** The last string at `path`: JSON.parse keeps the last of a key given twice. */
  private part(path: JsonPath) {
    const key = JSON.stringify(path)
    return this.parts.findLast((candidate) => candidate.key === key)
  }

  private async read(offset: number, length: number, out = new Uint8Array(length)): Promise<Uint8Array> {
    if (this.file) {
      for (let done = 0; done < length; ) {
        const { bytesRead } = await this.file.read(out, done, length - done, offset + done)
        if (bytesRead === 0) throw new Error('The inline file spool ended early')
        done += bytesRead
      }
      return out
    }
    // Still in memory: the chunks from `offset` on, copied into one array.
    let at = 0
    let filled = 0
    for (const chunk of this.memory) {
      const end = at + chunk.byteLength
      if (end > offset && filled < length) {
        const from = Math.max(0, offset - at)
        const piece = chunk.subarray(from, Math.min(chunk.byteLength, from + length - filled))
        out.set(piece, filled)
        filled += piece.byteLength
      }
      at = end
    }
    return out
  }
}

/** Bodies up to the JSON limit read their files back without waiting: the gate is for large ones. */
const SMALL_BYTES = 1024 * 1024

const spools = new WeakMap<Request, InlineSpool>()

/** A spool for this request's inline files, found again by the route with `inlineSpoolOf`. */
export function newInlineSpool(request: Request, share: (bytes: number) => Promise<() => void>) {
  const spool = new InlineSpool(share)
  spools.set(request, spool)
  return spool
}

/** The inline files of this request's body, cut out of it by the body parser (POST /api/chat only). */
export const inlineSpoolOf = (request: Request): InlineSpool | undefined => spools.get(request)

/** The temporary directory full or refused: the server's fault, said so, not the client's body. */
function unavailable(cause: unknown): never {
  throw new AppError(
    'unavailable:spool',
    'The server could not keep the attached files. Please try again later.',
    {
      cause,
    },
  )
}

async function writeAll(file: FileHandle, bytes: Uint8Array, position: number) {
  for (let done = 0; done < bytes.byteLength; ) {
    const { bytesWritten } = await file.write(bytes, done, bytes.byteLength - done, position + done)
    done += bytesWritten
  }
}

/** A backslash (an escape to read) or a control character (which JSON.parse refuses in a string). */
function needsJsonReading(bytes: Uint8Array): boolean {
  for (let at = 0; at < bytes.byteLength; at++) {
    const byte = bytes[at]!
    if (byte === 0x5c || byte < 0x20) return true
  }
  return false
}
