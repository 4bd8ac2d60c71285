import type { Attachment } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { type AttachmentFacts, attachmentsFor } from './attachments-data'

export type { AttachmentFacts } from './attachments-data'
export type AttachmentKind = Attachment['kind']

/** Generated from the row id only: a file name never reaches a storage key. */
export const uploadKeyOf = (userId: string, id: string) => `users/${userId}/uploads/${id}`

/**
 * Inserts the row before any byte is stored, so that every stored file is known to the database:
 * when a later step fails, or the process dies mid-upload, the stale-upload sweep still finds the
 * row (message_id null) and deletes its key. The key lies under the effective user's folder (the
 * user acted for, while an administrator impersonates), since the file is theirs.
 */
export async function reserveAttachment(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: Actor,
  filename: string,
): Promise<{ id: string; storageKey: string }> {
  const id = crypto.randomUUID()
  const storageKey = uploadKeyOf(actor.userId, id)
  await attachmentsFor(ctx.db, actor).reserve({ id, storageKey, filename, createdAt: ctx.now() })
  return { id, storageKey }
}

export async function completeAttachment(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  id: string,
  facts: AttachmentFacts,
): Promise<Attachment> {
  const row = await attachmentsFor(ctx.db, actor).complete(id, facts)
  // The reserved row went while the bytes streamed: the account was deleted meanwhile (its rows
  // cascade). The caller's cleanup removes the file.
  if (!row) throw new AppError('conflict:removed', 'This was removed in the meantime. Reload and try again.')
  return row
}

/** Undoes a failed upload: the file (if any was written), then its row. */
export async function discardAttachment(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  actor: Actor,
  reserved: { id: string; storageKey: string },
): Promise<void> {
  try {
    await ctx.storage.delete(reserved.storageKey)
    await attachmentsFor(ctx.db, actor).remove(reserved.id)
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
