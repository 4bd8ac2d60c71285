import { and, desc, eq, lt, ne, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type AccountExport, accountExports } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'

/** The person's list: the newest exports. */
export const LISTED_EXPORTS = 10

const running = eq(accountExports.status, 'running')

/**
 * The person's exports. Every query is limited to the actor's rows (`user_id`), so another
 * person's export id reads as nothing and changes nothing.
 */
export function accountExportsFor(db: Db, actor: Actor) {
  const owned = eq(accountExports.userId, actor.userId)
  const mine = (id: string) => and(eq(accountExports.id, id), owned)
  return {
    /** A new running export; undefined when the person already has one running (the unique index). */
    async start(id: string, storageKey: string, now: Date): Promise<AccountExport | undefined> {
      const [row] = await db
        .insert(accountExports)
        .values({ id, userId: actor.userId, storageKey, createdAt: now, heartbeatAt: now })
        .onConflictDoNothing()
        .returning()
      return row
    },

    async running(): Promise<AccountExport | undefined> {
      const [row] = await db.select().from(accountExports).where(and(owned, running))
      return row
    },

    async find(id: string): Promise<AccountExport | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db.select().from(accountExports).where(mine(id))
      return row
    },

    list(limit = LISTED_EXPORTS): Promise<AccountExport[]> {
      return db
        .select()
        .from(accountExports)
        .where(owned)
        .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
        .limit(limit)
    },

    /** The heartbeat of a running export; false when it no longer runs (failed by a sweep, or gone). */
    async beat(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(accountExports)
        .set({ heartbeatAt: now })
        .where(and(mine(id), running))
        .returning({ id: accountExports.id })
      return rows.length > 0
    },

    /** Ends a running export; undefined when it no longer ran (failed by a sweep, the account deleted). */
    async finish(
      id: string,
      end:
        | { status: 'ready'; size: number; readyAt: Date; expiresAt: Date }
        | { status: 'failed'; error: string },
    ): Promise<AccountExport | undefined> {
      const [row] = await db
        .update(accountExports)
        .set(end)
        .where(and(mine(id), running))
        .returning()
      return row
    },

    /** The person's other ready exports, marked expired: a newer zip replaces them (their zips go next). */
    expireReadyBesides(id: string): Promise<AccountExport[]> {
      return db
        .update(accountExports)
        .set({ status: 'expired' })
        .where(and(owned, eq(accountExports.status, 'ready'), ne(accountExports.id, id)))
        .returning()
    },

    /**
     * The person's running exports nobody writes any more, failed: those not in `except` (this
     * instance's own) whose heartbeat is older than `before` (null: any, on the embedded database,
     * which belongs to this process alone).
     */
    failAbandoned(except: string[], before: Date | null, error: string): Promise<AccountExport[]> {
      return db
        .update(accountExports)
        .set({ status: 'failed', error })
        .where(
          and(
            owned,
            running,
            except.length ? notInArray(accountExports.id, except) : undefined,
            before ? lt(accountExports.heartbeatAt, before) : undefined,
          ),
        )
        .returning()
    },
  }
}
