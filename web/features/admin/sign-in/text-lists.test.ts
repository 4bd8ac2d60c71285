import { expect, test } from 'bun:test'
import { domainsOf, invalidDomain, lineOf, namesOf, sameList } from './text-lists'

test('a comma line becomes a list: trimmed, without empties or repeats', () => {
  expect(namesOf(' Staff ,, Admins,Staff ')).toEqual(['Staff', 'Admins'])
  expect(namesOf('')).toEqual([])
})

test('domains: lower-cased, a leading @ dropped, commas or spaces between them', () => {
  expect(domainsOf('Example.COM, @example.org  sub.example.net')).toEqual([
    'example.com',
    'example.org',
    'sub.example.net',
  ])
})

test('what is not a domain name is named', () => {
  expect(invalidDomain(['example.com', 'xn--bcher-kva.example'])).toBeNull()
  expect(invalidDomain(['example.com', 'localhost'])).toBe('localhost')
  expect(invalidDomain(['https://example.com'])).toBe('https://example.com')
  expect(invalidDomain(['a@b.com'])).toBe('a@b.com')
})

test('a list shows as the line it came from, and compares by order', () => {
  expect(lineOf(['a.com', 'b.com'])).toBe('a.com, b.com')
  expect(sameList(['a', 'b'], ['a', 'b'])).toBe(true)
  expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false)
})
