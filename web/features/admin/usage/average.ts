import { formatDollars, formatMoney } from '../../../i18n/format'

/** The smallest amount shown as such; anything spent below it reads "<$0.0001". */
const SMALLEST = 0.0001

/**
 * A spend that may be a fraction of a cent (a few cents over 30 days), shown with the decimals it
 * needs: $0.00 only when nothing was spent. Cents from one cent up; below that, up to four decimals
 * ('$0.0027'); below a hundredth of a cent, '<$0.0001'.
 */
export function formatSmallMoney(dollars: number): string {
  if (dollars <= 0 || dollars >= 0.01) return formatMoney(dollars)
  if (dollars < SMALLEST) return `<${formatDollars(SMALLEST, 4)}`
  return formatDollars(Number(dollars.toPrecision(2)), 4)
}
