import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { replyIsFreshSince } from './live-replies'
import { messagesFor } from './messages-data'

/**
 * Stop for a reply that another instance on the same Postgres is streaming
 * (docs/decisions/041-streaming-replies.md, "Multi-instance"): the instance that took the stop
 * request announces it with NOTIFY, the instance running the reply aborts it as a local stop would
 * (text so far kept, status 'stopped'), and the request waits until the row is no longer
 * 'streaming'. The embedded database belongs to one process, so there every reply is local.
 */

/** The Postgres channel; the payload is `{"chatId":…,"messageId":…}`, with `callId` and `approved` for a tool call's decision. */
export const STOP_CHANNEL = 'parley_reply_stop'
/** How long a stop request waits for the other instance to store the stopped reply. */
export const REMOTE_STOP_WAIT_MS = 5_000
const POLL_MS = 50
/** A NOTIFY sent while the owner's listening connection was reconnecting is lost: say it again. */
const ANNOUNCE_EVERY_MS = 1_000

type Ctx = Pick<AppContext, 'database' | 'db' | 'config' | 'now' | 'log' | 'liveReplies'>

/**
 * Makes this instance act on stops announced by the others. Awaited before a reply's 'streaming'
 * row is written, so no other instance can see the row before this one hears stops for it. One
 * LISTEN per process (postgres.js keeps a dedicated connection for it and listens again after a
 * reconnect); nothing on the embedded database.
 */
export function listenForStops(ctx: Ctx & Pick<AppContext, 'stopListening'>): Promise<void> {
  const sql = ctx.database.sql
  if (!sql) return Promise.resolve()
  // A failed LISTEN is not kept: the next reply tries again.
  return ctx.stopListening.get(() =>
    sql.listen(STOP_CHANNEL, (payload) => onStopAnnounced(ctx, payload)).then(() => undefined),
  )
}

function onStopAnnounced(ctx: Ctx, payload: string) {
  try {
    const { chatId, messageId, callId, approved } = JSON.parse(payload) as {
      chatId: string
      messageId: string
      /** A tool call's Approve or Deny taken by another instance (src/tools/approvals.ts), not a stop. */
      callId?: string
      approved?: boolean
    }
    const reply = ctx.liveReplies.get(chatId)
    // Only the reply that was asked about: a newer one in the same chat keeps going.
    if (reply?.messageId !== messageId) return
    if (callId !== undefined) reply.approvals?.get(callId)?.(approved === true)
    else reply.controller.abort()
  } catch (error) {
    ctx.log.warn('ignored a malformed stop announcement', { payload, error })
  }
}

export type StopResult = { stopped: true; messageId: string } | { stopped: false; messageId: null }
export const NOTHING_TO_STOP: StopResult = { stopped: false, messageId: null }

/**
 * Stops the chat's reply when another instance is streaming it: its row is 'streaming' and young
 * enough to still have an owner. Answers once the row is stored with another status, or
 * NOTHING_TO_STOP when there is no such reply or no instance stored it within the wait (the
 * owner died; the row is marked failed when it goes stale).
 */
export async function stopRemoteReply(ctx: Ctx, actor: Actor, chatId: string): Promise<StopResult> {
  const sql = ctx.database.sql
  if (!sql) return NOTHING_TO_STOP
  const rows = messagesFor(ctx.db, actor)
  const [row] = await rows.streaming(chatId, replyIsFreshSince(ctx))
  if (!row) return NOTHING_TO_STOP
  const payload = JSON.stringify({ chatId, messageId: row.id })
  const deadline = performance.now() + REMOTE_STOP_WAIT_MS
  let announceAt = 0
  while (performance.now() < deadline) {
    if (performance.now() >= announceAt) {
      await sql.notify(STOP_CHANNEL, payload)
      announceAt = performance.now() + ANNOUNCE_EVERY_MS
    }
    await Bun.sleep(POLL_MS)
    // A row deleted meanwhile (chat deleted) is not running either.
    if ((await rows.status(row.id)) !== 'streaming') return { stopped: true, messageId: row.id }
  }
  ctx.log.warn('no instance stopped the reply', { chatId, messageId: row.id })
  return NOTHING_TO_STOP
}
