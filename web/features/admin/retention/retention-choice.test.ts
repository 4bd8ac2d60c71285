import { expect, test } from 'bun:test'
import { choiceOf, daysOf, deletesSooner } from './retention-choice'

test('a policy reads back as the choice that shows it', () => {
  expect(choiceOf(null)).toEqual({ kind: 'never' })
  expect(choiceOf(90)).toEqual({ kind: 'preset', days: 90 })
  expect(choiceOf(45)).toEqual({ kind: 'custom', text: '45' })
  for (const days of [null, 30, 365, 45, 36_500]) expect(daysOf(choiceOf(days))).toBe(days)
})

test('a typed number of days counts only when it is a whole number in range', () => {
  expect(daysOf({ kind: 'custom', text: ' 12 ' })).toBe(12)
  for (const text of ['', '0', '-3', '1.5', '1e3', '36501', 'ninety'])
    expect(daysOf({ kind: 'custom', text })).toBeUndefined()
})

test('saving asks first only when the new policy deletes something the old one kept', () => {
  expect(deletesSooner(null, 90)).toBe(true)
  expect(deletesSooner(90, 30)).toBe(true)
  expect(deletesSooner(30, 90)).toBe(false)
  expect(deletesSooner(90, null)).toBe(false)
  expect(deletesSooner(null, null)).toBe(false)
  expect(deletesSooner(90, 90)).toBe(false)
})
