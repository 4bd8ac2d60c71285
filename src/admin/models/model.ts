import { t } from 'elysia'
import { MICROS_PER_DOLLAR, type Micros, parseDollars } from '../../budget/money'
import { AppError } from '../../http/errors'

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
