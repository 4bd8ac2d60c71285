import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { groups, orgSettings } from '../../../db/schema'

/** The organisation's API switch and groups, written in the admin area only. */
export function apiAccessData(db: Db) {
  return {
    /** The settings row (made on first use), locked until the transaction ends. */
    async lock() {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db.select().from(orgSettings).where(eq(orgSettings.id, 1)).for('update')
      return row!
    },

    async update(values: { apiEnabled: boolean; apiGroups: string[] }, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ ...values, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },

    /** Which of `ids` are groups, with their names. */
    async groupsNamed(ids: readonly string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return []
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, [...ids]))
    },
  }
}
