import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog, chats, messages, usageRecords, userBudgetOverrides, users } from '../../db/schema'

/**
 * The demo seed's writes: plain rows in the normal tables, as the app itself would have written
 * them over the past weeks (with dates in the past, which no route can write). Used only by
 * `seedDemo` on a fresh throwaway database (decision 115).
 */
export function demoSeedData(db: Db) {
  return {
    /** Whether any account exists: the demo never seeds a database someone already uses. */
    async hasUsers(): Promise<boolean> {
      const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1)
      return rows.length > 0
    },

    async insertUser(values: typeof users.$inferInsert): Promise<string> {
      const [row] = await db.insert(users).values(values).returning({ id: users.id })
      return row!.id
    },

    async insertChat(values: typeof chats.$inferInsert): Promise<string> {
      const [row] = await db.insert(chats).values(values).returning({ id: chats.id })
      return row!.id
    },

    /**
     * One chat's messages in the given order, each following the one before it (a single-branch
     * tree, docs/decisions/158); their ids in the same order.
     */
    async insertMessages(rows: Omit<typeof messages.$inferInsert, 'id' | 'parentId'>[]): Promise<string[]> {
      if (rows.length === 0) return []
      const ids = rows.map(() => crypto.randomUUID())
      await db
        .insert(messages)
        .values(rows.map((row, index) => ({ ...row, id: ids[index], parentId: ids[index - 1] ?? null })))
      return ids
    },

    async insertUsage(rows: (typeof usageRecords.$inferInsert)[]): Promise<void> {
      // A few hundred rows per statement keeps each under the parameter limit.
      for (let start = 0; start < rows.length; start += 500) {
        await db.insert(usageRecords).values(rows.slice(start, start + 500))
      }
    },

    async insertOverride(values: typeof userBudgetOverrides.$inferInsert): Promise<void> {
      await db.insert(userBudgetOverrides).values(values)
    },

    async insertAudit(rows: (typeof auditLog.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(auditLog).values(rows)
    },
  }
}

export type DemoSeedData = ReturnType<typeof demoSeedData>
