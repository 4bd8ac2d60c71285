import type { AppContext } from '../context'
import type { LiveReply } from './live-replies'
import { partialSaves } from './partial-saves'

/**
 * How long a streamed reply's text waits to travel with the text that follows it: about one screen
 * refresh, so a tab shows nothing later than it could draw it, while a model that sends a token
 * every few milliseconds makes one event per frame instead of one per token.
 */
export const DELTA_FRAME_MS = 16

type FrameContext = Pick<AppContext, 'database' | 'log' | 'realtime'>

/**
 * The deltas of every reply this instance streams, coalesced per reply over one shared frame
 * (docs/decisions/128-scale-out.md). Text from the provider is kept here until the frame ends; then
 * each reply with new text sends it as one `message:delta` whose `seq` is one more than its last.
 * The reply's `content` and `seq` only move together, when a delta is sent, so a `chat:join`
 * snapshot (content + seq) and the deltas after it never overlap or leave a hole. One timer for all
 * replies: at hundreds of streams a frame's events leave in the same turn, and the fanout sends them
 * to the other instances together.
 */
export class DeltaFrames {
  private readonly waiting = new Map<LiveReply, string>()
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly ctx: FrameContext,
    private readonly frameMs = DELTA_FRAME_MS,
  ) {}

  /** Adds text from the provider; it is sent at the end of the current frame. */
  add(reply: LiveReply, text: string): void {
    this.waiting.set(reply, (this.waiting.get(reply) ?? '') + text)
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.flushAll()
    }, this.frameMs)
  }

  /** Sends the reply's waiting text now (the stream ended: its text goes out before the outcome). */
  flush(reply: LiveReply): void {
    const text = this.waiting.get(reply)
    if (text === undefined) return
    this.waiting.delete(reply)
    this.send(reply, text)
  }

  private flushAll(): void {
    const frame = [...this.waiting]
    this.waiting.clear()
    for (const [reply, text] of frame) this.send(reply, text)
  }

  private send(reply: LiveReply, text: string): void {
    reply.content += text
    reply.seq += 1
    const { chatId, messageId } = reply
    try {
      this.ctx.realtime.toChat(chatId, 'message:delta', { chatId, messageId, delta: text, seq: reply.seq })
    } catch (error) {
      this.ctx.log.warn('could not send a delta', { chatId, messageId, error })
    }
    // The save only remembers the text (no query, nothing awaited, per delta).
    partialSaves(this.ctx).note(messageId, reply.content)
  }
}

const registries = new WeakMap<object, DeltaFrames>()

/** The frames of one running app (keyed by its database, like the live replies). */
export function deltaFrames(ctx: FrameContext & { realtime: unknown }): DeltaFrames {
  let frames = registries.get(ctx.database)
  if (!frames) {
    // The context itself, not its realtime: the test harness swaps `ctx.realtime` after start-up.
    frames = new DeltaFrames(ctx)
    registries.set(ctx.database, frames)
  }
  return frames
}
