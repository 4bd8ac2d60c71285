import { and, eq } from 'drizzle-orm'
import { type Attachment, attachments } from '../../db/schema'
import type { AppContext } from '../context'

export type AttachmentKind = Attachment['kind']

/** Generated from the row id only: a file name never reaches a storage key. */
export const uploadKeyOf = (userId: string, id: string) => `users/${userId}/uploads/${id}`

/**
 * Inserts the row before any byte is stored, so that every stored file is known to the database:
 * when a later step fails, or the process dies mid-upload, the stale-upload sweep still finds the
 * row (message_id null) and deletes its key.
 */
export async function reserveAttachment(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  filename: string,
): Promise<{ id: string; storageKey: string }> {
  const id = crypto.randomUUID()
  const storageKey = uploadKeyOf(userId, id)
  await ctx.db.insert(attachments).values({
    id,
    userId,
    storageKey,
    filename,
    contentType: 'application/octet-stream',
    size: 0,
    kind: 'other',
    createdAt: ctx.now(),
  })
  return { id, storageKey }
}

export interface AttachmentFacts {
  contentType: string
  size: number
  kind: AttachmentKind
  extractedText: string | null
  extractionError: string | null
}

export async function completeAttachment(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  id: string,
  facts: AttachmentFacts,
): Promise<Attachment> {
  const [row] = await ctx.db
    .update(attachments)
    .set(facts)
    .where(and(eq(attachments.id, id), eq(attachments.userId, userId)))
    .returning()
  return row!
}

/** Undoes a failed upload: the file (if any was written), then its row. */
export async function discardAttachment(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  userId: string,
  reserved: { id: string; storageKey: string },
): Promise<void> {
  try {
    await ctx.storage.delete(reserved.storageKey)
    await ctx.db
      .delete(attachments)
      .where(and(eq(attachments.id, reserved.id), eq(attachments.userId, userId)))
  } catch (error) {
    // The row stays (message_id null), so the sweep retries the file later.
    ctx.log.warn('could not discard a failed upload', { key: reserved.storageKey, error })
  }
}

/** A leftover file costs a little space; failing the user's request over it would cost more. */
export async function deleteStoredQuietly(ctx: Pick<AppContext, 'storage' | 'log'>, key: string) {
  try {
    await ctx.storage.delete(key)
  } catch (error) {
    ctx.log.warn('could not delete an attachment file', { key, error })
  }
}
