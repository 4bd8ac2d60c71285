import { formatDollars, formatMoney } from '../../i18n/format'

/** Below this an answer's cost reads "<$0.000001" (a record's cost is whole micro-dollars). */
const SMALLEST = 0.000001

/**
 * What one answer or one chat cost, with the digits it needs: most answers cost a fraction of a
 * cent, which cents alone would show as $0.00. From a cent up, cents and up to four decimals
 * ('$0.0123', '$2.50'); below, two significant digits ('$0.000042').
 */
export function formatAnswerCost(dollars: number): string {
  if (dollars <= 0) return formatMoney(0)
  if (dollars >= 0.01) return formatDollars(Number(dollars.toFixed(4)), 4)
  if (dollars < SMALLEST) return `<${formatDollars(SMALLEST, 6)}`
  return formatDollars(Number(dollars.toPrecision(2)), 6)
}
