import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Group, groupMembers, groups, knowledgeBase, models, savedPrompts, users } from '../../db/schema'

/** The columns an administrator writes. */
export type GroupValues = Pick<
  typeof groups.$inferInsert,
  'name' | 'providerGroup' | 'models' | 'agents' | 'dailyLimitMicros' | 'monthlyLimitMicros'
>

export type GroupRow = Group & { memberCount: number }

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`

/** The groups and their members, for the admin area and the sharing checks. */
export function groupsData(db: Db) {
  return {
    async list(): Promise<GroupRow[]> {
      return db
        .select({ group: groups, memberCount })
        .from(groups)
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
        .then((rows) => rows.map((row) => ({ ...row.group, memberCount: row.memberCount })))
    },

    async find(id: string, options: { lock?: boolean } = {}): Promise<GroupRow | undefined> {
      const query = db.select({ group: groups, memberCount }).from(groups).where(eq(groups.id, id))
      const [row] = await (options.lock ? query.for('update', { of: groups }) : query)
      return row && { ...row.group, memberCount: row.memberCount }
    },

    /** Another group with this name (letter case ignored), or with this provider group. */
    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(
          and(
            eq(sql`lower(${groups.name})`, name.toLowerCase()),
            exceptId ? ne(groups.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async providerGroupTaken(providerGroup: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(
          and(
            eq(sql`lower(${groups.providerGroup})`, providerGroup.toLowerCase()),
            exceptId ? ne(groups.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async insert(values: GroupValues, now: Date): Promise<Group> {
      const [row] = await db
        .insert(groups)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      return row!
    },

    async update(id: string, values: Partial<GroupValues>, now: Date): Promise<void> {
      await db
        .update(groups)
        .set({ ...values, updatedAt: now })
        .where(eq(groups.id, id))
    },

    /**
     * Deletes the group (its memberships go with it, by the foreign key) and takes it out of the
     * prompts and knowledge entries shared with it, which have no key to cascade along.
     */
    async delete(id: string): Promise<void> {
      await db.delete(groups).where(eq(groups.id, id))
      const without = (column: typeof savedPrompts.sharedGroupIds | typeof knowledgeBase.sharedGroupIds) =>
        sql`array_remove(${column}, ${id}::uuid)`
      const holds = (column: typeof savedPrompts.sharedGroupIds | typeof knowledgeBase.sharedGroupIds) =>
        sql`${id}::uuid = any(${column})`
      await db
        .update(savedPrompts)
        .set({ sharedGroupIds: without(savedPrompts.sharedGroupIds) })
        .where(holds(savedPrompts.sharedGroupIds))
      await db
        .update(knowledgeBase)
        .set({ sharedGroupIds: without(knowledgeBase.sharedGroupIds) })
        .where(holds(knowledgeBase.sharedGroupIds))
    },

    async members(groupId: string) {
      return db
        .select({ id: users.id, email: users.email, fullName: users.fullName, source: groupMembers.source })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(eq(groupMembers.groupId, groupId))
        .orderBy(asc(sql`lower(${users.email})`))
    },

    async memberIds(groupId: string): Promise<string[]> {
      const rows = await db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId))
      return rows.map((row) => row.id)
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      return row !== undefined
    },

    /** The membership's source before the change, or null when they were not in the group. */
    async addMember(groupId: string, userId: string): Promise<string | null> {
      const [before] = await db
        .select({ source: groupMembers.source })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .for('update')
      await db
        .insert(groupMembers)
        .values({ groupId, userId, source: 'manual' })
        .onConflictDoUpdate({
          target: [groupMembers.groupId, groupMembers.userId],
          set: { source: 'manual' },
        })
      return before?.source ?? null
    },

    /** The removed membership's source, or null when there was none. */
    async removeMember(groupId: string, userId: string): Promise<string | null> {
      const [removed] = await db
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .returning({ source: groupMembers.source })
      return removed?.source ?? null
    },

    /** Which of these ids are models in the catalogue (enabled or not). */
    async knownModels(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: models.id })
        .from(models)
        .where(inArray(models.id, [...ids]))
      return new Set(rows.map((row) => row.id))
    },

    /** Every group, by name (an administrator shares with any). */
    async all(): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
    },

    /** The groups a person is in, by name. */
    async of(userId: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, userId))
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
    },
  }
}
