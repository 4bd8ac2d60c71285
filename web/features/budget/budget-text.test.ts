import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { type BudgetStatus, computeBudgetBanner } from '../../../src/budget/budget-state'
import { messages as german } from '../../i18n/compiled/de'
import { i18n } from '../../i18n/i18n'
import { budgetBannerText } from './budget-text'

const status = (patch: Partial<BudgetStatus>): BudgetStatus => ({
  dailyUsed: 0,
  dailyLimit: 0.02,
  monthlyUsed: 0,
  monthlyLimit: 0,
  alertThreshold: 80,
  enforceLimit: true,
  ...patch,
})

const textOf = (value: BudgetStatus) => {
  const parts = budgetBannerText(computeBudgetBanner(value), value)
  return parts ? [parts.headline, parts.blocked].filter(Boolean).join(' ') : null
}

describe('budgetBannerText', () => {
  test('exceeded and enforced: says it is exceeded once, and until when requests are blocked', () => {
    const text = textOf(status({ dailyUsed: 0.036 }))
    expect(text).toBe('Daily AI budget exceeded: $0.04 of $0.02. AI requests are blocked until tomorrow.')
    expect(text?.match(/exceeded/g)).toHaveLength(1)
  })

  test('monthly: blocked until next month', () => {
    expect(textOf(status({ dailyLimit: 0, monthlyLimit: 10, monthlyUsed: 12 }))).toBe(
      'Monthly AI budget exceeded: $12.00 of $10.00. AI requests are blocked until next month.',
    )
  })

  test('exceeded without enforcement says nothing about blocking', () => {
    expect(textOf(status({ dailyUsed: 0.03, enforceLimit: false }))).toBe(
      'Daily AI budget exceeded: $0.03 of $0.02.',
    )
  })

  test('a warning past the threshold; hidden below it', () => {
    expect(textOf(status({ dailyUsed: 0.018 }))).toBe('90% of your daily AI budget used: $0.02 of $0.02.')
    expect(textOf(status({ dailyUsed: 0.001 }))).toBeNull()
  })

  describe('in German', () => {
    beforeEach(() => {
      i18n.load('de', german)
      i18n.activate('de')
    })
    afterEach(() => i18n.activate('en'))

    test('money and percent in German notation, blocked until tomorrow', () => {
      expect(textOf(status({ dailyUsed: 0.036 }))).toBe(
        'Tägliches KI-Budget überschritten: 0,04\u00a0$ von 0,02\u00a0$. KI-Anfragen sind bis morgen gesperrt.',
      )
      expect(textOf(status({ dailyLimit: 0, monthlyLimit: 1000, monthlyUsed: 855 }))).toBe(
        '85,5\u00a0% deines monatlichen KI-Budgets verbraucht: 855,00\u00a0$ von 1.000,00\u00a0$.',
      )
    })
  })
})
