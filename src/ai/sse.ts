/**
 * Server-sent events, parsed from decoded text as it arrives (the OpenAI-compatible chat stream:
 * openai-stream.ts). Synchronous and allocation-light on purpose: at hundreds of concurrent
 * replies the provider's stream is read once per token, and the SDK's own reader (byte line
 * decoder, double-newline search, an object and three async generators per event) was most of the
 * CPU an instance spent per token (docs/decisions/131-scale-cpu.md).
 *
 * Lines end with LF, CRLF or CR; `data:` lines of one event are joined with LF; `event:` names it;
 * comments (`:`) and other fields (`id:`, `retry:`) are ignored; a blank line ends the event.
 */
export class SseParser {
  private buffer = ''
  private data: string | undefined
  private event: string | undefined

  /** Feeds the next piece of text; `onEvent` is called for each event it completes. */
  push(text: string, onEvent: (data: string, event: string | undefined) => void): void {
    const buffer = this.buffer ? this.buffer + text : text
    let start = 0
    // Searched again only once passed: a stream without CRs is scanned for one once per piece.
    let cr = buffer.indexOf('\r')
    while (start < buffer.length) {
      let end = buffer.indexOf('\n', start)
      // A CR ends a line too (CRLF: the LF goes with it); a CR last in the buffer waits for what follows.
      if (cr >= 0 && cr < start) cr = buffer.indexOf('\r', start)
      let next: number
      if (cr >= 0 && (end < 0 || cr < end)) {
        if (cr === buffer.length - 1) break
        end = cr
        next = buffer.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1
      } else if (end >= 0) {
        next = end + 1
      } else {
        break
      }
      this.line(buffer, start, end, onEvent)
      start = next
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start)
  }

  /** The stream ended: an event not followed by a blank line still counts. */
  end(onEvent: (data: string, event: string | undefined) => void): void {
    if (this.buffer) this.push('\n', onEvent)
    this.dispatch(onEvent)
  }

  private line(
    buffer: string,
    start: number,
    end: number,
    onEvent: (data: string, event: string | undefined) => void,
  ): void {
    if (start === end) {
      this.dispatch(onEvent)
      return
    }
    if (buffer.startsWith('data:', start)) {
      const value = buffer.slice(buffer.charCodeAt(start + 5) === 32 ? start + 6 : start + 5, end)
      this.data = this.data === undefined ? value : `${this.data}\n${value}`
    } else if (buffer.startsWith('event:', start)) {
      this.event = buffer.slice(buffer.charCodeAt(start + 6) === 32 ? start + 7 : start + 6, end)
    }
  }

  private dispatch(onEvent: (data: string, event: string | undefined) => void): void {
    const { data, event } = this
    this.data = undefined
    this.event = undefined
    if (data !== undefined) onEvent(data, event)
  }
}
