import { t } from 'elysia'
import type { Model } from '../../../db/schema'
import type { ProviderKind } from '../../ai/provider-status'
import { MICROS_PER_DOLLAR, type Micros, parseDollars } from '../../budget/money'
import type { ImageSize } from '../../config/model-prices'
import { AppError } from '../../http/errors'
import { ok } from '../../http/model'
import { imagePriceSource } from '../../images/model'
import type { ImagePriceSource } from '../../images/prices'
import { modelProvider } from '../../models/model'

export interface ImagePriceJson {
  size: ImageSize
  /** Dollars per image: what an image of this size costs now. */
  price: number
  source: ImagePriceSource
  /** What it costs without the administrators' setting, and where that comes from. */
  fallbackPrice: number
  fallbackSource: Exclude<ImagePriceSource, 'setting'>
}

/**
 * One outside service as the admin's status panel shows it. Only hosts and model names: never a
 * key, a full URL (a webhook's path is often its secret) or a request.
 */
export interface ProviderStatusJson {
  id: ProviderKind
  configured: boolean
  /** The host it is reached at (no scheme, path or credentials); null when not configured. */
  host: string | null
  /** The embeddings model (EMBEDDING_MODEL); null for the others. */
  model: string | null
  /**
   * `ok`: the last call worked; `error`: the last call failed (`lastError` says how); `unknown`:
   * configured but not called since this instance started; `not_configured`.
   */
  state: 'ok' | 'error' | 'unknown' | 'not_configured'
  lastSuccessAt: string | null
  lastErrorAt: string | null
  lastError: string | null
}

/** A model's user-facing values; prices in dollars per million tokens. */
export interface ModelValuesJson {
  name: string
  description: string
  inputPrice: number
  outputPrice: number
  vision: boolean
}

/** What administrators set; null = the provider's (or MODEL_PRICES') value applies. */
export interface ModelOverridesJson {
  displayName: string | null
  displayDescription: string | null
  inputPrice: number | null
  outputPrice: number | null
  vision: boolean | null
}

export interface AdminModelJson {
  id: string
  provider: Model['provider']
  /** The provider offers it now (a model it stopped listing stays, inactive, for old messages). */
  isActive: boolean
  /** Switched on by the administrators; users see a model only when it is active and enabled. */
  enabled: boolean
  /** The organisation's default model. */
  isDefault: boolean
  /** What the provider sync wrote (names from the provider, prices from MODEL_PRICES). */
  providerValues: ModelValuesJson
  overrides: ModelOverridesJson
  /** What users see and what usage costs. */
  effective: ModelValuesJson
}

export interface AdminModelListJson {
  items: AdminModelJson[]
  /** The organisation's default model id, or null (users then start with the first model). */
  defaultModelId: string | null
}

export interface RefreshJson extends AdminModelListJson {
  /** `ok`: the provider's list was read; `failed`: it could not be (rows kept as they were); `not_used`: OPENAI_MODELS names them, or no OpenAI-compatible provider is configured. */
  discovery: 'ok' | 'failed' | 'not_used'
  providers: ProviderStatusJson[]
}

/** The highest price accepted, in dollars per million tokens: far above any real model's. */
export const MAX_PRICE_DOLLARS = 100_000
export const MAX_NAME_LENGTH = 100
export const MAX_DESCRIPTION_LENGTH = 500

/**
 * A change to a model's administrator values. A field left out stays as it is; null returns it
 * to what the provider (or MODEL_PRICES) says. Prices are dollars per million tokens, at most six
 * decimals (a micro-dollar), as the sync's MODEL_PRICES are.
 */
export const updateModelBody = t.Object({
  enabled: t.Optional(t.Boolean({ error: 'enabled must be true or false' })),
  displayName: t.Optional(
    t.Union([t.String({ maxLength: 1000 }), t.Null()], {
      error: 'displayName must be a name, or null for the provider’s name',
    }),
  ),
  displayDescription: t.Optional(
    t.Union([t.String({ maxLength: 5000 }), t.Null()], {
      error: 'displayDescription must be a text, or null for the provider’s description',
    }),
  ),
  inputPrice: t.Optional(
    t.Union([t.Number(), t.Null()], {
      error: 'inputPrice must be dollars per million tokens, or null for the configured price',
    }),
  ),
  outputPrice: t.Optional(
    t.Union([t.Number(), t.Null()], {
      error: 'outputPrice must be dollars per million tokens, or null for the configured price',
    }),
  ),
  vision: t.Optional(
    t.Union([t.Boolean(), t.Null()], {
      error: 'vision must be true, false or null for the provider’s value',
    }),
  ),
})
export type UpdateModelBody = typeof updateModelBody.static

