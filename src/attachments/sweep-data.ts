import { and, inArray, isNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments } from '../../db/schema'

/**
 * Cross-user on purpose: the only attachment query not built from an actor. The stale-upload
 * sweep is a background job that no request carries; abandoned uploads (a closed tab, a removed
 * draft) belong to every user, and no one is signed in to act for them. It can only delete rows
 * that no message references (message_id null) and that are older than the cutoff, so it never
 * touches a file a user can still see in a conversation.
 *
 * Deletes at most `limit` such rows in one DELETE … RETURNING and returns their storage keys.
 * Several instances sweeping at once therefore never delete the same file twice, and a send
 * binding the file at that moment either wins (the row is no longer un-sent) or finds it gone.
 */
export async function deleteStaleUnsentUploads(
  db: Db,
  cutoff: Date,
  limit: number,
): Promise<{ storageKey: string }[]> {
  const stale = and(isNull(attachments.messageId), lt(attachments.createdAt, cutoff))
  const batch = db.select({ id: attachments.id }).from(attachments).where(stale).limit(limit)
  return db
    .delete(attachments)
    .where(and(inArray(attachments.id, batch), stale))
    .returning({ storageKey: attachments.storageKey })
}
