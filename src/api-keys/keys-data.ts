import { and, desc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type ApiKey, apiKeyReservations, apiKeyScopes, apiKeys, usageRecords, users } from '../../db/schema'
import { sumMicros } from '../budget/budget-data'
import type { Micros } from '../budget/money'

export { apiKeyScopes }

/** A key as its lists show it: never its hash. */
export type ApiKeyRow = Omit<ApiKey, 'keyHash'> & { spendMicros: Micros }

const listed = {
  id: apiKeys.id,
  userId: apiKeys.userId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  monthlyLimitMicros: apiKeys.monthlyLimitMicros,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdAt: apiKeys.createdAt,
}

/** Each key's spend since `month`, summed by the database (the partial index on api_key_id). */
const spendSince = (month: Date) =>
  // Qualified by hand: inside a select list drizzle writes bare column names, and a bare "id" here
  // would be the usage row's own.
  sql<string | number | null>`(select coalesce(sum(u.cost_micros), 0) from ${usageRecords} u
    where u.api_key_id = ${apiKeys}.id and u.created_at >= ${month.toISOString()}::timestamptz)`

/** One person's keys: every query is limited to their rows (tenancy by construction). */
export function keysOf(db: Db, userId: string) {
  return {
    async list(month: Date): Promise<ApiKeyRow[]> {
      const rows = await db
        .select({ ...listed, spend: spendSince(month) })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      return rows.map(({ spend, ...row }) => ({ ...row, spendMicros: sumMicros(spend) }))
    },

    async insert(values: Omit<typeof apiKeys.$inferInsert, 'userId' | 'id'>): Promise<ApiKey> {
      const [row] = await db
        .insert(apiKeys)
        .values({ ...values, userId })
        .returning()
      return row!
    },

    /** Marks the key revoked (once: a revoked key keeps its first date). Undefined: not theirs. */
    async revoke(id: string, at: Date): Promise<ApiKey | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning()
      return row
    },
  }
}

/** Every key, with its owner's e-mail, newest first (the admin's list). */
export async function listAllKeys(db: Db, month: Date, limit: number) {
  const rows = await db
    .select({ ...listed, spend: spendSince(month), ownerEmail: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit)
  return rows.map(({ spend, ...row }) => ({ ...row, spendMicros: sumMicros(spend) }))
}

/** Revokes any person's key (the admin's). */
export async function revokeAnyKey(db: Db, id: string, at: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning({ ...listed })
  return row
}

/** A key by its hash with what its check needs of the owner; undefined when no key has that hash. */
export async function findKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      key: { ...listed },
      user: { id: users.id, role: users.role, isBanned: users.isBanned, email: users.email },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
  return row
}

/** The key's spend since `month` (its own monthly limit). */
export async function keySpendSince(db: Db, keyId: string, month: Date): Promise<Micros> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${usageRecords.costMicros}), 0)` })
    .from(usageRecords)
    .where(
      and(
        isNotNull(usageRecords.apiKeyId),
        eq(usageRecords.apiKeyId, keyId),
        gte(usageRecords.createdAt, month),
      ),
    )
  return sumMicros(row?.total)
}

export async function noteKeyUse(db: Db, keyId: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId))
}

/**
 * The key's row locked until the transaction ends: two calls on one key decide its limit one after
 * the other, on every instance.
 */
export async function lockKeyForLimit(tx: Db, keyId: string): Promise<void> {
  await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId)).for('update')
}

/** What the key's calls in flight have reserved (rows not yet expired). */
export async function keyReservedMicros(db: Db, keyId: string, now: Date): Promise<Micros> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${apiKeyReservations.amountMicros}), 0)` })
    .from(apiKeyReservations)
    .where(and(eq(apiKeyReservations.apiKeyId, keyId), gt(apiKeyReservations.expiresAt, now)))
  return sumMicros(row?.total)
}

export async function reserveOnKey(
  db: Db,
  keyId: string,
  amountMicros: Micros,
  expiresAt: Date,
): Promise<string> {
  const [row] = await db
    .insert(apiKeyReservations)
    .values({ apiKeyId: keyId, amountMicros, expiresAt })
    .returning({ id: apiKeyReservations.id })
  return row!.id
}

export async function releaseKeyReservation(db: Db, id: string): Promise<void> {
  await db.delete(apiKeyReservations).where(eq(apiKeyReservations.id, id))
}
