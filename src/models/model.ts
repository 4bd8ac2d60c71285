import { t } from 'elysia'
import type { Model } from '../../db/schema'
import { microsToDollars } from '../budget/money'
import { ok } from '../http/model'

/**
 * Parley's own models (the workflow agents, the demo) are named by Parley, not by a provider: the
 * client words their name and description in the person's language by this code, unless an
 * administrator renamed or described them (docs/decisions/150). Null for providers' models.
 */
function builtinCode(model: Model): 'workflow' | 'demo' | null {
  return model.provider === 'openai' ? null : model.provider
}

/** A model as GET /api/models sends it. */
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

export const setPreferredBody = t.Object({
  modelId: t.String({ minLength: 1, maxLength: 200, error: 'Failed to set model' }),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const modelProvider = t.Union([t.Literal('openai'), t.Literal('workflow'), t.Literal('demo')])

export const modelsGetResponse = ok(
  t.Array(
    t.Object({
      provider: modelProvider,
      is_active: t.Boolean(),
      supports_vision: t.Boolean(),
      input_price_per_million: t.Number(),
      output_price_per_million: t.Number(),
      description_code: t.Optional(t.Union([t.Literal('workflow'), t.Literal('demo')])),
      name_code: t.Optional(t.Union([t.Literal('workflow'), t.Literal('demo')])),
      id: t.String(),
      name: t.String(),
      description: t.String(),
    }),
  ),
)

export const modelsPreferredGetResponse = ok(t.Object({ id: t.Nullable(t.String()) }))

export const modelsPreferredPutResponse = ok(t.Object({ id: t.String() }))

export const capabilitiesGetResponse = ok(
  t.Object({ webSearch: t.Boolean(), imageGeneration: t.Boolean(), transcription: t.Boolean() }),
)
