/**
 * Money is integer micro-dollars everywhere it is stored or summed; dollars exist only at the edges
 * (config, API responses). No server imports: the web client may reuse these.
 * docs/decisions/102-exact-money-and-constraints.md
 */

/** An integer number of micro-dollars ($0.000001). */
export type Micros = number

export const MICROS_PER_DOLLAR = 1_000_000

/**
 * Dollars as a JSON number, for API responses. One division of an exact integer gives the double
 * nearest the decimal, so 1000 micros reads 0.001, never 0.0010000000000000002.
 */
export function microsToDollars(micros: Micros): number {
  return micros / MICROS_PER_DOLLAR
}

/** Dollars already parsed as a number (budget limits), to the nearest micro-dollar. */
export function dollarsToMicros(dollars: number): Micros {
  return Math.round(dollars * MICROS_PER_DOLLAR)
}

/**
 * A decimal dollar amount as written ("0.15", "2.5", "10") to micro-dollars, digit by digit so no
 * binary fraction is involved. Null when it is not a plain non-negative decimal with at most six
 * decimal places (a finer price cannot be stored exactly, and is refused rather than rounded).
 */
export function parseDollars(text: string): Micros | null {
  const match = /^(\d*)(?:\.(\d{0,6}))?$/.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return null
  const micros = Number(match[1] || '0') * MICROS_PER_DOLLAR + Number((match[2] ?? '').padEnd(6, '0'))
  return Number.isSafeInteger(micros) ? micros : null
}

export interface PricePerMillion {
  /** Micro-dollars per million prompt tokens. */
  inputMicrosPerMillion: Micros
  /** Micro-dollars per million completion tokens. */
  outputMicrosPerMillion: Micros
}

/**
 * The cost of a call in micro-dollars. tokens × micro-dollars per million is an exact count of
 * millionths of a micro-dollar, computed in BigInt so no product can lose digits; it is then
 * rounded to a whole micro-dollar once: to the nearest (half up) for a recorded cost, up for a
 * reservation, which must stay a worst case.
 */
export function costMicros(
  tokens: { promptTokens: number; completionTokens: number },
  price: PricePerMillion,
  rounding: 'nearest' | 'up' = 'nearest',
): Micros {
  const exact =
    BigInt(Math.max(0, Math.trunc(tokens.promptTokens))) * BigInt(price.inputMicrosPerMillion) +
    BigInt(Math.max(0, Math.trunc(tokens.completionTokens))) * BigInt(price.outputMicrosPerMillion)
  const million = BigInt(MICROS_PER_DOLLAR)
  const whole = exact / million
  const rest = exact % million
  const up = rounding === 'up' ? rest > 0n : rest * 2n >= million
  return Number(up ? whole + 1n : whole)
}
