import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { type OrgSettings, orgSettings } from '../../../db/schema'

/** The organisation's knowledge setting (admin area only: the `admin` macro guards every caller). */
export function adminKnowledgeData(db: Db) {
  return {
    async lock(): Promise<OrgSettings> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db.select().from(orgSettings).where(eq(orgSettings.id, 1)).for('update')
      return row!
    },
    async setRagMinSimilarity(value: number | null, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ ragMinSimilarity: value, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },
  }
}
