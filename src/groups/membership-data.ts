import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groupMembers, groups } from '../../db/schema'

/**
 * Makes a person's provider-given memberships match the groups their identity provider lists
 * (the OIDC groups claim, at every sign-in): they join each Parley group mapped to one of
 * `providerGroups` (by its `provider_group`, compared without letter case) and leave each group
 * they had joined that way and no longer hold. Memberships added by hand or by SCIM are left
 * alone: a provider only takes away what it gave. Returns the ids of the groups they are now in
 * through the provider.
 */
export async function syncProviderGroups(db: Db, userId: string, providerGroups: readonly string[]) {
  const names = [...new Set(providerGroups.map((name) => name.trim().toLowerCase()).filter(Boolean))]
  return db.transaction(async (tx) => {
    const mapped = names.length
      ? await tx
          .select({ id: groups.id })
          .from(groups)
          .where(inArray(sql`lower(${groups.providerGroup})`, names))
      : []
    const ids = mapped.map((group) => group.id)
    await tx
      .delete(groupMembers)
      .where(
        and(
          eq(groupMembers.userId, userId),
          eq(groupMembers.source, 'provider'),
          ...(ids.length ? [notInArray(groupMembers.groupId, ids)] : []),
        ),
      )
    if (ids.length)
      await tx
        .insert(groupMembers)
        .values(ids.map((groupId) => ({ groupId, userId, source: 'provider' as const })))
        .onConflictDoNothing()
    return ids
  })
}

/** The ids of every group a person is in, however they joined. */
export async function groupIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId))
  return rows.map((row) => row.id)
}
