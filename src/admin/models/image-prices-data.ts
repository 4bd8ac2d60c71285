import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { type OrgSettings, orgSettings } from '../../../db/schema'

export type ImagePriceColumns = Partial<
  Pick<OrgSettings, 'imagePriceSquareMicros' | 'imagePricePortraitMicros' | 'imagePriceLandscapeMicros'>
>

/** The organisation's image prices (admin area only: the `admin` macro guards every caller). */
export function adminImagePricesData(db: Db) {
  return {
    async lock(): Promise<OrgSettings> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db.select().from(orgSettings).where(eq(orgSettings.id, 1)).for('update')
      return row!
    },
    async set(values: ImagePriceColumns, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ ...values, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },
  }
}
