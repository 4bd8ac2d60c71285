import { describe, expect, test } from 'bun:test'
import { availabilityOf, availableCount, isBuiltIn } from './availability'

/*
 * Admin › Models must not contradict itself (issue 26, point 9): Parley's own workflow and demo
 * models are never "not offered by the provider", and the count is of the models people can use.
 */
const model = (provider: 'openai' | 'workflow' | 'demo', isActive: boolean, enabled = true) => ({
  provider,
  isActive,
  enabled,
})

describe('model availability', () => {
  test('the workflow and demo models are Parley’s, with their own reason when not in use', () => {
    expect(isBuiltIn(model('workflow', false))).toBe(true)
    expect(isBuiltIn(model('demo', false))).toBe(true)
    expect(isBuiltIn(model('openai', true))).toBe(false)
    expect(availabilityOf(model('workflow', false))).toBe('no_workflow')
    expect(availabilityOf(model('demo', false))).toBe('demo_off')
    expect(availabilityOf(model('openai', false))).toBe('not_offered')
    expect(availabilityOf(model('workflow', true))).toBe('available')
    expect(availabilityOf(model('openai', true, false))).toBe('disabled')
  })

  test('the count is of the models people can use: enabled and in use', () => {
    expect(
      availableCount([
        model('openai', true),
        model('openai', true, false),
        model('openai', false),
        model('workflow', false),
        model('demo', false),
      ]),
    ).toBe(1)
  })
})
