import { and, asc, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type IdentityProvider, identityProviders, oidcLogins, userIdentities } from '../../db/schema'

/** The identity provider rows an administrator added (src/admin/sign-in writes them). */
export function providersData(db: Db) {
  return {
    async list(): Promise<IdentityProvider[]> {
      return db
        .select()
        .from(identityProviders)
        .orderBy(asc(identityProviders.createdAt), asc(identityProviders.id))
    },

    async find(id: string): Promise<IdentityProvider | undefined> {
      const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, id))
      return row
    },

    async anyEnabled(): Promise<boolean> {
      const [row] = await db
        .select({ id: identityProviders.id })
        .from(identityProviders)
        .where(eq(identityProviders.enabled, true))
        .limit(1)
      return Boolean(row)
    },
  }
}

/** A sign-in under way (`oidc_logins`): written at the start, taken (deleted) by the callback. */
export function loginsData(db: Db) {
  return {
    async save(row: typeof oidcLogins.$inferInsert, now: Date): Promise<void> {
      // The table only holds sign-ins of the last minutes: old ones go as new ones come.
      await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now))
      await db.insert(oidcLogins).values(row)
    },

    /** Deletes and answers the row, so a state works once; an expired one answers nothing. */
    async take(stateHash: string, providerId: string, now: Date) {
      const [row] = await db
        .delete(oidcLogins)
        .where(and(eq(oidcLogins.stateHash, stateHash), eq(oidcLogins.providerId, providerId)))
        .returning()
      return row && row.expiresAt > now ? row : undefined
    },
  }
}

/** Links between accounts and a provider's subjects. */
export function identitiesData(db: Db) {
  return {
    async find(providerId: string, subject: string) {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)))
      return row
    },

    async link(providerId: string, subject: string, userId: string, now: Date): Promise<void> {
      await db
        .insert(userIdentities)
        .values({ providerId, subject, userId, createdAt: now, lastSignInAt: now })
        .onConflictDoUpdate({
          target: [userIdentities.providerId, userIdentities.subject],
          set: { lastSignInAt: now },
        })
    },

    async removeProvider(providerId: string): Promise<void> {
      await db.delete(userIdentities).where(eq(userIdentities.providerId, providerId))
    },
  }
}
