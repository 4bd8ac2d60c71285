import { describe, expect, test } from 'bun:test'
import {
  type BudgetStatus,
  computeBudgetBanner,
  DAILY_BUDGET_EXCEEDED,
  exceededPeriod,
  MONTHLY_BUDGET_EXCEEDED,
  percentUsed,
  periodState,
} from './budget-state'

const base: BudgetStatus = {
  dailyUsed: 0,
  dailyLimit: 10,
  monthlyUsed: 0,
  monthlyLimit: 100,
  alertThreshold: 80,
  enforceLimit: true,
}

describe('percentUsed', () => {
  test('is the share of the limit in percent, one decimal', () => {
    expect(percentUsed(2.5, 10)).toBe(25)
    expect(percentUsed(1, 3)).toBe(33.3)
    expect(percentUsed(15, 10)).toBe(150)
  })
  test('is null when no limit is set', () => {
    expect(percentUsed(5, 0)).toBeNull()
  })
})

describe('periodState', () => {
  test.each([
    [null, 'hidden'],
    [0, 'hidden'],
    [79.9, 'hidden'],
    [80, 'warning'],
    [99.9, 'warning'],
    [100, 'exceeded'],
    [240, 'exceeded'],
  ] as const)('%p %% at threshold 80 → %p', (percent, state) => {
    expect(periodState(percent, 80)).toBe(state)
  })
})

describe('computeBudgetBanner', () => {
  test('is hidden while there is no data, and after the user dismisses it', () => {
    expect(computeBudgetBanner(undefined).state).toBe('hidden')
    expect(computeBudgetBanner(null).state).toBe('hidden')
    expect(computeBudgetBanner({ ...base, dailyUsed: 10 }, { dismissed: true }).state).toBe('hidden')
  })

  test('is hidden below the alert threshold of both limits', () => {
    const banner = computeBudgetBanner({ ...base, dailyUsed: 7.9, monthlyUsed: 79 })
    expect(banner).toMatchObject({ state: 'hidden', dailyPercent: 79, monthlyPercent: 79 })
  })

  test('warns at the threshold of the daily limit', () => {
    expect(computeBudgetBanner({ ...base, dailyUsed: 8 })).toMatchObject({
      state: 'warning',
      period: 'daily',
      blockedMessage: null,
    })
  })

  test('warns about the monthly limit when only it is near', () => {
    expect(computeBudgetBanner({ ...base, monthlyUsed: 85 })).toMatchObject({
      state: 'warning',
      period: 'monthly',
    })
  })

  test('reports the worse period: monthly exceeded beats daily warning', () => {
    const banner = computeBudgetBanner({ ...base, dailyUsed: 9, monthlyUsed: 100 })
    expect(banner).toMatchObject({
      state: 'exceeded',
      period: 'monthly',
      blockedMessage: MONTHLY_BUDGET_EXCEEDED,
    })
  })

  test('exceeded with enforcement says requests are blocked until tomorrow', () => {
    expect(computeBudgetBanner({ ...base, dailyUsed: 10 })).toMatchObject({
      state: 'exceeded',
      period: 'daily',
      blockedMessage: DAILY_BUDGET_EXCEEDED,
    })
  })

  test('exceeded without enforcement blocks nothing', () => {
    const banner = computeBudgetBanner({ ...base, dailyUsed: 12, enforceLimit: false })
    expect(banner).toMatchObject({ state: 'exceeded', blockedMessage: null })
  })

  test('limits of 0 mean no limit: never shown', () => {
    const banner = computeBudgetBanner({ ...base, dailyLimit: 0, monthlyLimit: 0, dailyUsed: 500 })
    expect(banner).toMatchObject({ state: 'hidden', dailyPercent: null, monthlyPercent: null })
  })

  test('a threshold of 50 warns at half the limit', () => {
    expect(computeBudgetBanner({ ...base, alertThreshold: 50, dailyUsed: 5 }).state).toBe('warning')
  })
})

describe('exceededPeriod', () => {
  test('refuses when spend plus reservations reaches a limit, daily first', () => {
    expect(exceededPeriod(base)).toBeNull()
    expect(exceededPeriod({ ...base, dailyUsed: 9 }, 0.5)).toBeNull()
    expect(exceededPeriod({ ...base, dailyUsed: 9 }, 1)).toBe('daily')
    expect(exceededPeriod({ ...base, dailyUsed: 10, monthlyUsed: 100 })).toBe('daily')
    expect(exceededPeriod({ ...base, monthlyUsed: 99.5 }, 0.5)).toBe('monthly')
    expect(exceededPeriod({ ...base, dailyLimit: 0, dailyUsed: 1e6 })).toBeNull()
  })
})
