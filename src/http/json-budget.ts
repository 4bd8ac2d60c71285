import { BodyTooLargeError } from './read-capped'

/** Where a JSON value sits: object keys (as sent, escapes not decoded) and array indexes. */
export type JsonPath = readonly (string | number)[]

interface Frame {
  array: boolean
  /** An object's current key, or null until it is read. */
  key: string | null
  /** An array's current index. */
  index: number
}

/**
 * A piece of a body as JsonBudget.feed cuts it: bytes kept in the body, a free string cut out
 * (`begin`, then its bytes as `free`), or a free string short enough to stay in the body (`inline`:
 * its bytes come as `kept`, and whatever was cut at that path before no longer counts).
 */
export type Piece = { kept: Uint8Array } | { begin: JsonPath } | { free: Uint8Array } | { inline: JsonPath }

/**
 * Free strings up to this many bytes stay in the body: cutting out a string costs more than parsing
 * it, and a body of 300,000 tiny ones took seconds to cut (decision 189).
 */
const CUT_FROM_BYTES = 1024

/**
 * Longer keys than this are not ours: kept cut short, they match no path a route lets grow. Room for
 * 'attachments' written wholly in `\uXXXX` escapes (66 bytes), which JSON.parse reads as the key.
 */
const MAX_KEY_BYTES = 128
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Counts a JSON body's bytes as they arrive, except those inside the strings at the paths a route
 * lets grow (POST /api/chat's inline files, `attachments[].content`), and throws BodyTooLargeError
 * once the rest passes `limit`: a 30 MB `message` is refused at the JSON limit, not read whole
 * and parsed first. It also cuts those strings out of the body, for the caller to keep elsewhere
 * (src/http/inline-spool.ts). It follows the structure only (brackets, keys, strings); JSON.parse still
 * judges the whole. A body it misreads is at worst counted as before, against the route's cap.
 */
export class JsonBudget {
  private counted = 0
  private readonly stack: Frame[] = []
  private inString = false
  private escaped = false
  /** The string being read is a key (its bytes are collected), or a value the route lets grow. */
  private stringIsKey = false
  private stringIsFree = false
  private key: number[] = []
  /** A free string's first bytes, copied, until it passes `cutFrom` (then it is cut) or ends (kept). */
  private held: Uint8Array[] | null = null
  private heldBytes = 0
  private freePath: JsonPath = []

  constructor(
    private readonly limit: number,
    private readonly free: (path: JsonPath) => boolean,
    private readonly cutFrom = CUT_FROM_BYTES,
  ) {}

  /**
   * Counts `chunk` and returns it cut in pieces: the bytes of the JSON to keep (every byte outside
   * the free strings, their quotes included) and the free strings' bytes, each string announced by
   * a `begin` piece (so an empty one is seen too). Kept pieces joined make the body with `""` in
   * every free string's place.
   */
  feed(chunk: Uint8Array): Piece[] {
    const pieces: Piece[] = []
    let keptFrom = 0
    let at = 0
    while (at < chunk.length) {
      if (this.inString && this.stringIsFree) {
        const stop = this.readString(chunk, at)
        // The closing quote, when it came, is the first kept byte after the string.
        const freeEnd = this.inString ? stop : stop - 1
        this.freeBytes(chunk.subarray(at, freeEnd), !this.inString, pieces)
        keptFrom = freeEnd
        at = stop
      } else if (this.inString) {
        at = this.readString(chunk, at)
      } else {
        this.readStructure(chunk[at++]!)
        if (this.inString && this.stringIsFree) {
          pieces.push({ kept: chunk.subarray(keptFrom, at) })
          keptFrom = at
          this.held = []
          this.heldBytes = 0
          this.freePath = this.path()
        }
      }
    }
    if (keptFrom < chunk.length) pieces.push({ kept: chunk.subarray(keptFrom) })
    if (this.counted > this.limit) throw new BodyTooLargeError(this.limit)
    return pieces
  }

  /**
   * A free string's bytes: held (copied: the chunk may be gone by the next feed) while the string is
   * short, then cut out with what was held; a string that ends short stays in the body and counts.
   */
  private freeBytes(bytes: Uint8Array, ended: boolean, pieces: Piece[]) {
    const held = this.held
    if (held && this.heldBytes + bytes.byteLength > this.cutFrom) {
      pieces.push({ begin: this.freePath }, ...held.map((free) => ({ free })))
      this.held = null
    }
    if (this.held) {
      if (bytes.byteLength > 0) held!.push(ended ? bytes : bytes.slice())
      this.heldBytes += bytes.byteLength
      if (ended) {
        this.counted += this.heldBytes
        pieces.push({ inline: this.freePath }, ...held!.map((kept) => ({ kept })))
        this.held = null
      }
    } else if (bytes.byteLength > 0) pieces.push({ free: bytes })
  }

  /** Reads string bytes from `at`; returns where it stopped (after the closing quote, or the end). */
  private readString(chunk: Uint8Array, at: number): number {
    let end = at
    for (; end < chunk.length; end++) {
      const byte = chunk[end]!
      if (this.escaped) this.escaped = false
      else if (byte === QUOTE) break
      else if (byte === BACKSLASH) this.escaped = true
      // Runs of plain bytes in a value: on to the next quote or backslash at once (keys are collected).
      else if (!this.stringIsKey) end = nextSpecial(chunk, end) - 1
      if (this.stringIsKey && this.key.length < MAX_KEY_BYTES) this.key.push(byte)
    }
    const closed = end < chunk.length
    if (!this.stringIsFree) this.counted += end - at + (closed ? 1 : 0)
    if (closed) {
      this.inString = false
      if (this.stringIsKey) this.top()!.key = keyOf(this.key)
      return end + 1
    }
    return end
  }

  private readStructure(byte: number): void {
    this.counted += 1
    const top = this.top()
    switch (byte) {
      case 0x7b: // {
        this.stack.push({ array: false, key: null, index: 0 })
        return
      case 0x5b: // [
        this.stack.push({ array: true, key: null, index: 0 })
        return
      case 0x7d: // }
      case 0x5d: // ]
        this.stack.pop()
        return
      case 0x2c: // ,
        if (top?.array) top.index += 1
        else if (top) top.key = null
        return
      case QUOTE: {
        this.inString = true
        this.escaped = false
        this.stringIsKey = top !== undefined && !top.array && top.key === null
        this.key = []
        this.stringIsFree = !this.stringIsKey && this.free(this.path())
        return
      }
    }
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1]
  }

  private path(): JsonPath {
    return this.stack.map((frame) => (frame.array ? frame.index : (frame.key ?? '')))
  }
}

/** A key's bytes as JSON.parse reads them (escapes and UTF-8 decoded); as sent when they do not parse. */
function keyOf(bytes: number[]): string {
  const sent = new TextDecoder().decode(new Uint8Array(bytes))
  if (!bytes.includes(BACKSLASH)) return sent
  try {
    return JSON.parse(`"${sent}"`) as string
  } catch {
    return sent
  }
}

function nextSpecial(chunk: Uint8Array, from: number): number {
  const quote = chunk.indexOf(QUOTE, from)
  const backslash = chunk.indexOf(BACKSLASH, from)
  const end = chunk.length
  return Math.min(quote < 0 ? end : quote, backslash < 0 ? end : backslash)
}
