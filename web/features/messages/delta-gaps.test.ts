import { describe, expect, test } from 'bun:test'
import { createGapGuard } from './delta-gaps'

describe('delta gaps', () => {
  test('one join per gap while it is on its way; a snapshot lets the next gap ask again', () => {
    const gaps = createGapGuard()
    expect(gaps.gap('m')).toBe(true)
    expect(gaps.gap('m')).toBe(false)
    expect(gaps.gap('other')).toBe(true)
    gaps.joined('m', 'm')
    expect(gaps.gap('m')).toBe(true)
  })

  test('without a snapshot the reply waits for its outcome instead of joining on every delta', () => {
    const gaps = createGapGuard()
    expect(gaps.gap('m')).toBe(true)
    gaps.joined('m', undefined)
    expect(gaps.gap('m')).toBe(false)
    expect(gaps.gap('m')).toBe(false)
    gaps.ended('m')
    expect(gaps.gap('m')).toBe(true)
  })

  test('a reconnection lets every reply ask again', () => {
    const gaps = createGapGuard()
    gaps.gap('m')
    gaps.joined('m', undefined)
    gaps.reset()
    expect(gaps.gap('m')).toBe(true)
  })
})
