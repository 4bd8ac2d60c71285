import { expect, test } from 'bun:test'
import { providerStartUrl, signInErrorOf, withoutSignInError } from './sign-in-links'

test("a provider's button starts its flow, coming back to the page the person was on, in their language", () => {
  expect(providerStartUrl('abc', { pathname: '/c/123', search: '?signInError=state&x=1' }, 'fr')).toBe(
    '/api/auth/oidc/abc/start?returnTo=%2Fc%2F123%3Fx%3D1&lang=fr',
  )
})

test('from /login the person comes back to the start of the app', () => {
  expect(providerStartUrl('env', { pathname: '/login', search: '?signInError=denied' }, 'en')).toBe(
    '/api/auth/oidc/env/start?returnTo=%2F&lang=en',
  )
})

test('every code of the contract has its message; an unknown one a general one; none, none', () => {
  const codes = [
    'state',
    'denied',
    'invalid',
    'unavailable',
    'unverified',
    'domain',
    'closed',
    'suspended',
    'email',
  ]
  for (const code of codes)
    expect(signInErrorOf(`?signInError=${code}`)).toBe(`auth.signInError.${code}` as never)
  expect(signInErrorOf('?signInError=toString')).toBe('auth.signInError.other')
  expect(signInErrorOf('?signInError=')).toBe('auth.signInError.other')
  expect(signInErrorOf('?other=1')).toBeNull()
})

test('the message is dropped from the address once read', () => {
  expect(withoutSignInError('http://x.test/login?signInError=state')).toBe('/login')
  expect(withoutSignInError('http://x.test/c/1?a=1&signInError=state#m')).toBe('/c/1?a=1#m')
})
