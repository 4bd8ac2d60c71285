import { describe, expect, test } from 'bun:test'
import { i18n } from '@lingui/core'
import type { Locale } from '../../../i18n/locales'
import { formatSmallMoney } from './average'

/* Usage's "a day on average" for a few cents over a month said "$0.00" (issue 26, point 13). */
const inLocale = <T>(locale: Locale, run: () => T): T => {
  i18n.load(locale, {})
  i18n.activate(locale)
  return run()
}

describe('formatSmallMoney', () => {
  test('a fraction of a cent keeps the decimals it needs; nothing spent is $0.00', () => {
    inLocale('en', () => {
      expect(formatSmallMoney(0.08 / 30)).toBe('$0.0027')
      expect(formatSmallMoney(0.004)).toBe('$0.004')
      expect(formatSmallMoney(0.00001)).toBe('<$0.0001')
      expect(formatSmallMoney(0)).toBe('$0.00')
      expect(formatSmallMoney(0.01)).toBe('$0.01')
      expect(formatSmallMoney(12.345)).toBe('$12.35')
    })
  })

  test('in the language’s notation', () => {
    expect(inLocale('fr', () => formatSmallMoney(0.08 / 30)).replace(/\s/g, ' ')).toBe('0,0027 $US')
  })
})
