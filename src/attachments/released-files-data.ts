import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments, generatedImages, messages } from '../../db/schema'

/*
 * Stored files let go when the rows that name them are deleted (a chat deleted by hand or in bulk, a
 * retention pass). A chat continued from a share link or forked holds rows of its own on the same
 * stored file (decision 165): a file's bytes go only when no attachment or image row names it.
 */

/** The stored files attached to the messages of these chats of `userId` (read before the chats go). */
export async function attachedFilesOf(db: Db, userId: string, chatIds: string[]): Promise<string[]> {
  if (!chatIds.length) return []
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .innerJoin(messages, eq(attachments.messageId, messages.id))
    .where(and(eq(attachments.userId, userId), inArray(messages.chatId, chatIds)))
  return rows.map((row) => row.key)
}

/**
 * Of these keys, those no attachment or image row names any more. Reads across people on purpose:
 * another person's row on the same file keeps it (the answer names only keys the caller gave).
 */
export async function unnamedKeys(db: Db, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)]
  const named = new Set<string>()
  for (let at = 0; at < unique.length; at += 500) {
    const batch = unique.slice(at, at + 500)
    // One after the other: inside a transaction this is one connection (PGlite's is the only one).
    const files = await db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(inArray(attachments.storageKey, batch))
    const images = await db
      .select({ key: generatedImages.storageKey })
      .from(generatedImages)
      .where(inArray(generatedImages.storageKey, batch))
    for (const row of [...files, ...images]) named.add(row.key)
  }
  return unique.filter((key) => !named.has(key))
}
