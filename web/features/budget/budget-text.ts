import type { BudgetBanner, BudgetStatus } from '../../../src/budget/budget-state'
import { formatMoney } from '../../i18n/format'
import { currentLocale, t } from '../../i18n/i18n'
import '../../i18n/areas/shell'

// The usage percent has one decimal (85.5 %); format.ts's formatPercent rounds to whole numbers.
const percentFormats = new Map<string, Intl.NumberFormat>()
function formatUsedPercent(percent: number): string {
  const locale = currentLocale()
  let format = percentFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
    percentFormats.set(locale, format)
  }
  return format.format(percent / 100)
}

/**
 * The banner's words, in the active language: what was used, and (when enforced and exceeded)
 * until when AI requests are blocked. Each fact once: the server's refusal sentence also says
 * 'budget exceeded', so the banner keeps only its second half beside its own headline.
 */
export function budgetBannerText(
  banner: BudgetBanner,
  status: BudgetStatus,
): { headline: string; blocked: string | null } | null {
  if (banner.state === 'hidden' || !banner.period) return null
  const daily = banner.period === 'daily'
  const used = formatMoney(daily ? status.dailyUsed : status.monthlyUsed)
  const limit = formatMoney(daily ? status.dailyLimit : status.monthlyLimit)
  if (banner.state === 'warning') {
    const percent = formatUsedPercent((daily ? banner.dailyPercent : banner.monthlyPercent) ?? 0)
    return {
      headline: daily
        ? t('shell.budget.warning.daily', { percent, used, limit })
        : t('shell.budget.warning.monthly', { percent, used, limit }),
      blocked: null,
    }
  }
  return {
    headline: daily
      ? t('shell.budget.exceeded.daily', { used, limit })
      : t('shell.budget.exceeded.monthly', { used, limit }),
    blocked: banner.blockedMessage
      ? daily
        ? t('shell.budget.blocked.daily')
        : t('shell.budget.blocked.monthly')
      : null,
  }
}
