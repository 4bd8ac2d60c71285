import { describe, expect, test } from 'bun:test'
import { canRevoke, type LinkLife, linkState, markRevoked, workingPublicLinks } from './link-state'

/* Admin › Sharing (issue 32): what each link is now, and how many public links "off" would stop. */
const NOW = Date.UTC(2026, 10, 29, 12)
const past = new Date(NOW - 60_000).toISOString()
const future = new Date(NOW + 86_400_000).toISOString()
const link = (change: Partial<LinkLife> = {}): LinkLife => ({
  audience: 'organization',
  expires_at: null,
  revoked_at: null,
  ...change,
})

describe('linkState', () => {
  test('a link without expiry or revocation is active; with an expiry to come too', () => {
    expect(linkState(link(), false, NOW)).toBe('active')
    expect(linkState(link({ expires_at: future }), false, NOW)).toBe('active')
    expect(linkState(link({ audience: 'public' }), true, NOW)).toBe('active')
  })

  test('expired at its expiry, to the millisecond', () => {
    expect(linkState(link({ expires_at: past }), true, NOW)).toBe('expired')
    expect(linkState(link({ expires_at: new Date(NOW).toISOString() }), true, NOW)).toBe('expired')
    expect(linkState(link({ expires_at: new Date(NOW + 1).toISOString() }), true, NOW)).toBe('active')
  })

  test('times read as Dates (as the API client gives them) or ISO strings alike', () => {
    expect(linkState(link({ expires_at: new Date(NOW - 1) }), true, NOW)).toBe('expired')
    expect(linkState(link({ expires_at: new Date(NOW + 1) }), true, NOW)).toBe('active')
    expect(linkState(link({ revoked_at: new Date(NOW - 1) }), true, NOW)).toBe('revoked')
  })

  test('revoked wins over expired and over paused', () => {
    expect(linkState(link({ revoked_at: past, expires_at: past }), true, NOW)).toBe('revoked')
    expect(linkState(link({ audience: 'public', revoked_at: past }), false, NOW)).toBe('revoked')
  })

  test('a public link is paused while public links are off; an organisation link is not', () => {
    expect(linkState(link({ audience: 'public' }), false, NOW)).toBe('paused')
    expect(linkState(link({ audience: 'organization' }), false, NOW)).toBe('active')
    // Expired stays expired: allowing public links again would not bring it back.
    expect(linkState(link({ audience: 'public', expires_at: past }), false, NOW)).toBe('expired')
  })

  test('active and paused links may be revoked; expired and revoked ones not', () => {
    expect(canRevoke('active')).toBe(true)
    expect(canRevoke('paused')).toBe(true)
    expect(canRevoke('expired')).toBe(false)
    expect(canRevoke('revoked')).toBe(false)
  })
})

describe('workingPublicLinks', () => {
  test('counts the public links that work now, whatever the switch says', () => {
    const links = [
      link({ audience: 'public' }),
      link({ audience: 'public', expires_at: future }),
      link({ audience: 'public', expires_at: past }),
      link({ audience: 'public', revoked_at: past }),
      link({ audience: 'organization' }),
    ]
    expect(workingPublicLinks(links, NOW)).toBe(2)
    expect(workingPublicLinks([], NOW)).toBe(0)
  })
})

describe('markRevoked', () => {
  test('marks only that link, and keeps an earlier revocation time', () => {
    const list = [
      { ...link(), id: 'a' },
      { ...link({ revoked_at: past }), id: 'b' },
    ]
    const at = new Date(NOW)
    expect(markRevoked(list, 'a', at)?.map((item) => item.revoked_at)).toEqual([at, past])
    expect(markRevoked(list, 'b', at)?.map((item) => item.revoked_at)).toEqual([null, past])
    expect(markRevoked(undefined, 'a', at)).toBeUndefined()
  })
})
