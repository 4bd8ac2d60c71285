import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { messages as german } from '../../i18n/compiled/de'
import { messages as french } from '../../i18n/compiled/fr'
import { i18n } from '../../i18n/i18n'
import { formatRunCost, runUsageText } from './run-usage'

/*
 * The quiet line under a finished research run: its tokens and cost in the reader's language. A
 * run usually costs a fraction of a cent, so the cost keeps up to four decimals below a dollar.
 */

const run = (patch: Partial<Parameters<typeof runUsageText>[0]> = {}) => ({
  status: 'completed' as const,
  tokens: 12_345,
  costMicros: 12_300,
  ...patch,
})

describe('in English', () => {
  test('tokens with grouping, the cost to a hundredth of a cent', () => {
    expect(runUsageText(run())).toBe('12,345 tokens · $0.0123')
    expect(runUsageText(run({ tokens: 1, costMicros: 4_200 }))).toBe('1 token · $0.0042')
  })

  test('at least whole cents; cents only from a dollar up; a tiny cost is not shown as $0.00', () => {
    expect(formatRunCost(100_000)).toBe('$0.10')
    expect(formatRunCost(1_234_567)).toBe('$1.23')
    expect(formatRunCost(2_000_000_000)).toBe('$2,000.00')
    expect(formatRunCost(40)).toBe('<$0.0001')
    expect(formatRunCost(0)).toBe('$0.00')
  })

  test('shown for every finished run, not while it runs nor for a run that made no model call', () => {
    for (const status of ['completed', 'failed', 'cancelled'] as const)
      expect(runUsageText(run({ status }))).toBe('12,345 tokens · $0.0123')
    for (const status of ['queued', 'running'] as const) expect(runUsageText(run({ status }))).toBeNull()
    expect(runUsageText(run({ status: 'cancelled', tokens: 0, costMicros: 0 }))).toBeNull()
    // Free models: the tokens still count.
    expect(runUsageText(run({ costMicros: 0 }))).toBe('12,345 tokens · $0.00')
  })
})

describe('in other languages', () => {
  afterEach(() => i18n.activate('en'))

  describe('German', () => {
    beforeEach(() => {
      i18n.load('de', german)
      i18n.activate('de')
    })
    test('German grouping and currency notation', () => {
      expect(runUsageText(run())).toBe('12.345 Tokens · 0,0123\u00a0$')
      expect(formatRunCost(40)).toBe('<0,0001\u00a0$')
    })
  })

  describe('French', () => {
    beforeEach(() => {
      i18n.load('fr', french)
      i18n.activate('fr')
    })
    test('French words, spaces and currency', () => {
      expect(runUsageText(run())).toMatch(/^12\s345 jetons · 0,0123\s\$US$/)
      expect(runUsageText(run({ tokens: 1 }))).toMatch(/^1 jeton · /)
    })
  })
})
