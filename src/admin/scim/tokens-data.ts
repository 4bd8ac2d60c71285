import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { scimTokens } from '../../../db/schema'

const tokenColumns = {
  id: scimTokens.id,
  label: scimTokens.label,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
}

/** Every token, live and revoked (revoked ones stay for the record), newest first. */
export function listTokens(db: Db) {
  return db.select(tokenColumns).from(scimTokens).orderBy(desc(scimTokens.createdAt), desc(scimTokens.id))
}

export async function insertToken(db: Db, input: { tokenHash: string; label: string; createdBy: string }) {
  const [row] = await db.insert(scimTokens).values(input).returning(tokenColumns)
  return row!
}

export async function findTokenForUpdate(db: Db, id: string) {
  const [row] = await db.select(tokenColumns).from(scimTokens).where(eq(scimTokens.id, id)).for('update')
  return row
}

export async function revokeToken(db: Db, id: string, now: Date) {
  await db.update(scimTokens).set({ revokedAt: now }).where(eq(scimTokens.id, id))
}
