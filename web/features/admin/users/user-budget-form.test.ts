import { describe, expect, test } from 'bun:test'
import { hasOverride, userChangesOf, userFormOf, userProblemsOf } from './user-budget-form'
import type { UserBudget } from './user-budget-query'

const budget: UserBudget = {
  userId: '00000000-0000-4000-8000-000000000001',
  override: { dailyLimit: 2.5, monthlyLimit: null, alertThreshold: null, enforce: null },
  effective: {
    dailyLimit: 2.5,
    monthlyLimit: 100,
    alertThreshold: 80,
    enforce: false,
    timeZone: 'UTC',
    sources: {
      dailyLimit: 'user',
      monthlyLimit: 'organisation',
      alertThreshold: 'environment',
      enforce: 'environment',
      timeZone: 'environment',
    },
  },
  status: {
    dailyUsed: 1,
    dailyLimit: 2.5,
    monthlyUsed: 3,
    monthlyLimit: 100,
    alertThreshold: 80,
    enforceLimit: false,
  },
}

describe('user budget form', () => {
  test('starts from the values that apply to the user', () => {
    expect(userFormOf(budget)).toEqual({
      dailyLimit: '2.50',
      monthlyLimit: '100',
      alertThreshold: '80',
      enforce: false,
    })
  })

  test('sends only what changed; an emptied limit is the user’s own "no limit" (0)', () => {
    const form = userFormOf(budget)
    expect(userChangesOf(budget, form)).toEqual({})
    expect(userChangesOf(budget, { ...form, dailyLimit: '2,5' })).toEqual({})
    expect(userChangesOf(budget, { ...form, monthlyLimit: '' })).toEqual({ monthlyLimit: 0 })
    expect(userChangesOf(budget, { ...form, alertThreshold: '90', enforce: true })).toEqual({
      alertThreshold: 90,
      enforce: true,
    })
  })

  test('names what cannot be sent', () => {
    expect(userProblemsOf({ ...userFormOf(budget), dailyLimit: 'ten', alertThreshold: '0' })).toEqual({
      dailyLimit: 'invalidAmount',
      alertThreshold: 'invalidPercent',
    })
  })

  test('knows whether the user has values of their own', () => {
    expect(hasOverride(budget)).toBe(true)
    const none = {
      ...budget,
      effective: {
        ...budget.effective,
        sources: { ...budget.effective.sources, dailyLimit: 'organisation' as const },
      },
    }
    expect(hasOverride(none)).toBe(false)
  })
})
