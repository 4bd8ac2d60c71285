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
