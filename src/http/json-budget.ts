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

/** Longer keys than this are not ours: kept cut short, they match no path a route lets grow. */
const MAX_KEY_BYTES = 64
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Counts a JSON body's bytes as they arrive, except those inside the strings at the paths a route
 * lets grow (POST /api/chat's inline files, `attachments[].content`), and throws BodyTooLargeError
 * once the rest passes `limit`: a 30 MB `message` is refused at the JSON limit, not read whole
 * and parsed first. It follows the structure only (brackets, keys, strings); JSON.parse still
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

  constructor(
    private readonly limit: number,
    private readonly free: (path: JsonPath) => boolean,
  ) {}

  feed(chunk: Uint8Array): void {
    let at = 0
    while (at < chunk.length) {
      if (this.inString) at = this.readString(chunk, at)
      else this.readStructure(chunk[at++]!)
    }
    if (this.counted > this.limit) throw new BodyTooLargeError(this.limit)
  }

  /** Reads string bytes from `at`; returns where it stopped (after the closing quote, or the end). */
  private readString(chunk: Uint8Array, at: number): number {
    let end = at
    for (; end < chunk.length; end++) {
      const byte = chunk[end]!
      if (this.escaped) this.escaped = false
      else if (byte === QUOTE) break
      else if (byte === BACKSLASH) this.escaped = true
      // Runs of plain bytes in a free string: on to the next quote or backslash at once.
      else if (this.stringIsFree) end = nextSpecial(chunk, end) - 1
      // Keys as sent, escapes and all: an escaped key matches no path.
      if (this.stringIsKey && this.key.length < MAX_KEY_BYTES) this.key.push(byte)
    }
    const closed = end < chunk.length
    if (!this.stringIsFree) this.counted += end - at + (closed ? 1 : 0)
    if (closed) {
      this.inString = false
      if (this.stringIsKey) this.top()!.key = String.fromCharCode(...this.key)
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

function nextSpecial(chunk: Uint8Array, from: number): number {
  const quote = chunk.indexOf(QUOTE, from)
  const backslash = chunk.indexOf(BACKSLASH, from)
  const end = chunk.length
  return Math.min(quote < 0 ? end : quote, backslash < 0 ? end : backslash)
}
