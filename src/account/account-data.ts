import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { Actor } from '../auth/actor'

/** The actor's own account row. Pass the transaction handle as `db` to run inside one. */
export function accountFor(db: Db, actor: Actor) {
  return {
    /** Deletes the account; its foreign keys cascade to everything the person owns. */
    async remove(): Promise<void> {
      await db.delete(users).where(eq(users.id, actor.userId))
    },
  }
}
