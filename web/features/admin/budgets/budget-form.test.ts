import { describe, expect, test } from 'bun:test'
import { changesOf, formOf, limitText, parseLimit, parsePercent, problemsOf } from './budget-form'
import type { OrgBudget } from './budget-query'

const budget: OrgBudget = {
  dailyLimit: 5,
  monthlyLimit: null,
  alertThreshold: 80,
  enforce: false,
  timeZone: 'UTC',
  sources: {
    dailyLimit: 'environment',
    monthlyLimit: 'environment',
    alertThreshold: 'environment',
    enforce: 'environment',
    timeZone: 'environment',
  },
  settings: { dailyLimit: null, monthlyLimit: null, alertThreshold: null, enforce: null, timeZone: null },
}
const zones = ['Europe/Berlin', 'UTC']

describe('budget form', () => {
  test('limits read with a dot or a comma; empty is no limit (0); words are refused', () => {
    expect(parseLimit('12.50')).toBe(12.5)
    expect(parseLimit('12,5')).toBe(12.5)
    expect(parseLimit(' $ 7 ')).toBe(7)
    expect(parseLimit('')).toBe(0)
    expect(parseLimit('12.345')).toBe(12.345) // the server refuses it, in words
    expect(parseLimit('-3')).toBeUndefined()
    expect(parseLimit('ten')).toBeUndefined()
    expect(parseLimit('1.2.3')).toBeUndefined()
  })

  test('a limit is shown as its language writes it, without grouping', () => {
    expect(limitText(12.5, 'de')).toBe('12,50')
    expect(limitText(1234, 'en')).toBe('1234')
    expect(limitText(null, 'en')).toBe('')
    expect(limitText(0, 'en')).toBe('')
  })

  test('the threshold is a whole percent from 1 to 100', () => {
    expect(parsePercent('80')).toBe(80)
    expect(parsePercent('80 %')).toBe(80)
    for (const text of ['0', '101', '7.5', '', 'x']) expect(parsePercent(text)).toBeUndefined()
  })

  test('only the changed fields are sent', () => {
    const form = formOf(budget)
    expect(changesOf(budget, form)).toEqual({})
    expect(changesOf(budget, { ...form, dailyLimit: '25', timeZone: 'Europe/Berlin' })).toEqual({
      dailyLimit: 25,
      timeZone: 'Europe/Berlin',
    })
    // Emptying a limit sends 0 (no limit); an empty one left empty is no change.
    expect(changesOf(budget, { ...form, dailyLimit: '', monthlyLimit: '' })).toEqual({ dailyLimit: 0 })
    expect(changesOf(budget, { ...form, enforce: true, alertThreshold: '90' })).toEqual({
      enforce: true,
      alertThreshold: 90,
    })
  })

  test('each field says what is wrong with it', () => {
    const form = formOf(budget)
    expect(problemsOf(form, zones)).toEqual({})
    expect(
      problemsOf({ ...form, monthlyLimit: 'abc', alertThreshold: '0', timeZone: 'Mars/Olympus' }, zones),
    ).toEqual({
      monthlyLimit: 'invalidAmount',
      alertThreshold: 'invalidPercent',
      timeZone: 'invalidTimeZone',
    })
  })
})
