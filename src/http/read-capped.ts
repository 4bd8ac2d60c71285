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

/** The body's bytes, or BodyTooLargeError as soon as more than `maxBytes` have arrived. */
export async function readCapped(
  source: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<Uint8Array> {
  const stream = source.body
  if (!stream) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        // Cancelling tells the sender to stop; for fetch() it also closes the connection.
        await reader.cancel().catch(() => {})
        throw new BodyTooLargeError(maxBytes)
      }
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
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
