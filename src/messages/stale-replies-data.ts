import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Failure } from '../../db/catalogues/failures'
import type { Db } from '../../db/client'
import { messages } from '../../db/schema'
import { failedWith } from './messages-data'

/**
 * Cross-user on purpose: a start-up sweep, not a request. Replies left 'streaming' by a crash belong
 * to whoever asked; no actor exists for them, and the only change made is marking them failed.
 * `olderThan` undefined means every streaming row (the embedded database belongs to one process).
 */
export async function failStreamingReplies(db: Db, failure: Failure, olderThan?: Date): Promise<number> {
  // Research reports are 'streaming' for minutes and owned by their job (src/research), never swept here.
  const streaming = and(eq(messages.status, 'streaming'), isNull(messages.researchId))
  const stale = olderThan ? and(streaming, lt(messages.createdAt, olderThan)) : streaming
  const rows = await db.update(messages).set(failedWith(failure)).where(stale).returning({ id: messages.id })
  return rows.length
}
