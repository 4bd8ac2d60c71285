import { ConfigError, type Env, readString } from './parse'

export interface ModelPrice {
  /** US dollars per million prompt tokens. */
  input: number
  /** US dollars per million completion tokens. */
  output: number
}

/**
 * MODEL_PRICES, e.g. `gpt-4o-mini=0.15/0.6,gpt-4o=2.5/10`: dollars per million input/output tokens
 * for each model id. Models not listed cost nothing, so the budget only counts what is priced.
 */
export function readModelPrices(env: Env, name = 'MODEL_PRICES'): Record<string, ModelPrice> {
  const raw = readString(env, name)
  const prices: Record<string, ModelPrice> = {}
  if (!raw) return prices
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(.+)=([0-9]*\.?[0-9]+)\/([0-9]*\.?[0-9]+)$/.exec(entry)
    if (!match) throw new ConfigError(name, `entries must look like model=input/output, got "${entry}"`)
    prices[match[1]!.trim()] = { input: Number(match[2]), output: Number(match[3]) }
  }
  return prices
}
