import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OrgSettings, orgSettings } from '../../db/schema'

/**
 * The organisation's settings row (id 1), or null before an administrator saved any. Shared by
 * everyone, owned by no user (like the model catalogue): any actor's budget reads it; only the admin
 * area writes it (src/admin/budgets/budgets-data.ts).
 */
export async function readOrgSettingsRow(db: Db): Promise<OrgSettings | null> {
  const [row] = await db.select().from(orgSettings).where(eq(orgSettings.id, 1))
  return row ?? null
}
