import { describe, expect, test } from 'bun:test'
import { costMicros, dollarsToMicros, microsToDollars, parseDollars } from './money'

const price = (input: string, output: string) => ({
  inputMicrosPerMillion: parseDollars(input)!,
  outputMicrosPerMillion: parseDollars(output)!,
})

describe('parseDollars', () => {
  test('reads decimal dollars digit by digit into micro-dollars', () => {
    expect(parseDollars('0.15')).toBe(150_000)
    expect(parseDollars('2.5')).toBe(2_500_000)
    expect(parseDollars('10')).toBe(10_000_000)
    expect(parseDollars('.6')).toBe(600_000)
    expect(parseDollars('0.000001')).toBe(1)
    expect(parseDollars('0.1')! + parseDollars('0.2')!).toBe(parseDollars('0.3')!)
  })

  test('refuses what it cannot store exactly', () => {
    for (const bad of ['', '.', '-1', '1e3', 'abc', '0.0000001', '1.2.3'])
      expect(parseDollars(bad)).toBeNull()
  })
})

describe('costMicros', () => {
  test('prices are per million tokens', () => {
    expect(costMicros({ promptTokens: 1_000_000, completionTokens: 0 }, price('0.15', '0.6'))).toBe(150_000)
    expect(costMicros({ promptTokens: 1000, completionTokens: 2000 }, price('2.5', '10'))).toBe(22_500)
    expect(costMicros({ promptTokens: 500, completionTokens: 500 }, price('0', '0'))).toBe(0)
  })

  test('rounds once, to the nearest micro-dollar for a cost and up for a reservation', () => {
    // 3 tokens at $0.15 per million = 0.45 micro-dollars.
    expect(costMicros({ promptTokens: 3, completionTokens: 0 }, price('0.15', '0'))).toBe(0)
    expect(costMicros({ promptTokens: 3, completionTokens: 0 }, price('0.15', '0'), 'up')).toBe(1)
    expect(costMicros({ promptTokens: 10, completionTokens: 0 }, price('0.15', '0'))).toBe(2)
    expect(costMicros({ promptTokens: 2, completionTokens: 0 }, price('0.25', '0'))).toBe(1)
  })

  test('huge token counts at high prices stay exact', () => {
    expect(costMicros({ promptTokens: 2_000_000_000, completionTokens: 0 }, price('1000', '0'))).toBe(
      2_000_000 * 1_000_000,
    )
  })
})

describe('dollars at the edges', () => {
  test('micro-dollars read back as the nearest double to the decimal', () => {
    expect(microsToDollars(1000)).toBe(0.001)
    expect(microsToDollars(1_750_000)).toBe(1.75)
    expect(dollarsToMicros(0.1 + 0.2)).toBe(300_000)
    expect(dollarsToMicros(10)).toBe(10_000_000)
  })
})