export const defaultModelBody = t.Object({
  modelId: t.Union([t.String({ maxLength: 200 }), t.Null()], {
    error: 'modelId must be a model id, or null for no organisation default',
  }),
})

export const modelParams = t.Object({ id: t.String({ maxLength: 200 }) })

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
/** The same, but a description may hold line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/

/** A display name: trimmed, not empty, one line, at most 100 characters. */
export function displayName(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value
  const name = value.trim()
  if (!name || name.length > MAX_NAME_LENGTH || CONTROL.test(name)) {
    throw new AppError(
      'bad_request:model_name',
      `displayName must be 1 to ${MAX_NAME_LENGTH} characters on one line, or null for the provider’s name`,
    )
  }
  return name
}

/** A description: trimmed, at most 500 characters (empty = none); line breaks allowed. */
export function displayDescription(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value
  const text = value.trim()
  if (text.length > MAX_DESCRIPTION_LENGTH || CONTROL_BUT_NEWLINE.test(text)) {
    throw new AppError(
      'bad_request:model_description',
      `displayDescription must be at most ${MAX_DESCRIPTION_LENGTH} characters, or null for the provider’s description`,
    )
  }
  return text
}

/**
 * A price in dollars per million tokens to micro-dollars: non-negative, at most six decimals, read
 * through its decimal text so no binary fraction decides (0.1 + 0.2 noise is refused, not rounded).
 */
export function priceMicros(name: string, dollars: number | null | undefined): Micros | null | undefined {
  if (dollars === null || dollars === undefined) return dollars
  const micros = Number.isFinite(dollars) ? parseDollars(String(dollars)) : null
  if (micros === null || micros > MAX_PRICE_DOLLARS * MICROS_PER_DOLLAR) {
    throw new AppError(
      'bad_request:model_price',
      `${name} must be dollars per million tokens from 0 to ${MAX_PRICE_DOLLARS} with at most six decimals, or null`,
    )
  }
  return micros
}

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const modelValuesJson = t.Object({
  name: t.String(),
  description: t.String(),
  inputPrice: t.Number(),
  outputPrice: t.Number(),
  vision: t.Boolean(),
})

export const modelOverridesJson = t.Object({
  displayName: t.Nullable(t.String()),
  displayDescription: t.Nullable(t.String()),
  inputPrice: t.Nullable(t.Number()),
  outputPrice: t.Nullable(t.Number()),
  vision: t.Nullable(t.Boolean()),
})

export const adminModelJson = t.Object({
  id: t.String(),
  provider: modelProvider,
  isActive: t.Boolean(),
  enabled: t.Boolean(),
  isDefault: t.Boolean(),
  providerValues: modelValuesJson,
  overrides: modelOverridesJson,
  effective: modelValuesJson,
})

export const adminModelListJson = t.Object({
  items: t.Array(adminModelJson),
  defaultModelId: t.Nullable(t.String()),
})

export const providerStatusJson = t.Object({
  id: t.Union([t.Literal('search'), t.Literal('openai'), t.Literal('workflow'), t.Literal('embeddings')]),
  configured: t.Boolean(),
  host: t.Nullable(t.String()),
  model: t.Nullable(t.String()),
  state: t.Union([t.Literal('error'), t.Literal('ok'), t.Literal('unknown'), t.Literal('not_configured')]),
  lastSuccessAt: t.Nullable(t.String()),
  lastErrorAt: t.Nullable(t.String()),
  lastError: t.Nullable(t.String()),
})

export const refreshJson = t.Object({
  discovery: t.Union([t.Literal('failed'), t.Literal('ok'), t.Literal('not_used')]),
  providers: t.Array(providerStatusJson),
  items: t.Array(adminModelJson),
  defaultModelId: t.Nullable(t.String()),
})

export const imagePriceJson = t.Object({
  size: t.Union([t.Literal('1024x1024'), t.Literal('1024x1792'), t.Literal('1792x1024')]),
  price: t.Number(),
  source: imagePriceSource,
  fallbackPrice: t.Number(),
  fallbackSource: t.Union([t.Literal('default'), t.Literal('environment')]),
})

export const adminModelsImagePricesJson = t.Object({ items: t.Array(imagePriceJson) })

export const adminModelListResponse = ok(adminModelListJson)

export const adminModelsProvidersGetResponse = ok(t.Array(providerStatusJson))

export const imagePricesResponse = ok(adminModelsImagePricesJson)

export const adminModelsRefreshPostResponse = ok(refreshJson)

export const adminModelResponse = ok(adminModelJson)
