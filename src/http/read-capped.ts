/**
 * Reading a body without trusting its sender: the bytes are counted while they arrive and reading
 * stops at the cap, so a client's chunked upload or an outside service's endless answer costs at
 * most `maxBytes` of memory. Content-Length is not consulted: it can be absent or lie.
 */

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Body exceeds ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The body's chunks as they arrive, or BodyTooLargeError as soon as more than `maxBytes` have
 * arrived: for a reader that acts on each chunk (a streamed answer), and under readCapped.
 */
export async function* cappedChunks(
  source: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): AsyncGenerator<Uint8Array> {
  const reader = source.body?.getReader()
  if (!reader) return
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      total += value.byteLength
      if (total > maxBytes) {
        // Cancelling tells the sender to stop; for fetch() it also closes the connection.
        await reader.cancel().catch(() => {})
        throw new BodyTooLargeError(maxBytes)
      }
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * The body's bytes, or BodyTooLargeError as soon as more than `maxBytes` have arrived. The chunks
 * read are freed once they are copied into the joined bytes, or at once when the body is refused
 * (releaseChunk): 20 forms to a 5 MiB limit at once held +101–106 MiB of them until a collection.
 */
export async function readCapped(
  source: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for await (const chunk of cappedChunks(source, maxBytes)) {
      chunks.push(chunk)
      total += chunk.byteLength
    }
  } catch (error) {
    for (const chunk of chunks) releaseChunk(chunk)
    throw error
  }
  const bytes = joinChunks(chunks, total)
  if (chunks.length > 1) for (const chunk of chunks) releaseChunk(chunk)
  return bytes
}

/**
 * Gives the memory of a body's chunk back now, when the reader is done with it and nothing else holds
 * it (a chunk that is its whole buffer, as Bun's request streams hand them out): the buffer is
 * detached and its bytes freed. Bun's chunks are native memory the garbage collector does not count,
 * so left to it, 20 bodies of 30 MiB arriving at once reached +400 MiB of garbage before a
 * collection (decision 189).
 */
export function releaseChunk(chunk: Uint8Array): void {
  const { buffer } = chunk
  if (chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength && buffer instanceof ArrayBuffer)
    buffer.transfer(0)
}

/** `chunks` as one array of `total` bytes (the one chunk itself when there is only one). */
export function joinChunks(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 0) return new Uint8Array(0)
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The body as UTF-8 text (invalid sequences replaced), read under the same cap. */
export async function readCappedText(source: { body: ReadableStream<Uint8Array> | null }, maxBytes: number) {
  return new TextDecoder().decode(await readCapped(source, maxBytes))
}
