import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { messageNotFound } from '../messages/model'
import { STOP_CHANNEL } from '../messages/remote-stop'
import { toolRunsFor } from './tool-runs-data'

export const CALL_NOT_WAITING = 'This tool call is not waiting for approval'

/**
 * Approve or Deny for a tool call that waits in a streaming answer (issue 30): the person decides,
 * never the model. The answer's own instance is told at once; another instance on the same Postgres
 * hears it on the stop channel (src/messages/remote-stop.ts), which every instance running an answer
 * listens to. Another person's message is missing (404); a call that no longer waits is 409.
 */
export async function decideToolCall(
  ctx: Pick<AppContext, 'db' | 'database' | 'liveReplies'>,
  actor: Actor,
  messageId: string,
  callId: string,
  approved: boolean,
): Promise<void> {
  const message = isUuid(messageId) ? await toolRunsFor(ctx.db, actor).answer(messageId) : undefined
  if (!message) throw messageNotFound()
  const call = message.toolCalls?.find((known) => known.id === callId)
  if (!call) throw new AppError('not_found:tool_call', 'Tool call not found')
  if (message.status !== 'streaming' || call.status !== 'awaiting_approval') {
    throw new AppError('conflict:tool_call', CALL_NOT_WAITING)
  }
  const reply = ctx.liveReplies.get(message.chatId)
  const decide = reply?.messageId === messageId ? reply.approvals?.get(callId) : undefined
  if (decide) {
    decide(approved)
    return
  }
  const sql = ctx.database.sql
  // The embedded database has one instance: no answer here waiting means none anywhere (it was cut off).
  if (!sql) throw new AppError('conflict:tool_call', CALL_NOT_WAITING)
  await sql.notify(STOP_CHANNEL, JSON.stringify({ chatId: message.chatId, messageId, callId, approved }))
}
