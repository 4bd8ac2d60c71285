import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groupMembers, groups, users } from '../../db/schema'
import { isUuid } from '../chats/cursor'
import type { Comparison } from './filter'

export const GROUP_FILTERS = ['displayname', 'externalid', 'id', 'members.value'] as const

const groupColumns = {
  id: groups.id,
  name: groups.name,
  externalId: groups.externalId,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
}
export type ScimGroupRow = {
  id: string
  name: string
  externalId: string | null
  createdAt: Date
  updatedAt: Date
}
export type ScimMemberRow = { groupId: string; userId: string; email: string; fullName: string }

/** displayName compares without letter case (caseExact false), as the groups' unique index does. */
function groupCondition({ attribute, value }: Comparison): SQL {
  switch (attribute) {
    case 'displayname':
      return sql`lower(${groups.name}) = ${value.toLowerCase()}`
    case 'externalid':
      return eq(groups.externalId, value)
    case 'members.value':
      return isUuid(value)
        ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${value.toLowerCase()})`
        : sql`false`
    default:
      return isUuid(value) ? eq(groups.id, value.toLowerCase()) : sql`false`
  }
}

export async function listScimGroups(db: Db, filter: Comparison[], offset: number, limit: number) {
  const where = filter.length ? and(...filter.map(groupCondition)) : undefined
  const [total] = await db.select({ n: count() }).from(groups).where(where)
  const rows =
    limit > 0
      ? await db
          .select(groupColumns)
          .from(groups)
          .where(where)
          .orderBy(asc(groups.createdAt), asc(groups.id))
          .offset(offset)
          .limit(limit)
      : []
  return { total: total?.n ?? 0, rows }
}

export async function findScimGroup(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<ScimGroupRow | undefined> {
  if (!isUuid(id)) return undefined
  const query = db.select(groupColumns).from(groups).where(eq(groups.id, id.toLowerCase()))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

/** The members of these groups, by name (as `display` shows it) then id. */
export async function membersOf(db: Db, groupIds: string[]): Promise<ScimMemberRow[]> {
  if (!groupIds.length) return []
  return db
    .select({ groupId: groupMembers.groupId, userId: users.id, email: users.email, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(sql`coalesce(nullif(${users.fullName}, ''), ${users.email})`, asc(users.id))
}

export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(sql`lower(${groups.name}) = ${name.toLowerCase()}`)
  return !!row && row.id !== exceptId
}

/** The ids among `ids` that are accounts. */
export async function existingUserIds(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  // Chunks keep the parameter list well under Postgres' 65535 limit.
  for (let index = 0; index < ids.length; index += CHUNK) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids.slice(index, index + CHUNK)))
    for (const row of rows) found.add(row.id)
  }
  return found
}
const CHUNK = 1000

export async function insertScimGroup(db: Db, input: { name: string; externalId: string | null }) {
  const [row] = await db.insert(groups).values(input).returning(groupColumns)
  return row!
}

export async function updateScimGroup(
  db: Db,
  id: string,
  change: Partial<{ name: string; externalId: string | null }>,
  now: Date,
) {
  await db
    .update(groups)
    .set({ ...change, updatedAt: now })
    .where(eq(groups.id, id))
}

/** Adds members; one already in the group keeps how they joined. */
export async function addMembers(db: Db, groupId: string, userIds: string[]) {
  for (let index = 0; index < userIds.length; index += CHUNK)
    await db
      .insert(groupMembers)
      .values(
        userIds.slice(index, index + CHUNK).map((userId) => ({ groupId, userId, source: 'scim' as const })),
      )
      .onConflictDoNothing()
}

export async function removeMembers(db: Db, groupId: string, userIds: string[] | 'all') {
  if (userIds !== 'all' && !userIds.length) return
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        ...(userIds === 'all' ? [] : [inArray(groupMembers.userId, userIds)]),
      ),
    )
}

/** Makes the membership exactly `userIds`. */
export async function setMembers(db: Db, groupId: string, userIds: string[]) {
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        ...(userIds.length ? [notInArray(groupMembers.userId, userIds)] : []),
      ),
    )
  await addMembers(db, groupId, userIds)
}
