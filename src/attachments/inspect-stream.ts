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
 * anyway, so they need not be read back from storage.
 */
export function inspectStream(source: ReadableStream<Uint8Array>, keepAll: boolean) {
  const chunks: Uint8Array[] = []
  let size = 0
  const head = new Uint8Array(HEAD_BYTES)
  const stream = source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (size < HEAD_BYTES) head.set(chunk.subarray(0, HEAD_BYTES - size), size)
        size += chunk.length
        if (keepAll) chunks.push(chunk)
        controller.enqueue(chunk)
      },
    }),
  )
  const result = (): Inspection => ({
    size,
    head: head.subarray(0, Math.min(size, HEAD_BYTES)),
    bytes: keepAll ? joinChunks(chunks, size) : undefined,
  })
  return { stream, result }
}
