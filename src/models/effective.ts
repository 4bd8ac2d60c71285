import type { Model } from '../../db/schema'

/**
 * A catalogue row as everyone sees and pays for it: each value an administrator set (display name,
 * description, prices, vision) over the one the provider sync wrote. Every reader outside the
 * admin area (the model list, the send path, cost and budget reservations) takes rows through this,
 * so an override applies everywhere at once (docs/decisions/112-admin-models.md).
 */
export function effectiveModel(row: Model): Model {
  return {
    ...row,
    name: row.displayName ?? row.name,
    description: row.displayDescription ?? row.description,
    inputPriceMicrosPerMillion: row.inputPriceOverrideMicrosPerMillion ?? row.inputPriceMicrosPerMillion,
    outputPriceMicrosPerMillion: row.outputPriceOverrideMicrosPerMillion ?? row.outputPriceMicrosPerMillion,
    supportsVision: row.visionOverride ?? row.supportsVision,
  }
}

/** Offered by the provider and not switched off by an administrator: what users may choose and send with. */
export const isUsable = (row: Pick<Model, 'isActive' | 'enabled'>) => row.isActive && row.enabled

/** What users may pick and send with, as a send reads it (the app's `usableModels` cache). */
export interface UsableModels {
  /** Enabled and active rows with the administrators' values applied, in list order. */
  models: Model[]
  defaultId: string | null
}
