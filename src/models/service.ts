import type { Model } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { microsToDollars } from '../budget/money'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { activeModels } from './catalogue-data'
import { preferenceFor } from './preference-data'
import { ensureModelsSynced } from './sync'

type Ctx = Pick<AppContext, 'config' | 'log' | 'database' | 'db'>

export function toModelJson(model: Model) {
  return {
    id: model.id,
    name: model.name,
    description: model.description,
    provider: model.provider,
    is_active: model.isActive,
    supports_vision: model.supportsVision,
    // Stored as integer micro-dollars; the API keeps dollars per million tokens.
    input_price_per_million: microsToDollars(model.inputPriceMicrosPerMillion),
    output_price_per_million: microsToDollars(model.outputPriceMicrosPerMillion),
  }
}

/** Active models per app, read once and dropped whenever a sync runs; every send needs them. */
const activeCache = new WeakMap<object, Promise<Model[]>>()

export function forgetActiveModels(ctx: Pick<AppContext, 'database'>) {
  activeCache.delete(ctx.database)
}

export async function listActiveModels(ctx: Ctx): Promise<Model[]> {
  await ensureModelsSynced(ctx)
  let cached = activeCache.get(ctx.database)
  if (!cached) {
    cached = activeModels(ctx.db)
    cached.catch(() => forgetActiveModels(ctx))
    activeCache.set(ctx.database, cached)
  }
  return cached
}

async function findActiveModel(ctx: Ctx, id: string): Promise<Model | undefined> {
  return (await listActiveModels(ctx)).find((model) => model.id === id)
}

/** The actor's preferred model when it is still active, else the first active model (spec "Model selection"). */
export async function getPreferredModel(ctx: Ctx, actor: Actor): Promise<Model | undefined> {
  const preferredId = await preferenceFor(ctx.db, actor).get()
  return pickPreferred(await listActiveModels(ctx), preferredId)
}

function pickPreferred(active: Model[], preferredId: string | null | undefined): Model | undefined {
  return active.find((model) => model.id === preferredId) ?? active[0]
}

export async function setPreferredModel(ctx: Ctx, actor: Actor, modelId: string): Promise<Model> {
  await ensureModelsSynced(ctx)
  const model = await findActiveModel(ctx, modelId)
  if (!model) throw new AppError('bad_request:model', 'Failed to set model')
  await preferenceFor(ctx.db, actor).set(model.id, new Date())
  return model
}

/**
 * The model a send uses: the requested one when it is active, otherwise the user's preferred model
 * or the first active one (as the spec's client does when the selected id is not in the list).
 */
export async function resolveModelForSend(
  ctx: Ctx,
  user: { preferredModelId: string | null },
  requested?: string,
): Promise<Model> {
  const active = await listActiveModels(ctx)
  const model =
    active.find((candidate) => candidate.id === requested) ?? pickPreferred(active, user.preferredModelId)
  if (!model) throw new AppError('unavailable:model', 'No AI model is available right now')
  return model
}
