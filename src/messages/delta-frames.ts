import type { Logger } from '../log/logger'
import type { PartialSaves } from './partial-saves'

/**
 * How long a streamed reply's text waits, at most, to travel with the text that follows it: half a
 * screen refresh, while a model that sends a token every few milliseconds makes one event per frame
 * instead of one per token. 8 ms, not 16: a model writing every 10 ms then sends each token at once
 * (the leading edge), and in bench:scale's 500 wave the added p95 fell from 43–45 to 36–38 ms
 * (streaming instance) and 68–79 to 62–69 ms (the other), for ~10% more CPU (decision 135).
 */
export const DELTA_FRAME_MS = 8

interface FrameDeps {
  log: Pick<Logger, 'warn'>
  /** Where each sent text is remembered for the next save. */
  saves: Pick<PartialSaves, 'note'>
  /** Sends one `message:delta` to the chat's tabs. */
  deliver: (chatId: string, delta: { chatId: string; messageId: string; delta: string; seq: number }) => void
}

/**
 * A message whose text streams in: a chat reply (live-replies.ts) or a research report. `content` and
 * `seq` are what its tabs have been sent so far (0 before the first delta).
 */
export interface StreamTarget {
  chatId: string
  messageId: string
  content: string
  seq: number
}

/**
 * The deltas of every reply this instance streams, coalesced per reply over one shared frame
 * (docs/decisions/128-scale-out.md, 131-scale-cpu.md). Leading edge: a reply that sent nothing in
 * the current frame sends its text at once; what arrives after that waits for the frame's end and
 * goes out as one delta. So a reply sends at most one delta per frame (plus its last words), and a
 * token that follows a pause is not held back. Each delta's `seq` is one more than the reply's
 * last; the reply's `content` and `seq` only move together, when a delta is sent, so a `chat:join`
 * snapshot (content + seq) and the deltas after it never overlap or leave a hole. One timer for
 * all replies: at hundreds of streams every reply has text waiting at each frame's end, the frame's
 * events leave in the same turn, and the fanout sends them to the other instances together.
 */
export class DeltaFrames {
  /**
   * The replies that sent a delta in the current frame, with the text that arrived since ('' for
   * none). A reply absent from here sends its next text at once. Text only waits for a reply that
   * is here, so a leading-edge delta never overtakes waiting text.
   */
  private readonly open = new Map<StreamTarget, string>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly tick = () => this.endFrame()

  constructor(
    private readonly deps: FrameDeps,
    private readonly frameMs = DELTA_FRAME_MS,
  ) {}

  /** Adds text from the provider: sent at once if the reply sent nothing this frame, else at its end. */
  add(reply: StreamTarget, text: string): void {
    const waiting = this.open.get(reply)
    if (waiting !== undefined) {
      this.open.set(reply, waiting + text)
      return
    }
    this.open.set(reply, '')
    this.send(reply, text)
    this.timer ??= setTimeout(this.tick, this.frameMs)
  }

  /** Sends the reply's waiting text now (the stream ended: its text goes out before the outcome). */
  flush(reply: StreamTarget): void {
    const text = this.open.get(reply)
    if (text === undefined) return
    this.open.delete(reply)
    if (text) this.send(reply, text)
  }

  /**
   * The frame's end: each reply's waiting text goes out (the reply stays open for the next frame);
   * a reply that had nothing waiting closes, so its next text leaves at once.
   */
  private endFrame(): void {
    this.timer = undefined
    for (const [reply, text] of this.open) {
      if (text) {
        this.open.set(reply, '')
        this.send(reply, text)
      } else {
        this.open.delete(reply)
      }
    }
    if (this.open.size) this.timer = setTimeout(this.tick, this.frameMs)
  }

  private send(reply: StreamTarget, text: string): void {
    reply.content += text
    reply.seq += 1
    const { chatId, messageId } = reply
    try {
      this.deps.deliver(chatId, { chatId, messageId, delta: text, seq: reply.seq })
    } catch (error) {
      this.deps.log.warn('could not send a delta', { chatId, messageId, error })
    }
    // The save only remembers the text (no query, nothing awaited, per delta).
    this.deps.saves.note(messageId, reply.content)
  }
}
