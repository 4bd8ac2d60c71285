import { expect, test } from 'bun:test'
import { emptyKeyForm, readKeyForm } from './key-form'

const today = new Date(2026, 10, 29, 9, 30)

test('a name and a scope make a key with no expiry and no limit', () => {
  expect(readKeyForm({ ...emptyKeyForm(), name: '  Notebook ' }, today)).toEqual({
    body: { name: 'Notebook', scopes: ['chat', 'models'], expiresAt: null, monthlyLimit: null },
    problems: null,
  })
})

test('scopes are sent in their usual order', () => {
  const read = readKeyForm({ ...emptyKeyForm(), name: 'n', scopes: ['models', 'embeddings'] }, today)
  expect(read.body?.scopes).toEqual(['embeddings', 'models'])
})

test('no name and no scope are both named', () => {
  expect(readKeyForm({ name: ' ', scopes: [], expiry: '', limit: '' }, today).problems).toEqual({
    name: 'apiKeys.create.nameRequired',
    scopes: 'apiKeys.create.scopesRequired',
  })
})

test('the expiry is the chosen day’s local midnight, and must be after today', () => {
  const read = readKeyForm({ ...emptyKeyForm(), name: 'n', expiry: '2026-12-31' }, today)
  expect(read.body?.expiresAt).toBe(new Date(2026, 11, 31).toISOString())
  expect(readKeyForm({ ...emptyKeyForm(), name: 'n', expiry: '2026-11-29' }, today).problems).toEqual({
    expiry: 'apiKeys.create.expiryPast',
  })
  expect(readKeyForm({ ...emptyKeyForm(), name: 'n', expiry: 'soon' }, today).problems?.expiry).toBe(
    'apiKeys.create.expiryPast',
  )
})

test('the limit is dollars, with a point or a comma; anything else is named', () => {
  expect(readKeyForm({ ...emptyKeyForm(), name: 'n', limit: '12.50' }, today).body?.monthlyLimit).toBe(12.5)
  expect(readKeyForm({ ...emptyKeyForm(), name: 'n', limit: '0,25' }, today).body?.monthlyLimit).toBe(0.25)
  expect(readKeyForm({ ...emptyKeyForm(), name: 'n', limit: '0' }, today).body?.monthlyLimit).toBe(0)
  for (const limit of ['-1', '1e3', '$5', '1.1234567'])
    expect(readKeyForm({ ...emptyKeyForm(), name: 'n', limit }, today).problems?.limit).toBe(
      'apiKeys.create.limitInvalid',
    )
})
