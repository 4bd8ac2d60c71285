import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type User, users } from '../../db/schema'
import { lockAdminMembership } from '../access/admin-membership-data'
import type { MailLanguage } from '../auth/email-texts'
import { FIRST_ACCOUNT_LOCK } from '../auth/service'

/** The accounts a sign-in through a provider reads and writes (no actor: nobody is signed in yet). */
export function signInAccountsData(db: Db) {
  return {
    async find(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id))
      return user
    },

    /**
     * A password-less account with a confirmed address. As a password sign-up: the very first
     * account is the administrator (under the same lock), so a deployment that signs in only
     * through its provider has one.
     */
    async create(
      input: { email: string; fullName: string; language: MailLanguage },
      now: Date,
    ): Promise<User> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`)
        const [anyone] = await tx.select({ id: users.id }).from(users).limit(1)
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash: null,
            fullName: input.fullName,
            role: anyone ? 'user' : 'admin',
            emailConfirmedAt: now,
            preferredLanguage: input.language,
          })
          .returning()
        return user!
      })
    },

    /**
     * Sets the role, except that the last active admin is not demoted (answers the row unchanged
     * then, and `kept: true`). Serialised with the admin area's role changes.
     */
    async setRole(user: User, role: 'admin' | 'user', now: Date): Promise<{ user: User; kept: boolean }> {
      return db.transaction(async (tx) => {
        // The admin area's lock: a sign-in that takes the role away and an administrator demoting
        // someone cannot remove the last admin between them.
        await lockAdminMembership(tx)
        if (role === 'user' && !user.isBanned) {
          const [row] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)))
          if ((row?.n ?? 0) <= 1) return { user, kept: true }
        }
        const [updated] = await tx
          .update(users)
          .set({ role, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning()
        return { user: updated ?? user, kept: false }
      })
    },
  }
}
