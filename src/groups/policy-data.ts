import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
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

const policyOf = preparedPer((db) =>
  db
    .select(policyColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, sql.placeholder('userId')))
    .prepare('group_policy'),
)

/** A person's policy read now: one query by group_members_user_idx (sends read it, when not cached). */
export async function readGroupPolicy(db: Db, userId: string): Promise<GroupPolicy> {
  return foldPolicy(await policyOf(db).execute({ userId }))
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
