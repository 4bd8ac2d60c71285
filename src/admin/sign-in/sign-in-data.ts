import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { type IdentityProvider, identityProviders, orgSettings } from '../../../db/schema'
import { identitiesData } from '../../identity/providers-data'

export type ProviderValues = Omit<typeof identityProviders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** What Admin › Sign-in writes: provider rows and the organisation's sign-in columns. */
export function adminSignInData(db: Db) {
  return {
    async insertProvider(values: ProviderValues, now: Date): Promise<IdentityProvider> {
      const [row] = await db
        .insert(identityProviders)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      return row!
    },

    async updateProvider(id: string, values: Partial<ProviderValues>, now: Date) {
      const [row] = await db
        .update(identityProviders)
        .set({ ...values, updatedAt: now })
        .where(eq(identityProviders.id, id))
        .returning()
      return row
    },

    /** The row and its links to accounts (user_identities has no foreign key: the `env` provider has no row). */
    async deleteProvider(id: string): Promise<void> {
      await identitiesData(db).removeProvider(id)
      await db.delete(identityProviders).where(eq(identityProviders.id, id))
    },

    async updateSignIn(
      values: { passwordSignIn?: boolean | null; signupEnabled?: boolean; allowedDomains?: string[] },
      now: Date,
    ): Promise<void> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      if (Object.keys(values).length > 0)
        await db
          .update(orgSettings)
          .set({ ...values, updatedAt: now })
          .where(eq(orgSettings.id, 1))
    },
  }
}
