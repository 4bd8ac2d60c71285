import { formatDollars } from '../../i18n/format'
import { t } from '../../i18n/i18n'
import type { Research } from './research-api'
import '../../i18n/areas/research'

/** A hundredth of a cent: the smallest cost the line shows as a figure. */
const SMALLEST_MICROS = 100

/**
 * A run's cost in the reader's language. A run usually costs a fraction of a cent, which
 * `formatMoney`'s whole cents would show as $0.00: below a dollar, up to four decimals ('$0.0123',
 * '0,0042 $' in German); a dollar and up in cents ('$1.25'); a cost under $0.0001 as '<$0.0001'.
 */
export function formatRunCost(costMicros: number): string {
  const dollars = costMicros / 1_000_000
  if (costMicros > 0 && costMicros < SMALLEST_MICROS)
    return `<${formatDollars(SMALLEST_MICROS / 1_000_000, 4)}`
  return formatDollars(dollars, dollars < 1 ? 4 : 2)
}

/**
 * The quiet line under a finished run: its tokens and cost ('12,345 tokens · $0.0123'), or null
 * while it runs and for a run that made no model call (cancelled before its first step).
 */
export function runUsageText(research: Pick<Research, 'status' | 'tokens' | 'costMicros'>): string | null {
  if (!['completed', 'failed', 'cancelled'].includes(research.status)) return null
  if (research.tokens === 0 && research.costMicros === 0) return null
  return t('research.usage', { tokens: research.tokens, cost: formatRunCost(research.costMicros) })
}
