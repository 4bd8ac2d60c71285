import { joinChunks } from '../http/read-capped'

/** The first bytes are all that classifying an image or a PDF looks at (a PDF header may sit anywhere in 1 KB). */
export const HEAD_BYTES = 1024

export interface Inspection {
  size: number
  /** The first HEAD_BYTES bytes. */
  head: Uint8Array
  /** Every byte, when asked to keep them (documents, whose text is extracted). */
  bytes?: Uint8Array
}

/**
 * Passes a stream through unchanged while counting it, keeping its first kilobyte and, when
 * `keepAll`, a copy of the whole of it: a tee into memory for the files whose text is extracted
 * anyway, so they need not be read back from storage. A chunk is read from `source` only when the
 * reader asks for one (no queue in between), so a source whose chunk is valid until the next read
 * (multipart-stream.ts) stays so; the kept bytes are copies.
 */
export function inspectStream(source: ReadableStream<Uint8Array>, keepAll: boolean) {
  const chunks: Uint8Array[] = []
  let size = 0
  const head = new Uint8Array(HEAD_BYTES)
  const reader = source.getReader()
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) return controller.close()
        if (size < HEAD_BYTES) head.set(value.subarray(0, HEAD_BYTES - size), size)
        size += value.length
        if (keepAll) chunks.push(value.slice())
        controller.enqueue(value)
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
  const result = (): Inspection => ({
    size,
    head: head.subarray(0, Math.min(size, HEAD_BYTES)),
    bytes: keepAll ? joinChunks(chunks, size) : undefined,
  })
  return { stream, result }
}
