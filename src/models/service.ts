import type { Model } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { microsToDollars } from '../budget/money'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { activeModels, orgDefaultModelId } from './catalogue-data'
import { effectiveModel } from './effective'
import { preferenceFor } from './preference-data'
import { ensureModelsSynced } from './sync'

type Ctx = Pick<AppContext, 'config' | 'log' | 'database' | 'db'>

/**
 * Parley's own models (the workflow agents, the demo) are named by Parley, not by a provider: the
 * client words their name and description in the person's language by this code, unless an
 * administrator renamed or described them (docs/decisions/150). Null for providers' models.
 */
function builtinCode(model: Model): 'workflow' | 'demo' | null {
  return model.provider === 'openai' ? null : model.provider
}

export function toModelJson(model: Model) {
  const code = builtinCode(model)
  return {
    id: model.id,
    name: model.name,
    description: model.description,
    /** Present when `name` is Parley's own English one: the client shows it in the person's language. */
    ...(code && model.displayName === null ? { name_code: code } : {}),
    ...(code && model.displayDescription === null ? { description_code: code } : {}),
    provider: model.provider,
    is_active: model.isActive,
    supports_vision: model.supportsVision,
    // Stored as integer micro-dollars; the API keeps dollars per million tokens.
    input_price_per_million: microsToDollars(model.inputPriceMicrosPerMillion),
    output_price_per_million: microsToDollars(model.outputPriceMicrosPerMillion),
  }
}

/**
 * How long an instance trusts its copy of the usable models and the organisation's default. The
 * instance that changes them (a sync, an admin's edit) forgets its copy at once; the others, which
 * share only the database, see the change within this time (docs/decisions/112-admin-models.md).
 */
export const MODELS_TTL_MS = 5_000

interface Usable {
  /** Enabled and active rows with the administrators' values applied (effective.ts), in list order. */
  models: Model[]
  defaultId: string | null
}

/** Per app (keyed by its database), with the monotonic time it was read at; every send needs them. */
const usableCache = new WeakMap<object, { value: Promise<Usable>; readAt: number }>()

export function forgetActiveModels(ctx: Pick<AppContext, 'database'>) {
  usableCache.delete(ctx.database)
}

async function usableModels(ctx: Ctx): Promise<Usable> {
  await ensureModelsSynced(ctx)
  const cached = usableCache.get(ctx.database)
  if (cached && performance.now() - cached.readAt < MODELS_TTL_MS) return cached.value
  const value = Promise.all([activeModels(ctx.db), orgDefaultModelId(ctx.db)]).then(([rows, defaultId]) => ({
    models: rows.map(effectiveModel),
    defaultId,
  }))
  const entry = { value, readAt: performance.now() }
  value.catch(() => {
    if (usableCache.get(ctx.database) === entry) forgetActiveModels(ctx)
  })
  usableCache.set(ctx.database, entry)
  return value
}

/** The models users may pick and send with, as they see them (display names, prices... applied). */
export async function listActiveModels(ctx: Ctx): Promise<Model[]> {
  return (await usableModels(ctx)).models
}

async function findActiveModel(ctx: Ctx, id: string): Promise<Model | undefined> {
  return (await listActiveModels(ctx)).find((model) => model.id === id)
}

/**
 * The actor's preferred model when it is still usable, else the organisation's default (admin
 * setting), else the first usable model (spec "Model selection").
 */
export async function getPreferredModel(ctx: Ctx, actor: Actor): Promise<Model | undefined> {
  const preferredId = await preferenceFor(ctx.db, actor).get()
  return pickPreferred(await usableModels(ctx), preferredId)
}

function pickPreferred(usable: Usable, preferredId: string | null | undefined): Model | undefined {
  const { models, defaultId } = usable
  return (
    models.find((model) => model.id === preferredId) ??
    models.find((model) => model.id === defaultId) ??
    models[0]
  )
}

export async function setPreferredModel(ctx: Ctx, actor: Actor, modelId: string): Promise<Model> {
  await ensureModelsSynced(ctx)
  const model = await findActiveModel(ctx, modelId)
  if (!model) throw new AppError('bad_request:model', 'Failed to set model')
  await preferenceFor(ctx.db, actor).set(model.id, new Date())
  return model
}

/**
 * The model a send uses: the requested one when it is usable, otherwise the user's preferred model,
 * the organisation's default or the first usable one (as the spec's client does when the selected
 * id is not in the list). A disabled or inactive model is never called.
 */
export async function resolveModelForSend(
  ctx: Ctx,
  user: { preferredModelId: string | null },
  requested?: string,
): Promise<Model> {
  const usable = await usableModels(ctx)
  const model =
    usable.models.find((candidate) => candidate.id === requested) ??
    pickPreferred(usable, user.preferredModelId)
  if (!model) throw new AppError('unavailable:model', 'No AI model is available right now')
  return model
}
