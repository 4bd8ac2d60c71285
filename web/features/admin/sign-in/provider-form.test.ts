import { expect, test } from 'bun:test'
import { changesOf, DEFAULT_SCOPES, formOf, isIssuerUrl, newProviderOf, problemsOf } from './provider-form'
import type { IdentityProvider } from './sign-in-query'

const saved: IdentityProvider = {
  id: '7f1c1c2e-0000-4000-8000-000000000001',
  label: 'Staff',
  issuer: 'https://login.example.com',
  clientId: 'parley',
  scopes: 'openid email profile',
  allowedDomains: ['example.com'],
  groupsClaim: 'groups',
  adminGroups: ['it-admins'],
  enabled: true,
  source: 'admin',
  createdAt: new Date('2026-11-29T07:00:00Z'),
} as IdentityProvider

test('a new provider needs a label, an issuer URL, a client id and a secret', () => {
  expect(problemsOf(formOf(null), true)).toEqual({
    label: 'required',
    issuer: 'required',
    clientId: 'required',
    clientSecret: 'required',
  })
})

test('an edited provider keeps its secret when none is typed', () => {
  const form = formOf(saved)
  expect(form.clientSecret).toBe('')
  expect(problemsOf(form, false)).toEqual({})
  expect(changesOf(saved, form)).toEqual({})
  expect(changesOf(saved, { ...form, clientSecret: 'new-secret' })).toEqual({ clientSecret: 'new-secret' })
})

test('the issuer must be an http(s) address', () => {
  expect(isIssuerUrl('https://login.example.com/realms/staff')).toBe(true)
  expect(isIssuerUrl('http://127.0.0.1:4000')).toBe(true)
  expect(isIssuerUrl('login.example.com')).toBe(false)
  expect(isIssuerUrl('javascript:alert(1)')).toBe(false)
  expect(problemsOf({ ...formOf(saved), issuer: 'ftp://x' }, false).issuer).toBe('invalidUrl')
})

test('an allowed domain that is not one is named', () => {
  const problems = problemsOf({ ...formOf(saved), allowedDomains: 'example.com, intranet' }, false)
  expect(problems.allowedDomains).toBe('invalidDomain')
  expect(problems.domain).toBe('intranet')
})

test('only what changed is sent, lists and blanks normalised', () => {
  const form = {
    ...formOf(saved),
    label: ' Staff SSO ',
    allowedDomains: 'Example.com, @example.org',
    groupsClaim: ' ',
    adminGroups: 'it-admins, ops',
    scopes: ' openid   email profile ',
  }
  expect(changesOf(saved, form)).toEqual({
    label: 'Staff SSO',
    allowedDomains: ['example.com', 'example.org'],
    groupsClaim: null,
    adminGroups: ['it-admins', 'ops'],
  })
})

test("a new provider's body: the default scopes when none are typed", () => {
  const body = newProviderOf({
    ...formOf(null),
    label: 'Okta',
    issuer: 'https://example.okta.com ',
    clientId: 'abc',
    clientSecret: 's3cret',
    scopes: '',
  })
  expect(body).toEqual({
    label: 'Okta',
    issuer: 'https://example.okta.com',
    clientId: 'abc',
    clientSecret: 's3cret',
    scopes: DEFAULT_SCOPES,
    allowedDomains: [],
    groupsClaim: null,
    adminGroups: [],
    enabled: true,
  })
})
