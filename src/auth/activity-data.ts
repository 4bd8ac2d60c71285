import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

/**
 * users.last_active_at, for the admin user list: written when a session is used, at most once
 * every `ACTIVITY_GRANULARITY_MS` per user. `resolveActor` compares the value it already loaded,
 * so most requests write nothing; the update repeats the check in SQL, so instances racing on
 * one user write once. The actor's own row: no other user's data is touched.
 */
export const ACTIVITY_GRANULARITY_MS = 5 * 60 * 1000

export function activityIsStale(lastActiveAt: Date | null, now: Date): boolean {
  return !lastActiveAt || now.getTime() - lastActiveAt.getTime() >= ACTIVITY_GRANULARITY_MS
}

/** Fire-and-forget: failing to note activity must never fail the request that used the session. */
export function noteActivity(db: Db, userId: string, now: Date): void {
  const before = new Date(now.getTime() - ACTIVITY_GRANULARITY_MS)
  db.update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, before))))
    .then(
      () => {},
      () => {},
    )
}
