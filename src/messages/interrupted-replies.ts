import { and, eq, lt } from 'drizzle-orm'
import { messages } from '../../db/schema'
import type { AppContext } from '../context'
import { replyIsFreshSince } from './live-replies'

export const INTERRUPTED = 'The reply was interrupted when the server stopped'

/**
 * At start-up, replies left 'streaming' by a crash or a kill are marked failed, keeping the text
 * saved so far, so the UI offers Retry instead of waiting forever. The embedded database belongs
 * to this process alone, so every streaming row is stale; on a shared Postgres another instance may
 * be answering, so only rows older than the provider timeout are (the rest are caught when their
 * chat is next claimed).
 */
export async function failInterruptedReplies(ctx: Pick<AppContext, 'db' | 'database' | 'config' | 'now'>) {
  const stale =
    ctx.database.kind === 'pglite'
      ? eq(messages.status, 'streaming')
      : and(eq(messages.status, 'streaming'), lt(messages.createdAt, replyIsFreshSince(ctx)))
  const rows = await ctx.db
    .update(messages)
    .set({ status: 'failed', error: INTERRUPTED })
    .where(stale)
    .returning({ id: messages.id })
  return rows.length
}
