import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { Actor } from '../auth/actor'

/**
 * The actor's preferred model, a column of their own account row (the effective user's while an
 * administrator acts for them). Pinned to `actor.userId`: no other user's choice can be read or
 * set through here.
 */
export function preferenceFor(db: Db, actor: Actor) {
  const own = eq(users.id, actor.userId)
  return {
    /** The stored id (it may name a model no longer active), or null when unset or the account is gone. */
    async get(): Promise<string | null> {
      const [user] = await db.select({ preferredModelId: users.preferredModelId }).from(users).where(own)
      return user?.preferredModelId ?? null
    },

    async set(modelId: string, now: Date): Promise<void> {
      await db.update(users).set({ preferredModelId: modelId, updatedAt: now }).where(own)
    },
  }
}
