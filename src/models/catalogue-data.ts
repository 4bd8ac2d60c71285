import { and, asc, eq, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Model, models, orgSettings } from '../../db/schema'

/**
 * The model catalogue is shared, not per-user: every signed-in user sees the same models, and
 * only the server's configuration (the sync) writes them. So these queries take no actor; what a
 * user picks from the catalogue (the preferred model) lives in preference-data.ts, scoped to them.
 */
/** The rows users may use: offered by the provider (`is_active`) and enabled by the administrators. */
export function activeModels(db: Db): Promise<Model[]> {
  return db
    .select()
    .from(models)
    .where(and(eq(models.isActive, true), eq(models.enabled, true)))
    .orderBy(asc(models.sortOrder), asc(models.id))
}

/** The organisation's default model id (set in the admin area), or null. */
export async function orgDefaultModelId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: orgSettings.defaultModelId })
    .from(orgSettings)
    .where(eq(orgSettings.id, 1))
  return row?.id ?? null
}

/**
 * Writes the catalogue in one transaction: each row inserted or updated by id (only the provider's
 * columns: an administrator's overrides are never in `rows`, so they survive), and, when the
 * OpenAI-compatible list is known (`openaiIds` not null), the OpenAI models it no longer names
 * marked inactive (kept, since old messages name them).
 */
/** The columns the provider sync owns; the administrator's (enabled, display_*, *_override) are not among them. */
export type ProviderColumns = Pick<
  Model,
  | 'id'
  | 'name'
  | 'description'
  | 'provider'
  | 'isActive'
  | 'sortOrder'
  | 'supportsVision'
  | 'inputPriceMicrosPerMillion'
  | 'outputPriceMicrosPerMillion'
>

export async function saveCatalogue(
  db: Db,
  rows: readonly ProviderColumns[],
  openaiIds: readonly string[] | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const update = {
        name: row.name,
        description: row.description,
        provider: row.provider,
        isActive: row.isActive,
        sortOrder: row.sortOrder,
        supportsVision: row.supportsVision,
        inputPriceMicrosPerMillion: row.inputPriceMicrosPerMillion,
        outputPriceMicrosPerMillion: row.outputPriceMicrosPerMillion,
      } satisfies Omit<ProviderColumns, 'id'>
      await tx
        .insert(models)
        .values({ id: row.id, ...update })
        .onConflictDoUpdate({ target: models.id, set: update })
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
