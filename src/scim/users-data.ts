import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { isUuid } from '../chats/cursor'
import type { Comparison } from './filter'

/** The columns a SCIM User is made of. */
export const scimUserColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  externalId: users.externalId,
  isBanned: users.isBanned,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}
export type ScimUserRow = {
  id: string
  email: string
  fullName: string
  externalId: string | null
  isBanned: boolean
  role: 'admin' | 'user'
  createdAt: Date
  updatedAt: Date
}

export const USER_FILTERS = ['username', 'externalid', 'emails.value', 'id'] as const

/** A comparison as SQL; `userName` and e-mails compare without letter case (caseExact false). */
function userCondition({ attribute, value }: Comparison): SQL {
  switch (attribute) {
    case 'username':
    case 'emails.value':
      return sql`lower(${users.email}) = ${value.toLowerCase()}`
    case 'externalid':
      return eq(users.externalId, value)
    default:
      return isUuid(value) ? eq(users.id, value.toLowerCase()) : sql`false`
  }
}

export async function listScimUsers(db: Db, filter: Comparison[], offset: number, limit: number) {
  const where = filter.length ? and(...filter.map(userCondition)) : undefined
  const [total] = await db.select({ n: count() }).from(users).where(where)
  const rows =
    limit > 0
      ? await db
          .select(scimUserColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(offset)
          .limit(limit)
      : []
  return { total: total?.n ?? 0, rows }
}

export async function findScimUser(db: Db, id: string, forUpdate = false): Promise<ScimUserRow | undefined> {
  if (!isUuid(id)) return undefined
  const query = db.select(scimUserColumns).from(users).where(eq(users.id, id.toLowerCase()))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return !!row && row.id !== exceptId
}

/** A password-less account (it signs in through the identity provider), its address vouched for by the provisioning client. */
export async function insertScimUser(
  db: Db,
  input: { email: string; fullName: string; externalId: string | null; isBanned: boolean },
  now: Date,
): Promise<ScimUserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...input, passwordHash: null, role: 'user', emailConfirmedAt: now })
    .returning(scimUserColumns)
  return row!
}

export async function updateScimUser(
  db: Db,
  id: string,
  change: Partial<{ email: string; fullName: string; externalId: string | null; isBanned: boolean }>,
  now: Date,
): Promise<ScimUserRow> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(eq(users.id, id))
    .returning(scimUserColumns)
  return row!
}

export async function activeAdminCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)))
  return row?.n ?? 0
}
