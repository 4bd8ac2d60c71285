import type { Message } from '../../db/schema'
import type { StreamTarget } from './delta-frames'

/**
 * A 'streaming' row created before this was cut off by a crash or restart (a reply ends within
 * the provider timeout; the margin covers the search and the final save). A younger one is being
 * answered, by this instance or another.
 */
export function replyIsFreshSince(ctx: {
  config: { ai: { requestTimeoutMs: number } }
  now: () => Date
}): Date {
  return new Date(ctx.now().getTime() - ctx.config.ai.requestTimeoutMs - 30_000)
}

/**
 * Replies being streamed by this instance, by chat id. One reply at a time per chat: a chat is
 * claimed synchronously before any await, so two sends racing on one chat cannot both start.
 * This state is per process: with several instances, socket.io's Postgres adapter fans the
 * deltas out, a client joining on another instance resumes from the message row, which is
 * saved every 500 ms, and a stop taken by another instance arrives by NOTIFY (remote-stop.ts;
 * docs/decisions/041-streaming-replies.md).
 */
export interface LiveReply extends StreamTarget {
  userId: string
  controller: AbortController
  /** Settles with the final message once the reply is stored. */
  done: Promise<Message | undefined>
  /** Tool calls waiting for the person's Approve or Deny, by call id (src/tools/loop.ts). */
  approvals?: Map<string, (approved: boolean) => void>
}

export class LiveReplies {
  private readonly claimed = new Set<string>()
  private readonly running = new Map<string, LiveReply>()

  /** Reserves the chat for one reply; false when a reply is already starting or running. */
  claim(chatId: string): boolean {
    if (this.claimed.has(chatId)) return false
    this.claimed.add(chatId)
    return true
  }

  start(reply: LiveReply): void {
    this.running.set(reply.chatId, reply)
  }

  get(chatId: string): LiveReply | undefined {
    return this.running.get(chatId)
  }

  release(chatId: string): void {
    this.claimed.delete(chatId)
    this.running.delete(chatId)
  }

  get size(): number {
    return this.running.size
  }
}
