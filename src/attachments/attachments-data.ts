import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Attachment, attachments, messages } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { isUuid } from './errors'

/** What reading a stored file tells us, written onto its reserved row. */
export interface AttachmentFacts {
  contentType: string
  size: number
  kind: Attachment['kind']
  extractedText: string | null
  extractionError: string | null
}

/**
 * The actor's attachments. Every query is limited to the actor's rows, so another user's file
 * cannot be read, bound or deleted through here: its id behaves exactly like one that does not
 * exist. Malformed ids are treated the same way (they never reach Postgres, which would refuse
 * them with an error instead of an empty answer).
 *
 * `db` may be a transaction: drizzle's transaction handle is a `Db` (PgTransaction extends
 * PgDatabase), which is how the send path binds files inside the transaction that stores the
 * message.
 */
export function attachmentsFor(db: Db, actor: Actor) {
  const owned = eq(attachments.userId, actor.userId)
  const byId = (id: string) => and(eq(attachments.id, id), owned)
  const byIds = (ids: readonly string[]) => and(owned, inArray(attachments.id, [...ids]))
  const wellFormed = (ids: readonly string[]) => [...new Set(ids)].filter(isUuid)

  return {
    /**
     * Inserts the row of an upload about to be stored (un-sent, facts not yet known). The storage
     * key is the caller's: it lies under the actor's own folder.
     */
    async reserve(row: { id: string; storageKey: string; filename: string; createdAt: Date }) {
      await db.insert(attachments).values({
        ...row,
        userId: actor.userId,
        contentType: 'application/octet-stream',
        size: 0,
        kind: 'other',
      })
    },

    async complete(id: string, facts: AttachmentFacts): Promise<Attachment | undefined> {
      const [row] = await db.update(attachments).set(facts).where(byId(id)).returning()
      return row
    },

    async find(id: string): Promise<Attachment | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db.select().from(attachments).where(byId(id))
      return row
    },

    /** Whether the row exists at all (sent or not). */
    async exists(id: string): Promise<boolean> {
      if (!isUuid(id)) return false
      const [row] = await db.select({ id: attachments.id }).from(attachments).where(byId(id))
      return Boolean(row)
    },

    /** The rows with these ids, in no particular order; unknown ids are simply absent. */
    async findMany(ids: readonly string[]): Promise<Attachment[]> {
      const valid = wellFormed(ids)
      if (valid.length === 0) return []
      return db.select().from(attachments).where(byIds(valid))
    },

    /** Deletes the row whatever its state (undoing a failed upload). */
    async remove(id: string): Promise<void> {
      if (!isUuid(id)) return
      await db.delete(attachments).where(byId(id))
    },

    /**
     * Deletes the rows with these ids that are still un-sent and returns their storage keys.
     * Decided by one statement, so a send binding a file at the same moment either wins or loses whole.
     */
    async removeUnsent(ids: readonly string[]): Promise<{ storageKey: string }[]> {
      const valid = wellFormed(ids)
      if (valid.length === 0) return []
      return db
        .delete(attachments)
        .where(and(byIds(valid), isNull(attachments.messageId)))
        .returning({ storageKey: attachments.storageKey })
    },

    /** Whether the message exists and is the actor's (files are bound to and listed for those only). */
    async ownsMessage(messageId: string): Promise<boolean> {
      if (!isUuid(messageId)) return false
      const [message] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.userId, actor.userId)))
      return Boolean(message)
    },

    /** Where each of these files stands (message id or null), without their extracted text. */
    async sentState(ids: readonly string[]): Promise<{ messageId: string | null }[]> {
      const valid = wellFormed(ids)
      if (valid.length === 0) return []
      return db.select({ messageId: attachments.messageId }).from(attachments).where(byIds(valid))
    },

    /**
     * Binds these files to the message, all or none: true when every one was still un-sent and is
     * now bound; false when one was taken meanwhile (another send, the sweep, a remove), in which
     * case the nested transaction is rolled back and nothing is bound.
     */
    async bindUnsent(messageId: string, ids: readonly string[], firstPosition = 0): Promise<boolean> {
      const valid = wellFormed(ids)
      if (valid.length !== new Set(ids).size) return false
      // Each file takes its place in the order given (the composer's), after `firstPosition`.
      const position = sql`case ${attachments.id} ${sql.join(
        valid.map((id, index) => sql`when ${id}::uuid then ${firstPosition + index}::smallint`),
        sql` `,
      )} end`
      try {
        await db.transaction(async (tx) => {
          const bound = await tx
            .update(attachments)
            .set({ messageId, position })
            .where(and(byIds(valid), isNull(attachments.messageId)))
            .returning({ id: attachments.id })
          if (bound.length !== valid.length) throw new PartialBinding()
        })
        return true
      } catch (error) {
        if (error instanceof PartialBinding) return false
        throw error
      }
    },

    /** The files of these messages, in the order they were sent in. */
    async ofMessages(messageIds: readonly string[]): Promise<Attachment[]> {
      const valid = wellFormed(messageIds)
      if (valid.length === 0) return []
      return db
        .select()
        .from(attachments)
        .where(and(owned, inArray(attachments.messageId, valid)))
        .orderBy(asc(attachments.position), asc(attachments.createdAt), asc(attachments.id))
    },

    /**
     * Gives each message in `copies` its own rows for files already sent with another message (an
     * edit keeps them, a branch into a new chat carries them): new rows on the same stored files,
     * in the same order. Stored files are never deleted per row (docs/decisions/158).
     */
    async copyTo(copies: readonly { messageId: string; files: readonly Attachment[] }[]): Promise<void> {
      const rows = copies.flatMap(({ messageId, files }) =>
        files.map((file, position) => ({
          userId: actor.userId,
          messageId,
          storageKey: file.storageKey,
          filename: file.filename,
          contentType: file.contentType,
          size: file.size,
          kind: file.kind,
          extractedText: file.extractedText,
          extractionError: file.extractionError,
          // The copies keep the files' order.
          position,
          createdAt: file.createdAt,
        })),
      )
      if (rows.length) await db.insert(attachments).values(rows)
    },
  }
}

/** Thrown only to roll the binding's transaction back; never leaves this file. */
class PartialBinding extends Error {}
