import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** pg_advisory_xact_lock key for changes to the set of active admins. */
const ADMIN_MEMBERSHIP_LOCK = 727_274_110

/**
 * Serialises every change to who is an active admin (an administrator's role change, ban or
 * deletion, a provider's admin groups at sign-in, a SCIM deactivation), on every instance: a
 * transaction-scoped advisory lock, taken first in the transaction, so the rows read after it are
 * current (read committed takes a new snapshot per statement) and no two changes remove the last
 * admin between them. Call inside a transaction.
 */
export async function lockAdminMembership(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMIN_MEMBERSHIP_LOCK})`)
}
