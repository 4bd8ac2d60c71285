import type { AdminModel } from './models-query'

/**
 * Where a model comes from and whether people can use it. The workflow and demo models are
 * Parley's own, not the provider's: they are "in use" when Parley's configuration calls for them
 * (a workflow set up; no AI provider at all), never "offered by the provider".
 */
export type Availability =
  /** Enabled and in use: people can choose it. */
  | 'available'
  /** Switched off by an administrator. */
  | 'disabled'
  /** The provider stopped listing it (kept for old messages). */
  | 'not_offered'
  /** Parley's workflow model, with no workflow set up. */
  | 'no_workflow'
  /** Parley's demo model, which stands aside once an AI provider or a workflow is set up. */
  | 'demo_off'

export const isBuiltIn = (model: Pick<AdminModel, 'provider'>) => model.provider !== 'openai'

export function availabilityOf(model: Pick<AdminModel, 'provider' | 'isActive' | 'enabled'>): Availability {
  if (!model.isActive)
    return model.provider === 'workflow'
      ? 'no_workflow'
      : model.provider === 'demo'
        ? 'demo_off'
        : 'not_offered'
  return model.enabled ? 'available' : 'disabled'
}

/** The models people can choose: the list's count says how many of all. */
export const availableCount = (models: Pick<AdminModel, 'provider' | 'isActive' | 'enabled'>[]) =>
  models.filter((model) => availabilityOf(model) === 'available').length
