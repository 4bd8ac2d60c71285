import { type Micros, parseDollars } from '../budget/money'
import { ConfigError, type Env, readString } from './parse'

export interface ModelPrice {
  /** Micro-dollars per million prompt tokens. */
  inputMicrosPerMillion: Micros
  /** Micro-dollars per million completion tokens. */
  outputMicrosPerMillion: Micros
}

/**
 * MODEL_PRICES, e.g. `gpt-4o-mini=0.15/0.6,gpt-4o=2.5/10`: dollars per million input/output tokens
 * for each model id, read exactly into micro-dollars (at most six decimal places). Models not
 * listed cost nothing, so the budget only counts what is priced.
 */
export function readModelPrices(env: Env, name = 'MODEL_PRICES'): Record<string, ModelPrice> {
  const raw = readString(env, name)
  const prices: Record<string, ModelPrice> = {}
  if (!raw) return prices
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(.+)=([^=/]+)\/([^=/]+)$/.exec(entry)
    const input = match ? parseDollars(match[2]!) : null
    const output = match ? parseDollars(match[3]!) : null
    if (input === null || output === null) {
      throw new ConfigError(
        name,
        `entries must look like model=input/output in dollars with at most 6 decimals, got "${entry}"`,
      )
    }
    prices[match![1]!.trim()] = { inputMicrosPerMillion: input, outputMicrosPerMillion: output }
  }
  return prices
}

/** The sizes Parley asks the images API for (spec section 9, 'Image generation'). */
export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

/** DALL·E 3 standard-quality list prices, the default IMAGE_MODEL's (docs/decisions/123). */
export const DEFAULT_IMAGE_PRICES: Record<ImageSize, Micros> = {
  '1024x1024': 40_000,
  '1024x1792': 80_000,
  '1792x1024': 80_000,
}

/**
 * IMAGE_PRICES, e.g. `1024x1024=0.04,1024x1792=0.08,1792x1024=0.08`: dollars per generated image
 * by size, read exactly into micro-dollars. A size left out keeps its default; `0` makes it free.
 */
export function readImagePrices(env: Env, name = 'IMAGE_PRICES'): Record<ImageSize, Micros> {
  return { ...DEFAULT_IMAGE_PRICES, ...readImagePriceEntries(env, name) }
}

/** Only the sizes IMAGE_PRICES names (the admin area shows which prices come from the environment). */
export function readImagePriceEntries(env: Env, name = 'IMAGE_PRICES'): Partial<Record<ImageSize, Micros>> {
  const prices: Partial<Record<ImageSize, Micros>> = {}
  const raw = readString(env, name)
  if (!raw) return prices
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\d+x\d+)=([^=]+)$/.exec(entry)
    const size = match?.[1] as ImageSize | undefined
    const price = match ? parseDollars(match[2]!.trim()) : null
    if (!size || !IMAGE_SIZES.includes(size) || price === null) {
      throw new ConfigError(
        name,
        `entries must look like size=dollars with a size of ${IMAGE_SIZES.join(', ')}, got "${entry}"`,
      )
    }
    prices[size] = price
  }
  return prices
}
