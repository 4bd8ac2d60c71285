/**
 * `data` as a stream of `chunkSize` chunks, each valid only until the next is asked for, as the
 * Storage contract allows a source (decision 190): once the next chunk is pulled, the one before is
 * overwritten and its buffer detached, so a reader that kept it without copying reads garbage or
 * nothing.
 */
export function reusingStream(data: Uint8Array, chunkSize: number): ReadableStream<Uint8Array> {
  let at = 0
  let last: Uint8Array | undefined
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (last) {
          last.fill(0xee)
          ;(last.buffer as ArrayBuffer).transfer(0)
        }
        if (at >= data.byteLength) return controller.close()
        last = data.slice(at, at + chunkSize)
        at += chunkSize
        controller.enqueue(last)
      },
    },
    { highWaterMark: 0 },
  )
}
