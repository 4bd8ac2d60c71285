import { afterEach, describe, expect, test } from 'bun:test'
import { i18n } from '@lingui/core'
import { formatAnswerCost } from './answer-cost'

afterEach(() => i18n.activate('en'))

describe('formatAnswerCost', () => {
  test('a fraction of a cent shows its first significant digits, not $0.00', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    expect(formatAnswerCost(0.00003)).toBe('$0.00003')
    expect(formatAnswerCost(0.0012345)).toBe('$0.0012')
    expect(formatAnswerCost(0.0000004)).toBe('<$0.000001')
  })

  test('from a cent up: cents and up to four decimals; nothing is $0.00', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    expect(formatAnswerCost(0)).toBe('$0.00')
    expect(formatAnswerCost(0.0123)).toBe('$0.0123')
    expect(formatAnswerCost(2.5)).toBe('$2.50')
    expect(formatAnswerCost(3.00125)).toBe('$3.0013')
  })

  test('in the language’s notation', () => {
    i18n.loadAndActivate({ locale: 'de', messages: {} })
    expect(formatAnswerCost(0.00003)).toBe('0,00003\u00a0$')
  })
})
