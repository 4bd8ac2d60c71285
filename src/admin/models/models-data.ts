import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { type Model, models, orgSettings } from '../../../db/schema'
import type { Micros } from '../../budget/money'

/** The columns an administrator sets on a model; null = the provider's (or MODEL_PRICES') value. */
export interface ModelOverrides {
  enabled: boolean
  displayName: string | null
  displayDescription: string | null
  inputPriceOverrideMicrosPerMillion: Micros | null
  outputPriceOverrideMicrosPerMillion: Micros | null
  visionOverride: boolean | null
}

/**
 * The admin area's model queries: the whole catalogue (inactive and disabled rows too), the
 * administrator columns, and the organisation's default model. The catalogue is shared, not
 * user-owned; the `admin` macro guards every route that reaches these. Pass a transaction as `db`.
 */
export function adminModelsData(db: Db) {
  return {
    allModels(): Promise<Model[]> {
      return db.select().from(models).orderBy(asc(models.sortOrder), asc(models.id))
    },

    /** One model, locked until the transaction ends when `lock`. */
    async model(id: string, options: { lock?: boolean } = {}): Promise<Model | null> {
      const query = db.select().from(models).where(eq(models.id, id))
      const [row] = options.lock ? await query.for('update') : await query
      return row ?? null
    },

    async updateOverrides(id: string, values: Partial<ModelOverrides>): Promise<void> {
      await db.update(models).set(values).where(eq(models.id, id))
    },

    /**
     * The organisation's default model id, its settings row locked until the transaction ends
     * (created empty first if missing): a default change and a disable queue behind each other.
     */
    async lockDefaultModelId(): Promise<string | null> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db
        .select({ id: orgSettings.defaultModelId })
        .from(orgSettings)
        .where(eq(orgSettings.id, 1))
        .for('update')
      return row?.id ?? null
    },

    async defaultModelId(): Promise<string | null> {
      const [row] = await db
        .select({ id: orgSettings.defaultModelId })
        .from(orgSettings)
        .where(eq(orgSettings.id, 1))
      return row?.id ?? null
    },

    async setDefaultModelId(id: string | null, now: Date): Promise<void> {
      await db.update(orgSettings).set({ defaultModelId: id, updatedAt: now }).where(eq(orgSettings.id, 1))
    },
  }
}
