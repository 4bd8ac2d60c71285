import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groupMembers, groups } from '../../db/schema'
import { foldPolicy, type GroupPolicy, type PolicyRow } from './policy-rules'

const policyColumns = {
  userId: groupMembers.userId,
  id: groups.id,
  models: groups.models,
  agents: groups.agents,
  dailyLimitMicros: groups.dailyLimitMicros,
  monthlyLimitMicros: groups.monthlyLimitMicros,
}

/** A person's policy read now: one query by group_members_user_idx. */
export async function readGroupPolicy(db: Db, userId: string): Promise<GroupPolicy> {
  const rows = await db
    .select(policyColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
  return foldPolicy(rows)
}

/** Several people's policies in one query (pushing budgets to many at once). */
export async function readGroupPolicies(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, GroupPolicy>> {
  const byUser = new Map<string, PolicyRow[]>()
  if (userIds.length > 0) {
    const rows = await db
      .select(policyColumns)
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(inArray(groupMembers.userId, [...userIds]))
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row])
  }
  return new Map(userIds.map((id) => [id, foldPolicy(byUser.get(id) ?? [])]))
}
