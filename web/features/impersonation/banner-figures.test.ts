import { describe, expect, test } from 'bun:test'
import { countdown, isExpiringSoon, reasonLabel } from './banner-figures'

describe('the banner’s figures (spec sections 2 and 4)', () => {
  test('the reason is upper-cased with underscores as spaces', () => {
    expect(reasonLabel('customer_request')).toBe('CUSTOMER REQUEST')
    expect(reasonLabel('bug_investigation')).toBe('BUG INVESTIGATION')
  })

  test('expiring soon applies under one hour', () => {
    const now = Date.parse('2026-01-01T10:00:00Z')
    expect(isExpiringSoon('2026-01-01T11:00:00Z', now)).toBe(false)
    expect(isExpiringSoon('2026-01-01T10:59:59Z', now)).toBe(true)
  })

  test('the countdown shows h:mm:ss, m:ss under an hour, and never goes negative', () => {
    const now = Date.parse('2026-01-01T10:00:00Z')
    expect(countdown('2026-01-01T12:00:05Z', now)).toBe('2:00:05')
    expect(countdown('2026-01-01T10:05:09Z', now)).toBe('5:09')
    expect(countdown('2026-01-01T09:00:00Z', now)).toBe('0:00')
  })
})
