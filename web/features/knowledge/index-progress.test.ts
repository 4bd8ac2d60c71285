import { expect, test } from 'bun:test'
import { shownProgress } from './index-progress'

const stored = { done: 64, total: 100 }

test('a panel opened mid-way shows the count stored with the entry until it hears one', () => {
  expect(shownProgress({ index_status: 'pending', index_progress: stored }, undefined)).toEqual(stored)
  expect(shownProgress({ index_status: 'pending', index_progress: null }, undefined)).toBeNull()
})

test('the count heard live wins over the stored one', () => {
  const heard = { done: 100, total: 100 }
  expect(shownProgress({ index_status: 'pending', index_progress: stored }, heard)).toBe(heard)
  expect(shownProgress({ index_status: 'pending', index_progress: null }, heard)).toBe(heard)
})

test('an entry that is not pending shows no count', () => {
  for (const status of ['ready', 'failed'] as const) {
    expect(shownProgress({ index_status: status, index_progress: stored }, stored)).toBeNull()
  }
})
