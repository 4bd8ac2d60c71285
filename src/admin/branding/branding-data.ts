import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { orgSettings } from '../../../db/schema'
import type { BrandColumns } from '../../branding/service'

const brandColumns = {
  brandCompanyName: orgSettings.brandCompanyName,
  brandProductName: orgSettings.brandProductName,
  brandTagline: orgSettings.brandTagline,
  brandLogoKey: orgSettings.brandLogoKey,
  brandLoginBackgroundKey: orgSettings.brandLoginBackgroundKey,
  brandPrimaryColor: orgSettings.brandPrimaryColor,
  brandSecondaryColor: orgSettings.brandSecondaryColor,
}

/**
 * The admin area's branding queries: the organisation's one settings row, owned by no user. Pass
 * a transaction handle as `db` to run inside one.
 */
export function adminBrandingData(db: Db) {
  return {
    /** The brand columns, locked until the transaction ends (the row is created empty first if missing), so two admins' changes queue. */
    async lock(): Promise<BrandColumns> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db.select(brandColumns).from(orgSettings).where(eq(orgSettings.id, 1)).for('update')
      return row!
    },

    async read(): Promise<BrandColumns | null> {
      const [row] = await db.select(brandColumns).from(orgSettings).where(eq(orgSettings.id, 1))
      return row ?? null
    },

    async update(values: Partial<BrandColumns>, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ ...values, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },
  }
}
