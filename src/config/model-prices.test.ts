import { describe, expect, test } from 'bun:test'
import { readImagePrices, readModelPrices } from './model-prices'

describe('MODEL_PRICES', () => {
  test('reads dollars per million tokens exactly into micro-dollars', () => {
    expect(readModelPrices({ MODEL_PRICES: 'gpt-4o-mini=0.15/0.6, gpt-4o=2.5/10,tiny=0.000001/.5' })).toEqual(
      {
        'gpt-4o-mini': { inputMicrosPerMillion: 150_000, outputMicrosPerMillion: 600_000 },
        'gpt-4o': { inputMicrosPerMillion: 2_500_000, outputMicrosPerMillion: 10_000_000 },
        tiny: { inputMicrosPerMillion: 1, outputMicrosPerMillion: 500_000 },
      },
    )
    expect(readModelPrices({})).toEqual({})
  })

  test('refuses a price finer than a micro-dollar, or not a plain decimal, naming the variable', () => {
    for (const bad of ['m=0.0000001/1', 'm=1/-2', 'm=1e3/1', 'm=1', 'm=/1']) {
      expect(() => readModelPrices({ MODEL_PRICES: bad })).toThrow('MODEL_PRICES')
    }
  })
})

describe('IMAGE_PRICES', () => {
  test('defaults to DALL·E 3 standard prices; listed sizes override, exactly in micro-dollars', () => {
    expect(readImagePrices({})).toEqual({ '1024x1024': 40_000, '1024x1792': 80_000, '1792x1024': 80_000 })
    expect(readImagePrices({ IMAGE_PRICES: '1024x1024=0.011, 1792x1024=0' })).toEqual({
      '1024x1024': 11_000,
      '1024x1792': 80_000,
      '1792x1024': 0,
    })
  })

  test('an unknown size or a malformed price stops the start, naming the variable', () => {
    for (const bad of ['512x512=0.02', '1024x1024=free', '1024x1024']) {
      expect(() => readImagePrices({ IMAGE_PRICES: bad })).toThrow('IMAGE_PRICES')
    }
  })
})
