import { and, asc, eq, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Model, models } from '../../db/schema'

/**
 * The model catalogue is shared, not per-user: every signed-in user sees the same models, and
 * only the server's configuration (the sync) writes them. So these queries take no actor; what a
 * user picks from the catalogue (the preferred model) lives in preference-data.ts, scoped to them.
 */
export function activeModels(db: Db): Promise<Model[]> {
  return db
    .select()
    .from(models)
    .where(eq(models.isActive, true))
    .orderBy(asc(models.sortOrder), asc(models.id))
}

/**
 * Writes the catalogue in one transaction: each row inserted or updated by id, and, when the
 * OpenAI-compatible list is known (`openaiIds` not null), the OpenAI models it no longer names
 * marked inactive (kept, since old messages name them).
 */
export async function saveCatalogue(
  db: Db,
  rows: readonly (typeof models.$inferInsert)[],
  openaiIds: readonly string[] | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const { id: _id, ...update } = row
      await tx.insert(models).values(row).onConflictDoUpdate({ target: models.id, set: update })
    }
    if (openaiIds) {
      const listed = openaiIds.length ? notInArray(models.id, [...openaiIds]) : undefined
      await tx
        .update(models)
        .set({ isActive: false })
        .where(and(eq(models.provider, 'openai'), listed))
    }
  })
}
