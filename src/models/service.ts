import type { Model } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { activeModels, orgDefaultModelId } from './catalogue-data'
import { effectiveModel, type UsableModels } from './effective'
import { preferenceFor } from './preference-data'
import { ensureModelsSynced } from './sync'

type Ctx = Pick<
  AppContext,
  'config' | 'log' | 'db' | 'providers' | 'orgAgents' | 'usableModels' | 'modelSync'
>

/**
 * How long an instance trusts its copy of the usable models and the organisation's default. The
 * instance that changes them (a sync, an admin's edit) forgets its copy at once; the others, which
 * share only the database, see the change within this time (docs/decisions/112-admin-models.md).
 */
export const MODELS_TTL_MS = 5_000

/** Every send needs them: read through the app's `usableModels` cache. */
async function usableModels(ctx: Ctx): Promise<UsableModels> {
  await ensureModelsSynced(ctx)
  return ctx.usableModels.get(() =>
    Promise.all([activeModels(ctx.db), orgDefaultModelId(ctx.db)]).then(([rows, defaultId]) => ({
      models: rows.map(effectiveModel),
      defaultId,
    })),
  )
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

function pickPreferred(usable: UsableModels, preferredId: string | null | undefined): Model | undefined {
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
