import { describe, expect, test } from 'bun:test'
import { openSecret, sealSecret } from './secret-box'

const secret = 'a'.repeat(40)

describe('the secret box', () => {
  test('seals to a versioned text that opens with the same APP_SECRET only', () => {
    const sealed = sealSecret(secret, 'client-secret-123')
    expect(sealed).toStartWith('v1.')
    expect(sealed).not.toContain('client-secret-123')
    expect(sealSecret(secret, 'client-secret-123')).not.toBe(sealed)
    expect(openSecret(secret, sealed)).toBe('client-secret-123')
    expect(openSecret('b'.repeat(40), sealed)).toBeNull()
  })

  test('altered or foreign values do not open', () => {
    const sealed = sealSecret(secret, 'token')
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`
    expect(openSecret(secret, flipped)).toBeNull()
    expect(openSecret(secret, 'v2.abc')).toBeNull()
    expect(openSecret(secret, 'plain')).toBeNull()
    expect(openSecret(secret, null)).toBeNull()
  })
})
