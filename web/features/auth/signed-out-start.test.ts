import { describe, expect, test } from 'bun:test'
import { gatedPath } from './signed-out-start'

describe('gatedPath: where a signed-out visitor gets the sign-in card before the routes load', () => {
  test('the signed-in paths, whose routes show the sign-in card to a signed-out visitor', () => {
    for (const path of ['/', '/login', '/c/0190a2b4-chat', '/admin', '/admin/users']) {
      expect({ path, gated: gatedPath(path) }).toEqual({ path, gated: true })
    }
  })

  test('public pages and unknown addresses are the routes’ own', () => {
    for (const path of [
      '/s/abc123',
      '/auth/confirm',
      '/auth/reset-password',
      '/c',
      '/c/a/b',
      '/nowhere',
      '/login/x',
    ]) {
      expect({ path, gated: gatedPath(path) }).toEqual({ path, gated: false })
    }
  })
})
