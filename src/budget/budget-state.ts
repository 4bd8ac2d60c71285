/**
 * Budget arithmetic shared by the server and the web client: no server imports here.
 * Spec: the banner shows when daily or monthly spend is at or above `alertThreshold` percent of its
 * limit, reads 'exceeded' at 100 % or more, and with enforcement on says requests are blocked
 * until tomorrow (daily) or next month (monthly). A limit of 0 means "no limit".
 */

/** The shape of `GET /api/tokens/budget` data (dollars; alertThreshold in percent). */
export interface BudgetStatus {
  dailyUsed: number
  dailyLimit: number
  monthlyUsed: number
  monthlyLimit: number
  alertThreshold: number
  enforceLimit: boolean
}

export type BannerState = 'hidden' | 'warning' | 'exceeded'
export type BudgetPeriod = 'daily' | 'monthly'

export interface BudgetBanner {
  state: BannerState
  /** The period the banner talks about: the worse of the two, daily first on a tie. */
  period: BudgetPeriod | null
  /** Percent of each limit used, or null when that limit is not set. */
  dailyPercent: number | null
  monthlyPercent: number | null
  /** With enforcement on and a limit exceeded: the sentence saying until when requests are blocked. */
  blockedMessage: string | null
}

export const DAILY_BUDGET_EXCEEDED = 'Daily budget exceeded. AI requests are blocked until tomorrow.'
export const MONTHLY_BUDGET_EXCEEDED = 'Monthly budget exceeded. AI requests are blocked until next month.'

/** Percent of `limit` that `used` is, rounded to one decimal; null when there is no limit. */
export function percentUsed(used: number, limit: number): number | null {
  if (!(limit > 0)) return null
  return Math.round((used / limit) * 1000) / 10
}

export function periodState(percent: number | null, alertThreshold: number): BannerState {
  if (percent === null) return 'hidden'
  if (percent >= 100) return 'exceeded'
  if (percent >= alertThreshold) return 'warning'
  return 'hidden'
}

const rank: Record<BannerState, number> = { hidden: 0, warning: 1, exceeded: 2 }

/** What the header banner shows. `dismissed` (the user closed it) and missing data hide it. */
export function computeBudgetBanner(
  status: BudgetStatus | null | undefined,
  options: { dismissed?: boolean } = {},
): BudgetBanner {
  const hidden: BudgetBanner = {
    state: 'hidden',
    period: null,
    dailyPercent: null,
    monthlyPercent: null,
    blockedMessage: null,
  }
  if (!status) return hidden
  const dailyPercent = percentUsed(status.dailyUsed, status.dailyLimit)
  const monthlyPercent = percentUsed(status.monthlyUsed, status.monthlyLimit)
  const daily = periodState(dailyPercent, status.alertThreshold)
  const monthly = periodState(monthlyPercent, status.alertThreshold)
  const period: BudgetPeriod = rank[monthly] > rank[daily] ? 'monthly' : 'daily'
  const state = period === 'daily' ? daily : monthly
  if (options.dismissed || state === 'hidden') return { ...hidden, dailyPercent, monthlyPercent }
  return {
    state,
    period,
    dailyPercent,
    monthlyPercent,
    blockedMessage: state === 'exceeded' && status.enforceLimit ? exceededMessage(period) : null,
  }
}

export function exceededMessage(period: BudgetPeriod): string {
  return period === 'daily' ? DAILY_BUDGET_EXCEEDED : MONTHLY_BUDGET_EXCEEDED
}

/**
 * Which limit (if any) refuses a new request: spend so far plus what in-flight requests have
 * reserved is already at or over the limit. Daily is checked first. Any one unit will do; the
 * server passes integer micro-dollars so that the comparison at the limit is exact.
 */
export function exceededPeriod(
  status: Pick<BudgetStatus, 'dailyUsed' | 'dailyLimit' | 'monthlyUsed' | 'monthlyLimit'>,
  reserved = 0,
): BudgetPeriod | null {
  if (status.dailyLimit > 0 && status.dailyUsed + reserved >= status.dailyLimit) return 'daily'
  if (status.monthlyLimit > 0 && status.monthlyUsed + reserved >= status.monthlyLimit) return 'monthly'
  return null
}
