import { expect, test } from 'bun:test'
import { parseTags } from './tags'

test('tags are split on commas, trimmed and de-duplicated', () => {
  expect(parseTags(' a, b ,, a,c ')).toEqual(['a', 'b', 'c'])
})
