import { describe, expect, test } from 'bun:test'
import { changesOf, formOf, isEdited, parsePrice, priceText, problemsOf } from './model-form'
import type { AdminModel } from './models-query'

const values = {
  name: 'gpt-x',
  description: 'From the provider',
  inputPrice: 1,
  outputPrice: 2,
  vision: false,
}
const model: AdminModel = {
  id: 'gpt-x',
  provider: 'openai',
  isActive: true,
  enabled: true,
  isDefault: false,
  providerValues: values,
  overrides: {
    displayName: null,
    displayDescription: null,
    inputPrice: null,
    outputPrice: null,
    vision: null,
  },
  effective: values,
}

describe('model edit form', () => {
  test('prices read with a dot or a comma; empty is the provider’s price (null); words are refused', () => {
    expect(parsePrice('0.15')).toBe(0.15)
    expect(parsePrice('0,15')).toBe(0.15)
    expect(parsePrice(' $ 3 ')).toBe(3)
    expect(parsePrice('')).toBeNull()
    expect(parsePrice('-1')).toBeUndefined()
    expect(parsePrice('cheap')).toBeUndefined()
    expect(problemsOf({ ...formOf(model), outputPrice: 'x' })).toEqual({ outputPrice: 'invalidPrice' })
  })

  test('prices are written as the language writes them, to the micro-dollar', () => {
    expect(priceText(0.000001, 'en')).toBe('0.000001')
    expect(priceText(2.5, 'de')).toBe('2,5')
    expect(priceText(null, 'en')).toBe('')
  })

  test('only changed fields are sent; an emptied field goes back to the provider’s value', () => {
    expect(changesOf(model, formOf(model))).toEqual({})
    const edited: AdminModel = {
      ...model,
      overrides: {
        displayName: 'X',
        displayDescription: null,
        inputPrice: 0.5,
        outputPrice: null,
        vision: true,
      },
    }
    expect(isEdited(edited)).toBe(true)
    expect(isEdited(model)).toBe(false)
    const form = { ...formOf(edited), name: '  ', outputPrice: '4', vision: 'provider' as const }
    expect(changesOf(edited, form)).toEqual({ displayName: null, outputPrice: 4, vision: null })
  })
})
