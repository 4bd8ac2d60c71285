import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Failure } from '../../db/catalogues/failures'
import type { Db } from '../../db/client'
import { messages } from '../../db/schema'
import { failedWith } from './messages-data'

/**
 * Cross-user on purpose (docs/decisions/103, 128): replies another instance was streaming when it
 * went silent belong to whoever asked; no actor exists for them here, and the only change made is
 * marking those still 'streaming' failed, with the text saved so far. Answers the rows it changed:
 * with several survivors each tries, and exactly one gets them.
 */
export async function failRepliesById(
  db: Db,
  ids: string[],
  failure: Failure,
): Promise<{ id: string; chatId: string }[]> {
  if (!ids.length) return []
  return (
    db
      .update(messages)
      .set(failedWith(failure))
      // A research answer is its job's: another instance resumes the run (src/research/worker.ts).
      .where(and(inArray(messages.id, ids), eq(messages.status, 'streaming'), isNull(messages.researchId)))
      .returning({ id: messages.id, chatId: messages.chatId })
  )
}
