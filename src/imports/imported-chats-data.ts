import { and, eq, exists, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chats, imports, messages } from '../../db/schema'

export type NewImportedChat = Omit<typeof chats.$inferInsert, 'userId'> & {
  id: string
  importId: string
  importSource: string
}
export type NewImportedMessage = Omit<typeof messages.$inferInsert, 'userId'> & { id: string }

/** Source ids looked up per statement. */
const LOOKUP_CHUNK = 1_000

/**
 * The chats an import writes for the person, and their removal when it does not finish. Every
 * query carries the person's id (`user_id`): an import writes and deletes only its owner's rows.
 */
export function importedChatsFor(db: Db, userId: string) {
  return {
    /** Which of these source ids the person already has a chat of (an earlier import). */
    async existing(sources: string[]): Promise<Set<string>> {
      const found = new Set<string>()
      for (let start = 0; start < sources.length; start += LOOKUP_CHUNK) {
        const rows = await db
          .select({ source: chats.importSource })
          .from(chats)
          .where(
            and(
              eq(chats.userId, userId),
              inArray(chats.importSource, sources.slice(start, start + LOOKUP_CHUNK)),
            ),
          )
        for (const row of rows) if (row.source) found.add(row.source)
      }
      return found
    },

    async insertChats(rows: NewImportedChat[]): Promise<void> {
      if (rows.length) await db.insert(chats).values(rows.map((row) => ({ ...row, userId })))
    },

    async insertMessages(rows: NewImportedMessage[]): Promise<void> {
      if (rows.length) await db.insert(messages).values(rows.map((row) => ({ ...row, userId })))
    },

    async setLeaf(chatId: string, leafId: string): Promise<void> {
      await db
        .update(chats)
        .set({ currentLeafId: leafId })
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    },

    /**
     * The import's chats leave the archive, where they waited while it ran, except those archived
     * in the export itself.
     */
    async release(importId: string, keepArchived: string[]): Promise<void> {
      const ofImport = and(eq(chats.importId, importId), eq(chats.userId, userId))
      await db.update(chats).set({ archived: false }).where(ofImport)
      for (let start = 0; start < keepArchived.length; start += LOOKUP_CHUNK) {
        await db
          .update(chats)
          .set({ archived: true })
          .where(and(ofImport, inArray(chats.id, keepArchived.slice(start, start + LOOKUP_CHUNK))))
      }
    },

    /** Deletes up to `limit` of the import's chats (their messages go with them); how many it deleted. */
    async deleteSome(importId: string, limit: number): Promise<number> {
      const some = db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.importId, importId), eq(chats.userId, userId)))
        .limit(limit)
      const rows = await db
        .delete(chats)
        .where(and(inArray(chats.id, some), eq(chats.userId, userId)))
        .returning({ id: chats.id })
      return rows.length
    },
  }
}

/**
 * Imports that failed or were cancelled but still have chats (their cleanup was cut short by a stop):
 * the start-up sweep deletes those chats.
 */
export function undoneImportsWithChats(db: Db): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: imports.id, userId: imports.userId })
    .from(imports)
    .where(
      and(
        inArray(imports.status, ['failed', 'cancelled']),
        exists(db.select({ one: sql`1` }).from(chats).where(eq(chats.importId, imports.id))),
      ),
    )
}
