import { expect, test } from 'bun:test'
import { LruCache } from './lru-cache'

test('keeps only the most recently used entries', () => {
  const cache = new LruCache<string, number>(2)
  cache.set('a', 1)
  cache.set('b', 2)
  expect(cache.get('a')).toBe(1) // 'a' is now the most recent, 'b' the oldest
  cache.set('c', 3)
  expect(cache.get('b')).toBeUndefined()
  expect(cache.get('a')).toBe(1)
  expect(cache.get('c')).toBe(3)
  expect(cache.size).toBe(2)
})

test('setting a key again replaces its value without growing', () => {
  const cache = new LruCache<string, number>(2)
  cache.set('a', 1)
  cache.set('a', 2)
  expect(cache.size).toBe(1)
  expect(cache.get('a')).toBe(2)
})
