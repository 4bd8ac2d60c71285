import type { BudgetBanner, BudgetStatus } from '../../../src/budget/budget-state'

const dollars = (value: number) => `$${value.toFixed(2)}`

/**
 * The banner's words: what was used, and (when enforced and exceeded) until when AI requests are
 * blocked. Each fact once: the server's refusal sentence also says 'budget exceeded', so the
 * banner keeps only its second half beside its own headline.
 */
export function budgetBannerText(
  banner: BudgetBanner,
  status: BudgetStatus,
): { headline: string; blocked: string | null } | null {
  if (banner.state === 'hidden' || !banner.period) return null
  const daily = banner.period === 'daily'
  const used = dollars(daily ? status.dailyUsed : status.monthlyUsed)
  const limit = dollars(daily ? status.dailyLimit : status.monthlyLimit)
  if (banner.state === 'warning') {
    const percent = daily ? banner.dailyPercent : banner.monthlyPercent
    return {
      headline: `${percent}% of your ${daily ? 'daily' : 'monthly'} AI budget used: ${used} of ${limit}.`,
      blocked: null,
    }
  }
  return {
    headline: `${daily ? 'Daily' : 'Monthly'} AI budget exceeded: ${used} of ${limit}.`,
    blocked: banner.blockedMessage
      ? `AI requests are blocked until ${daily ? 'tomorrow' : 'next month'}.`
      : null,
  }
}
