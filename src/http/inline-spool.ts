import { type FileHandle, open, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError, NUL_MESSAGE } from './errors'
import type { JsonPath } from './json-budget'
import { releaseChunk } from './read-capped'

/**
 * Inline files kept out of memory while their body arrives (issue 26 point 15, docs/decisions/189):
 * POST /api/chat's `attachments[i].content` and the team API's image URLs. The body's parser cuts
 * each such string longer than 1 KiB out of the JSON (the parsed body holds `""` there) and writes it
 * here, as sent (JSON escapes and all). Up to the JSON limit it stays in memory; once the body is let
 * past that limit, it goes to a temporary file, unlinked as soon as it is opened: the open handle is
 * its only name, so nothing is left on disk when the request ends, fails, or the process is killed.
 * Twenty 30 MiB bodies arriving at once then cost the server a few chunks each, not their size; the
 * route reads a file back only when it stores it, under the server-wide allowance (`hold`,
 * src/http/limits.ts).
 */
export class InlineSpool {
  /**
   * @param share Takes a share of the server-wide allowance for reading large bodies back
   *   (ByteGate.take), resolving with its release.
   */
  constructor(private readonly share: (bytes: number) => Promise<() => void>) {}

  /**
   * Each string's place in the spool by its path, the last one when a key came twice (JSON.parse
   * keeps the last): one lookup each, however many strings a body holds.
   */
  private readonly parts = new Map<string, Part>()
  /** The string being written. */
  private current: Part | undefined
  /**
   * Bytes not in the file: all of them before `spill`, then the last ones written, staged so that a
   * body of many small strings costs a few writes, not one each.
   */
  private staged = new Uint8Array(0)
  private stagedLength = 0
  /** A window of the file read ahead, so that reading many small strings in order costs few reads. */
  private window: { offset: number; bytes: Uint8Array } | null = null
  private file: FileHandle | null = null
  private size = 0
  private disposed = false
  /** The strings `markInto` left stand-ins for, by their number. */
  private readonly marked: Part[] = []
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
    this.current = { path, offset: this.size, length: 0 }
    const key = JSON.stringify(path)
    // Delete first, so the map's order is the order the strings (as kept) came in.
    this.parts.delete(key)
    this.parts.set(key, this.current)
  }

  /** The string at `path` stayed in the body (short): one cut before at that path no longer counts. */
  forget(path: JsonPath): void {
    this.parts.delete(JSON.stringify(path))
    this.current = undefined
  }

  /** More of the current string's bytes (a promise only when they had to wait for the file). */
  write(bytes: Uint8Array): Promise<void> | undefined {
    const part = this.current
    if (!part || bytes.byteLength === 0) return
    // Copied, never kept: the reader's chunk is freed once it is read (releaseChunk). Only a full
    // stage waits for the file; most small strings return at once.
    if (this.file && this.stagedLength + bytes.byteLength > this.staged.byteLength)
      return this.writeThrough(part, bytes)
    this.stage(bytes)
    part.length += bytes.byteLength
    this.size += bytes.byteLength
  }

  private async writeThrough(part: Part, bytes: Uint8Array) {
    await this.flush()
    if (bytes.byteLength >= this.staged.byteLength)
      await writeAll(this.file!, bytes, this.size).catch(unavailable)
    else this.stage(bytes)
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
    await this.flush()
    this.staged = new Uint8Array(STAGE_BYTES)
  }

  /**
   * The text of the string at `path`, its JSON escapes read as JSON.parse reads them (the last one
   * when a key came twice, as JSON.parse keeps), or undefined when the body had none.
   * Refused as the parser refuses the rest of a body: malformed (bad UTF-8, a raw control character,
   * a broken escape) or holding NUL.
   */
  async text(path: JsonPath): Promise<string | undefined> {
    const part = this.part(path)
    return part && this.textOf(part)
  }

  private async textOf(part: Part): Promise<string> {
    const bytes = await this.read(part.offset, part.length)
    let text: string
    try {
      const decoded = utf8.decode(bytes)
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

  /** Up to `length` bytes of the string at `path` as sent, from byte `from` (empty when there is none). */
  async range(path: JsonPath, from: number, length: number): Promise<Uint8Array> {
    const part = this.part(path)
    if (!part || from >= part.length) return new Uint8Array(0)
    return this.read(part.offset + from, Math.min(length, part.length - from))
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
   * Puts a stand-in for each string into `body` (the parsed body, which holds `""` in their places):
   * the string's first characters, so that its form can be checked (`data:image/…`), then NUL and its
   * number. No real string holds NUL (refused in every body), so a stand-in is never taken for one.
   * `restoreMarked` puts the strings themselves back, once the route knows it will use them: the
   * team API checks the model first, and an unknown one never reads its images back (decision 189).
   */
  async markInto(body: unknown): Promise<void> {
    for (const part of this.parts.values()) {
      const parent = part.path
        .slice(0, -1)
        .reduce<unknown>(
          (value, step) =>
            value && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined,
          body,
        )
      const last = part.path.at(-1)!
      if (!parent || typeof parent !== 'object' || (parent as Record<string, unknown>)[last] !== '') continue
      ;(parent as Record<string, unknown>)[last] = `${await this.headOf(part)}\0${this.marked.length}`
      this.marked.push(part)
    }
  }

  /**
   * Replaces each stand-in of `markInto` found in `value` (the request as the route read it: its
   * strings copied from the body, stand-ins included) with the string it stands for, read back under
   * this body's share of the allowance (`hold`; given back by `dispose`).
   */
  async restoreMarked(value: unknown): Promise<void> {
    if (this.marked.length === 0) return
    if (!this.release) await this.hold()
    const visit = async (node: unknown): Promise<void> => {
      if (!node || typeof node !== 'object') return
      const entries = Array.isArray(node) ? node.entries() : Object.entries(node)
      for (const [key, child] of entries) {
        if (typeof child !== 'string') await visit(child)
        else {
          const part = this.markedPart(child)
          if (part) (node as Record<string | number, unknown>)[key] = await this.textOf(part)
        }
      }
    }
    await visit(value)
  }

  private markedPart(text: string): Part | undefined {
    const nul = text.lastIndexOf('\0')
    if (nul < 0) return undefined
    return this.marked[Number(text.slice(nul + 1))]
  }

  /**
   * The first characters of a string, decoded: up to 64 bytes, cut before an escape or a character
   * the 64 bytes end inside. A head that is not valid text means the string is not: it is read whole,
   * which refuses it with the parser's message.
   */
  private async headOf(part: Part): Promise<string> {
    const bytes = await this.read(part.offset, Math.min(HEAD_BYTES, part.length))
    let cut = bytes.byteLength
    for (let at = 0; at < cut; at++) {
      if (bytes[at] !== 0x5c) continue
      const escapeLength = bytes[at + 1] === 0x75 ? 6 : 2
      if (at + escapeLength > cut) cut = at
      else at += escapeLength - 1
    }
    if (cut < bytes.byteLength) while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--
    try {
      const head = JSON.parse(`"${utf8.decode(bytes.subarray(0, cut))}"`) as string
      if (!head.includes('\0')) return head
    } catch {
      // Not text: read whole below, which says why.
    }
    return this.textOf(part)
  }

  /**
   * Gives back its share of the allowance and closes the file (which has no name left, so it is
   * gone). Safe to call more than once.
   */
  async dispose(): Promise<void> {
    this.release?.()
    this.release = undefined
    this.disposed = true
    this.staged = new Uint8Array(0)
    this.stagedLength = 0
    this.window = null
    const file = this.file
    this.file = null
    await file?.close().catch(() => {})
  }

  /** The last string at `path`: JSON.parse keeps the last of a key given twice. */
  private part(path: JsonPath) {
    return this.parts.get(JSON.stringify(path))
  }

  /**
   * Appends to the staged bytes, grown as needed: most bodies carry no large string, so none is
   * allocated up front; before `spill` they hold at most about the JSON limit, after it one stage.
   */
  private stage(bytes: Uint8Array) {
    const needed = this.stagedLength + bytes.byteLength
    if (needed > this.staged.byteLength) {
      const grown = new Uint8Array(Math.max(needed, this.staged.byteLength * 2, 4096))
      grown.set(this.staged.subarray(0, this.stagedLength))
      this.staged = grown
    }
    this.staged.set(bytes, this.stagedLength)
    this.stagedLength = needed
  }

  /** Writes the staged bytes to the file (they end at `size`). */
  private async flush() {
    if (!this.file || this.stagedLength === 0) return
    const length = this.stagedLength
    this.stagedLength = 0
    await writeAll(this.file, this.staged.subarray(0, length), this.size - length).catch(unavailable)
  }

  private async read(offset: number, length: number, out = new Uint8Array(length)): Promise<Uint8Array> {
    if (!this.file) {
      out.set(this.staged.subarray(offset, offset + length))
      return out
    }
    await this.flush()
    const window = this.window
    if (window && offset >= window.offset && offset + length <= window.offset + window.bytes.byteLength) {
      out.set(window.bytes.subarray(offset - window.offset, offset - window.offset + length))
      return out
    }
    // A large read goes straight to `out`; a small one reads a window ahead for the next ones.
    if (length >= STAGE_BYTES) {
      await this.readFile(out, offset)
      return out
    }
    const bytes = await this.readFile(
      window?.bytes.byteLength === STAGE_BYTES ? window.bytes : new Uint8Array(STAGE_BYTES),
      offset,
      Math.min(STAGE_BYTES, this.size - offset),
    )
    this.window = { offset, bytes }
    out.set(bytes.subarray(0, length))
    return out
  }

  /** `length` bytes of the file from `offset` into `into` (all of it unless given), as a view of it. */
  private async readFile(into: Uint8Array, offset: number, length = into.byteLength): Promise<Uint8Array> {
    for (let done = 0; done < length; ) {
      const { bytesRead } = await this.file!.read(into, done, length - done, offset + done)
      if (bytesRead === 0) throw new Error('The inline file spool ended early')
      done += bytesRead
    }
    return into.subarray(0, length)
  }
}

/** Strict UTF-8, as JSON.parse's caller decodes a body (json-body.ts); stateless, so shared. */
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** How many bytes are staged before a write, and read ahead for small reads. */
const STAGE_BYTES = 256 * 1024

/** How much of a string `markInto` decodes for its stand-in: enough for a URL's scheme and type. */
const HEAD_BYTES = 64

/** Bodies up to the JSON limit read their files back without waiting: the gate is for large ones. */
const SMALL_BYTES = 1024 * 1024

interface Part {
  path: JsonPath
  offset: number
  length: number
}

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
