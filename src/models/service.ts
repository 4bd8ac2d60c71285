import type { Model } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { allowsModel, type GroupPolicy, groupPolicy, MODEL_NOT_ALLOWED } from '../groups/policy'
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

/** The usable models the actor's groups allow (issue 29), with the organisation's default. */
async function allowedModels(ctx: Ctx, actor: Actor): Promise<UsableModels & { policy: GroupPolicy }> {
  const [usable, policy] = await Promise.all([usableModels(ctx), groupPolicy(ctx, actor.userId)])
  if (policy.models === null) return { ...usable, policy }
  return { ...usable, models: usable.models.filter((model) => allowsModel(policy, model.id)), policy }
}

/** `GET /api/models`: the models the actor may pick, narrowed by their groups. */
export async function listAllowedModels(ctx: Ctx, actor: Actor): Promise<Model[]> {
  return (await allowedModels(ctx, actor)).models
}

/**
 * The actor's preferred model when it is still usable and allowed, else the organisation's default,
 * else the first model they may use (spec "Model selection"; issue 29's groups narrow the choice).
 */
export async function getPreferredModel(ctx: Ctx, actor: Actor): Promise<Model | undefined> {
  const [preferredId, allowed] = await Promise.all([
    preferenceFor(ctx.db, actor).get(),
    allowedModels(ctx, actor),
  ])
  return pickPreferred(allowed, preferredId)
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
  const { models, policy } = await allowedModels(ctx, actor)
  const model = models.find((candidate) => candidate.id === modelId)
  if (!model) {
    const usable = await listActiveModels(ctx)
    if (usable.some((candidate) => candidate.id === modelId) && !allowsModel(policy, modelId))
      throw new AppError('forbidden:model_not_allowed', MODEL_NOT_ALLOWED)
    throw new AppError('bad_request:model', 'Failed to set model')
  }
  await preferenceFor(ctx.db, actor).set(model.id, new Date())
  return model
}

/**
 * The model a send uses: the requested one when it is usable, otherwise the user's preferred model,
 * the organisation's default or the first usable one (as the spec's client does when the selected
 * id is not in the list). A disabled or inactive model is never called.
 *
 * Every send, regenerate, edit, research start and prompt draft passes here, so the groups' narrowing
 * (issue 29) is checked once, here: a requested model the person's groups do not allow is refused
 * (403 `forbidden:model_not_allowed`) before anything is stored, unless `fallBack` (a model the
 * server chose, RESEARCH_MODEL), which then falls back like an unusable one. The fallbacks only ever
 * pick among the allowed models.
 */
export async function resolveModelForSend(
  ctx: Ctx,
  user: { actor: Actor; preferredModelId: string | null },
  requested?: string,
  options: { fallBack?: boolean } = {},
): Promise<Model> {
  const allowed = await allowedModels(ctx, user.actor)
  const usable = allowed.policy.models === null ? allowed.models : (await usableModels(ctx)).models
  if (
    requested !== undefined &&
    !options.fallBack &&
    !allowsModel(allowed.policy, requested) &&
    usable.some((candidate) => candidate.id === requested)
  ) {
    throw new AppError('forbidden:model_not_allowed', MODEL_NOT_ALLOWED)
  }
  const model =
    allowed.models.find((candidate) => candidate.id === requested) ??
    pickPreferred(allowed, user.preferredModelId)
  if (!model) {
    // Models exist, but none the person's groups allow.
    if (usable.length > 0) throw new AppError('forbidden:model_not_allowed', MODEL_NOT_ALLOWED)
    throw new AppError('unavailable:model', 'No AI model is available right now')
  }
  return model
}
