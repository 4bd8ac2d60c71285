import { AppError } from '../http/errors'
import { releaseChunk } from '../http/read-capped'

/**
 * Reads a multipart/form-data body as it arrives and hands over one file field as a stream, so an
 * upload can go to storage without the whole body being held in memory (`Request.formData()`
 * buffers everything). Small fields before the file are skipped; the body after the file is not
 * read. Everything read counts against `maxBodyBytes`, a declared Content-Length above it is
 * refused before a byte is read, and the file itself may not pass `maxFileBytes`.
 */
export interface FilePart {
  /** The name the client gave, as sent (not yet made safe). */
  filename: string
  /** The part's declared Content-Type, or ''. */
  contentType: string
  /**
   * The file's bytes; errors with `tooLarge()` past the limit and with a 400 on a cut-off body.
   * Each chunk is valid until the next one after it is asked for: a reader that keeps bytes copies
   * them (Storage.put and the import's reader do).
   */
  body: ReadableStream<Uint8Array>
}

export interface FilePartOptions {
  maxFileBytes: number
  maxBodyBytes: number
  tooLarge: () => AppError
}

/** Part headers longer than this are not a browser's; refuse them rather than buffer them. */
const MAX_HEADER_BYTES = 16 * 1024

const encoder = new TextEncoder()
const CRLF_CRLF = encoder.encode('\r\n\r\n')
const malformed = () => new AppError('bad_request:upload', 'Malformed upload')
export const noFile = () => new AppError('bad_request:upload', 'No file was uploaded')

export async function openFilePart(
  request: Request,
  field: string,
  options: FilePartOptions,
): Promise<FilePart> {
  const boundary = boundaryOf(request.headers.get('content-type') ?? '')
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > options.maxBodyBytes) throw options.tooLarge()
  if (!request.body) throw noFile()
  const input = new BodyReader(request.body, options.maxBodyBytes, options.tooLarge)
  try {
    return await findFilePart(input, boundary, field, options)
  } catch (error) {
    await input.cancel()
    throw error
  }
}

async function findFilePart(
  input: BodyReader,
  boundary: string,
  field: string,
  options: FilePartOptions,
): Promise<FilePart> {
  const firstDelimiter = encoder.encode(`--${boundary}`)
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  await input.skipPast(firstDelimiter, MAX_HEADER_BYTES)
  for (;;) {
    // After a delimiter: '--' closes the body, otherwise the line ends and the part's headers follow.
    if (!(await input.ensure(2))) throw malformed()
    if (input.peek(0) === 0x2d && input.peek(1) === 0x2d) throw noFile()
    const headerEnd = await input.find(CRLF_CRLF, MAX_HEADER_BYTES)
    const headers = parseHeaders(new TextDecoder().decode(input.take(headerEnd + CRLF_CRLF.length)))
    const disposition = parseDisposition(headers.get('content-disposition') ?? '')
    if (disposition.name === field && disposition.filename !== undefined) {
      return {
        filename: disposition.filename,
        contentType: headers.get('content-type') ?? '',
        body: streamPartBody(input, delimiter, options),
      }
    }
    await input.skipPast(delimiter, Number.POSITIVE_INFINITY)
  }
}

/**
 * The part's bytes up to the next delimiter; the last bytes are held back until they cannot start one.
 * The chunks handed on are views of the request's own; each request chunk is freed once the parser
 * is done with it and the reader has asked for more since (decision 190). Bun's chunks are native
 * memory the collector does not count, and the app's heap (the embedded database's memory among it)
 * lets garbage grow far before a collection: 20 uploads over their limit at once left +150–190 MiB.
 */
function streamPartBody(input: BodyReader, delimiter: Uint8Array, options: FilePartOptions) {
  let sent = 0
  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array) => {
    sent += chunk.length
    if (sent > options.maxFileBytes) throw options.tooLarge()
    if (chunk.length > 0) controller.enqueue(chunk)
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        input.releaseRetired()
        try {
          for (;;) {
            const at = input.indexOf(delimiter)
            if (at >= 0) {
              emit(controller, input.take(at))
              controller.close()
              await input.cancel()
              return
            }
            const safe = input.length - (delimiter.length - 1)
            if (safe > 0) {
              emit(controller, input.take(safe))
              return
            }
            const next = await input.read()
            if (!next) throw malformed()
            // The few bytes held back, once the next chunk shows no delimiter starts in them, go
            // out on their own: the chunk is not copied onto them (a whole upload's worth of copies).
            const held = input.length
            if (next.length < delimiter.length) {
              input.push(next)
              continue
            }
            const window = Buffer.concat([input.take(held), next.subarray(0, delimiter.length - 1)])
            const starts = window.indexOf(delimiter)
            if (starts >= 0 && starts < held) input.push(window.subarray(0, held), next)
            else {
              emit(controller, window.subarray(0, held))
              input.push(next)
            }
          }
        } catch (error) {
          await input.cancel()
          throw error
        }
      },
      cancel: () => input.cancel(),
    },
    { highWaterMark: 0 },
  )
}

