import type { AppContext } from '../context'
import { INTERRUPTED, INTERRUPTED_FAILURE } from './interrupted-replies'
import { failRepliesById } from './lost-replies-data'
import { SEND_FAILED } from './run-reply'

/**
 * The replies of an instance that went silent (killed, or cut off from the others): marked failed
 * with the text saved so far, and every tab told at once with `message:failed`, so the bubble offers
 * Retry within seconds instead of streaming until the row goes stale (decision 128). A reply that
 * instance stored meanwhile keeps its outcome (only 'streaming' rows change).
 */
export async function failLostReplies(
  ctx: Pick<AppContext, 'db' | 'log' | 'realtime'>,
  messageIds: string[],
): Promise<number> {
  try {
    const rows = await failRepliesById(ctx.db, messageIds, INTERRUPTED_FAILURE)
    for (const { id, chatId } of rows) {
      ctx.realtime.toChat(chatId, 'message:failed', {
        chatId,
        messageId: id,
        error: SEND_FAILED,
        reason: INTERRUPTED,
        failure: INTERRUPTED_FAILURE,
      })
    }
    if (rows.length) ctx.log.warn('replies of a lost instance were marked failed', { count: rows.length })
    return rows.length
  } catch (error) {
    ctx.log.warn('could not end the replies of a lost instance', { error })
    return 0
  }
}
