import { and, asc, eq, lt, lte, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type AccountExport, accountExports } from '../../db/schema'

/*
 * Crosses users on purpose (docs/decisions/103, 175): the start-up and hourly sweeps of "Download
 * all my data" act on every person's exports — those a killed process left running, and the zips
 * whose 7 days are over. They read and change the export rows only, never the data inside.
 */

/** Rows handled per sweep statement. */
const SWEEP_BATCH = 200

/**
 * Running exports nobody writes any more, failed with `error`: those not in `except` (this
 * instance's own) whose heartbeat is older than `before` (null: every one, on the embedded database).
 */
export function failAbandonedExports(
  db: Db,
  scope: { except: string[]; before: Date | null },
  error: string,
): Promise<AccountExport[]> {
  return db
    .update(accountExports)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(accountExports.status, 'running'),
        scope.except.length ? notInArray(accountExports.id, scope.except) : undefined,
        scope.before ? lt(accountExports.heartbeatAt, scope.before) : undefined,
      ),
    )
    .returning()
}

/** Ready exports whose time is up (`expires_at` at or before `now`), oldest first, a batch at a time. */
export function expiredExports(db: Db, now: Date): Promise<AccountExport[]> {
  return db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.status, 'ready'), lte(accountExports.expiresAt, now)))
    .orderBy(asc(accountExports.expiresAt))
    .limit(SWEEP_BATCH)
}

/** Marks an export expired once its zip is deleted; false when it was no longer ready. */
export async function markExpired(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ status: 'expired' })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'ready')))
    .returning({ id: accountExports.id })
  return rows.length > 0
}