/** A growable window over the request body, counting every byte read against the limit. */
class BodyReader {
  private buffer: Buffer = Buffer.alloc(0)
  /** The request chunk the window is a view of, when it is one (not a join of several). */
  private backing: Uint8Array | null = null
  /** The chunks `read` handed out: only these are the request's, and only these are ever freed. */
  private readonly fromRequest = new WeakSet<Uint8Array>()
  /** Request chunks the window is done with, whose views a reader may still hold until it reads on. */
  private retired: Uint8Array[] = []
  private received = 0
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private cancelled = false

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly limit: number,
    private readonly tooLarge: () => AppError,
  ) {
    this.reader = body.getReader()
  }

  get length() {
    return this.buffer.length
  }

  peek(at: number) {
    return this.buffer[at]
  }

  indexOf(needle: Uint8Array) {
    return this.buffer.indexOf(needle)
  }

  /** Reads one more chunk; false at the end of the body. */
  async fill(): Promise<boolean> {
    const value = await this.read()
    if (!value) return false
    this.push(value)
    return true
  }

  /** The next chunk, counted against the limit but not yet in the window; null at the end. */
  async read(): Promise<Uint8Array | null> {
    if (this.cancelled) return null
    const { done, value } = await this.reader.read()
    if (done) return null
    this.received += value.length
    if (this.received > this.limit) throw this.tooLarge()
    this.fromRequest.add(value)
    return value
  }

  /**
   * Appends to the window: a chunk alone is wrapped, not copied; otherwise they are joined. Either
   * way the chunk the window viewed is done with (its bytes are in the join, or were all taken).
   */
  push(...chunks: Uint8Array[]) {
    const all = this.buffer.length === 0 ? chunks : [this.buffer, ...chunks]
    this.retire(this.backing)
    if (all.length === 1) {
      this.buffer = Buffer.from(all[0]!.buffer, all[0]!.byteOffset, all[0]!.byteLength)
      this.backing = this.fromRequest.has(all[0]!) ? all[0]! : null
      return
    }
    this.buffer = Buffer.concat(all)
    this.backing = null
    for (const chunk of chunks) this.retire(chunk)
  }

  private retire(chunk: Uint8Array | null) {
    if (chunk && this.fromRequest.has(chunk)) this.retired.push(chunk)
  }

  /** Frees the retired chunks: call when the reader of what was taken has asked for more. */
  releaseRetired() {
    for (const chunk of this.retired) releaseChunk(chunk)
    this.retired = []
  }

  async ensure(bytes: number): Promise<boolean> {
    while (this.buffer.length < bytes) if (!(await this.fill())) return false
    return true
  }

  /** The position of `needle`, reading on until it shows up within `within` bytes. */
  async find(needle: Uint8Array, within: number): Promise<number> {
    for (;;) {
      const at = this.buffer.indexOf(needle)
      if (at >= 0 && at <= within) return at
      if (this.buffer.length > within + needle.length || !(await this.fill())) throw malformed()
    }
  }

  /** Drops everything up to and including `needle`, keeping at most `within` bytes in between. */
  async skipPast(needle: Uint8Array, within: number): Promise<void> {
    let skipped = 0
    for (;;) {
      const at = this.buffer.indexOf(needle)
      if (at >= 0) {
        this.take(at + needle.length)
        return
      }
      const drop = Math.max(0, this.buffer.length - (needle.length - 1))
      skipped += drop
      this.take(drop)
      if (skipped > within || !(await this.fill())) throw malformed()
    }
  }

  /** The first bytes, as a plain Uint8Array (a Buffer's `slice` would be a view, surprising callers). */
  take(bytes: number): Uint8Array {
    const head = new Uint8Array(
      this.buffer.buffer,
      this.buffer.byteOffset,
      Math.min(bytes, this.buffer.length),
    )
    this.buffer = this.buffer.subarray(bytes)
    return head
  }

  async cancel(): Promise<void> {
    if (this.cancelled) return
    this.cancelled = true
    await this.reader.cancel().catch(() => {})
  }
}

function boundaryOf(contentType: string): string {
  const [type = '', ...params] = contentType.split(';')
  if (type.trim().toLowerCase() !== 'multipart/form-data') {
    throw new AppError('bad_request:upload', 'Expected a multipart/form-data upload')
  }
  for (const param of params) {
    const [name = '', ...rest] = param.split('=')
    if (name.trim().toLowerCase() !== 'boundary') continue
    const value = unquote(rest.join('=').trim())
    // RFC 2046: 1 to 70 characters.
    if (value.length >= 1 && value.length <= 70) return value
  }
  throw malformed()
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/**
 * `form-data; name="file"; filename="a.pdf"`. Browsers send the name in UTF-8 inside quotes with
 * `"`, CR and LF percent-encoded (the HTML standard's multipart/form-data encoding); a
 * `filename*=UTF-8''…` (RFC 5987) from other clients wins when present.
 */
export function parseDisposition(value: string): { name?: string; filename?: string } {
  const params = new Map<string, string>()
  const pattern = /;\s*([^\s=;]+)\s*=\s*("[^"]*"|[^;]*)/g
  for (const match of value.matchAll(pattern)) params.set(match[1]!.toLowerCase(), match[2]!.trim())
  const name = params.has('name') ? unquote(params.get('name')!) : undefined
  const extended = params.get('filename*')
  if (extended) {
    const encoded = /^utf-8'[^']*'(.*)$/i.exec(unquote(extended))
    if (encoded) {
      try {
        return { name, filename: decodeURIComponent(encoded[1]!) }
      } catch {
        // A malformed percent-escape: fall back to the plain filename below.
      }
    }
  }
  const plain = params.get('filename')
  if (plain === undefined) return { name }
  const filename = unquote(plain).replace(/%22|%0D|%0A/gi, (encoded) => decodeURIComponent(encoded))
  return { name, filename }
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
}
