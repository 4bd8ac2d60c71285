import type { Failure } from '../../db/catalogues/failures'
import { failureText } from '../ai/failures'
import type { AppContext } from '../context'
import { replyIsFreshSince } from './live-replies'
import { failStreamingReplies } from './stale-replies-data'

export const INTERRUPTED_FAILURE: Failure = { reason: 'interrupted' }
export const INTERRUPTED = failureText(INTERRUPTED_FAILURE)

/**
 * At start-up, replies left 'streaming' by a crash or a kill are marked failed, keeping the text
 * saved so far, so the UI offers Retry instead of waiting forever. The embedded database belongs
 * to this process alone, so every streaming row is stale; on a shared Postgres another instance may
 * be answering, so only rows older than the provider timeout are (the rest are caught when their
 * chat is next claimed).
 */
export async function failInterruptedReplies(ctx: Pick<AppContext, 'db' | 'database' | 'config' | 'now'>) {
  return failStreamingReplies(
    ctx.db,
    INTERRUPTED_FAILURE,
    ctx.database.kind === 'pglite' ? undefined : replyIsFreshSince(ctx),
  )
}
