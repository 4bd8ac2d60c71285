import { describe, expect, test } from 'bun:test'
import { parseKeep } from './backup-schedule'

describe('the number of scheduled backups to keep', () => {
  test('a whole number from 1 to 90, spaces around it allowed', () => {
    expect([parseKeep('1'), parseKeep(' 7 '), parseKeep('90')]).toEqual([1, 7, 90])
  })
  test('anything else is refused', () => {
    for (const typed of ['', '0', '91', '-1', '2.5', '7a', '1e1', ' '])
      expect({ typed, keep: parseKeep(typed) }).toEqual({ typed, keep: null })
  })
})
