import type { Model } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { type Micros, microsToDollars } from '../../budget/money'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { effectiveModel } from '../../models/effective'
import { ensureModelsSynced, syncModels } from '../../models/sync'
import type {
  AdminModelJson,
  AdminModelListJson,
  ModelOverridesJson,
  ModelValuesJson,
  ProviderStatusJson,
  RefreshJson,
} from './model'
import { displayDescription, displayName, priceMicros, type UpdateModelBody } from './model'
import { adminModelsData, type ModelOverrides } from './models-data'
import { checkProviders, providerStatuses } from './providers'

type Ctx = Pick<
  AppContext,
  'db' | 'config' | 'now' | 'log' | 'realtime' | 'providers' | 'orgAgents' | 'usableModels' | 'modelSync'
>
type Admin = Actor & { email: string }

const dollars = (micros: Micros | null) => (micros === null ? null : microsToDollars(micros))

function valuesJson(row: Model): ModelValuesJson {
  return {
    name: row.name,
    description: row.description,
    inputPrice: microsToDollars(row.inputPriceMicrosPerMillion),
    outputPrice: microsToDollars(row.outputPriceMicrosPerMillion),
    vision: row.supportsVision,
  }
}

function overridesJson(row: ModelOverrides): ModelOverridesJson {
  return {
    displayName: row.displayName,
    displayDescription: row.displayDescription,
    inputPrice: dollars(row.inputPriceOverrideMicrosPerMillion),
    outputPrice: dollars(row.outputPriceOverrideMicrosPerMillion),
    vision: row.visionOverride,
  }
}

function modelJson(row: Model, defaultId: string | null): AdminModelJson {
  return {
    id: row.id,
    provider: row.provider,
    isActive: row.isActive,
    enabled: row.enabled,
    isDefault: row.id === defaultId,
    providerValues: valuesJson(row),
    overrides: overridesJson(row),
    effective: valuesJson(effectiveModel(row)),
  }
}

/** Every model in the catalogue (inactive and disabled ones too) with its three sets of values. */
export async function listAdminModels(ctx: Ctx): Promise<AdminModelListJson> {
  await ensureModelsSynced(ctx)
  const data = adminModelsData(ctx.db)
  const [rows, defaultModelId] = await Promise.all([data.allModels(), data.defaultModelId()])
  return { items: rows.map((row) => modelJson(row, defaultModelId)), defaultModelId }
}

/** The fields of `body` turned into columns; a field left out is left out. Throws 400 on a bad value. */
function overrideColumns(body: UpdateModelBody): Partial<ModelOverrides> {
  const columns: Partial<ModelOverrides> = {}
  const name = displayName(body.displayName)
  const description = displayDescription(body.displayDescription)
  const input = priceMicros('inputPrice', body.inputPrice)
  const output = priceMicros('outputPrice', body.outputPrice)
  if (body.enabled !== undefined) columns.enabled = body.enabled
  if (name !== undefined) columns.displayName = name
  if (description !== undefined) columns.displayDescription = description
  if (input !== undefined) columns.inputPriceOverrideMicrosPerMillion = input
  if (output !== undefined) columns.outputPriceOverrideMicrosPerMillion = output
  if (body.vision !== undefined) columns.visionOverride = body.vision
  return columns
}

/** `{ field: { from, to } }` for each value that changed, in the API's units. */
function changesBetween(before: Model, after: Model) {
  const from = { enabled: before.enabled, ...overridesJson(before) }
  const to = { enabled: after.enabled, ...overridesJson(after) }
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of Object.keys(to) as (keyof typeof to)[]) {
    if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] }
  }
  return changes
}

/**
 * Changes a model's administrator values (audited `model.update`, each changed value old → new),
 * then tells every open client to refetch its model list (`models:updated`). The organisation's
 * default model cannot be disabled (409): choose another default first.
 */
