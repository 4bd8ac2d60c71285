import { describe, expect, test } from 'bun:test'
import { countdown, isExpiringSoon, reasonLabel } from './banner-figures'

describe('the banner’s figures (spec sections 2 and 4)', () => {
  test('the reason is upper-cased with underscores as spaces', () => {
    expect(reasonLabel('customer_request')).toBe('CUSTOMER REQUEST')
    expect(reasonLabel('bug_investigation')).toBe('BUG INVESTIGATION')
  })

  test('expiring soon applies in the last hour of a long grant (the spec’s window)', () => {
    const access = { started_at: '2026-01-01T08:00:00Z', expires_at: '2026-01-01T12:00:00Z' }
    expect(isExpiringSoon(access, Date.parse('2026-01-01T11:00:00Z'))).toBe(false)
    expect(isExpiringSoon(access, Date.parse('2026-01-01T11:00:01Z'))).toBe(true)
  })

  test('a grant of two hours or less warns in its last quarter, so it does not start red (decision 146)', () => {
    const hour = { started_at: '2026-01-01T10:00:00Z', expires_at: '2026-01-01T11:00:00Z' }
    expect(isExpiringSoon(hour, Date.parse('2026-01-01T10:00:00Z'))).toBe(false)
    expect(isExpiringSoon(hour, Date.parse('2026-01-01T10:45:00Z'))).toBe(false)
    expect(isExpiringSoon(hour, Date.parse('2026-01-01T10:45:01Z'))).toBe(true)
    const quarter = { started_at: '2026-01-01T10:00:00Z', expires_at: '2026-01-01T10:15:00Z' }
    expect(isExpiringSoon(quarter, Date.parse('2026-01-01T10:11:14Z'))).toBe(false)
    expect(isExpiringSoon(quarter, Date.parse('2026-01-01T10:11:16Z'))).toBe(true)
  })

  test('the countdown shows h:mm:ss, m:ss under an hour, and never goes negative', () => {
    const now = Date.parse('2026-01-01T10:00:00Z')
    expect(countdown('2026-01-01T12:00:05Z', now)).toBe('2:00:05')
    expect(countdown('2026-01-01T10:05:09Z', now)).toBe('5:09')
    expect(countdown('2026-01-01T09:00:00Z', now)).toBe('0:00')
  })
})