export async function updateModel(
  ctx: Ctx,
  admin: Admin,
  id: string,
  body: UpdateModelBody,
  origin: RequestOrigin | null,
): Promise<AdminModelJson> {
  const columns = overrideColumns(body)
  await ensureModelsSynced(ctx)
  const { after, defaultId, changed } = await ctx.db.transaction(async (tx) => {
    const data = adminModelsData(tx)
    // The settings row first, then the model: the same order as setDefaultModel, so they queue.
    const defaultId = await data.lockDefaultModelId()
    const before = await data.model(id, { lock: true })
    if (!before) throw new AppError('not_found:model', 'Model not found')
    if (columns.enabled === false && before.enabled && defaultId === id) {
      throw new AppError(
        'conflict:default_model',
        'This model is the organisation’s default model. Choose another default model before disabling it.',
      )
    }
    const after: Model = { ...before, ...columns }
    const changes = changesBetween(before, after)
    if (Object.keys(changes).length === 0) return { after, defaultId, changed: false }
    await data.updateOverrides(id, columns)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      { action: 'model.update', targetType: 'model', targetId: id, details: { changes } },
      origin,
    )
    return { after, defaultId, changed: true }
  })
  if (changed) announce(ctx)
  return modelJson(after, defaultId)
}

/**
 * Sets the organisation's default model (audited `model.default`): the model users without a
 * (usable) preferred model start with. It must be enabled and offered by the provider; null clears it.
 */
export async function setDefaultModel(
  ctx: Ctx,
  admin: Admin,
  modelId: string | null,
  origin: RequestOrigin | null,
): Promise<AdminModelListJson> {
  await ensureModelsSynced(ctx)
  const changed = await ctx.db.transaction(async (tx) => {
    const data = adminModelsData(tx)
    const before = await data.lockDefaultModelId()
    if (modelId !== null) {
      const model = await data.model(modelId, { lock: true })
      if (!model) throw new AppError('not_found:model', 'Model not found')
      if (!model.enabled) {
        throw new AppError(
          'conflict:model_disabled',
          'This model is disabled. Enable it before making it the default model.',
        )
      }
      if (!model.isActive) {
        throw new AppError(
          'conflict:model_inactive',
          'The provider does not offer this model at the moment, so it cannot be the default model.',
        )
      }
    }
    if (before === modelId) return false
    await data.setDefaultModelId(modelId, ctx.now())
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'model.default',
        targetType: 'organisation',
        targetId: null,
        details: { from: before, to: modelId },
      },
      origin,
    )
    return true
  })
  if (changed) announce(ctx)
  return listAdminModels(ctx)
}

/**
 * Runs the provider sync now (src/models/sync.ts: it writes only the provider's columns, so the
 * administrators' values stay) and the on-demand provider checks; audited `model.refresh`.
 */
export async function refreshModels(
  ctx: Ctx,
  admin: Admin,
  origin: RequestOrigin | null,
): Promise<RefreshJson> {
  const { ai } = ctx.config
  const discovers = Boolean(ai.openaiBaseUrl || ai.openaiApiKey) && ai.openaiModels.length === 0
  const [complete] = await Promise.all([syncModels(ctx), checkProviders(ctx)])
  const discovery = !discovers ? 'not_used' : complete ? 'ok' : 'failed'
  await recordAudit(
    ctx,
    admin,
    { action: 'model.refresh', targetType: 'model', targetId: null, details: { discovery } },
    origin,
  )
  announce(ctx)
  return { ...(await listAdminModels(ctx)), discovery, providers: providerStatuses(ctx) }
}

export function getProviderStatuses(ctx: Ctx): ProviderStatusJson[] {
  return providerStatuses(ctx)
}

/** This instance forgets its copy of the usable models; every open client refetches its list. */
function announce(ctx: Ctx) {
  ctx.usableModels.forget()
  ctx.realtime.toEveryone('models:updated', {})
}
