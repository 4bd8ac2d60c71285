import type { NewKeyFields } from './api-keys-query'

export const SCOPES = ['chat', 'embeddings', 'models'] as const
export type Scope = (typeof SCOPES)[number]

export interface KeyFormValues {
  name: string
  scopes: Scope[]
  /** `yyyy-mm-dd` from the date field, or ''. */
  expiry: string
  /** Dollars as typed, or ''. */
  limit: string
}

/** What is wrong with a field, as the message that says so. */
type ProblemId =
  | 'apiKeys.create.nameRequired'
  | 'apiKeys.create.scopesRequired'
  | 'apiKeys.create.expiryPast'
  | 'apiKeys.create.limitInvalid'
export type KeyFormProblems = Partial<Record<'name' | 'scopes' | 'expiry' | 'limit', ProblemId>>

export const emptyKeyForm = (): KeyFormValues => ({
  name: '',
  scopes: ['chat', 'models'],
  expiry: '',
  limit: '',
})

/** Dollars with at most six decimals, as the server takes them (a comma accepted for the decimal point). */
const DOLLARS = /^\d{1,10}(?:[.,]\d{1,6})?$/

/**
 * The request for a filled form, or what is wrong with it. The expiry is a day in the person's own
 * time zone: the key stops at that day's local midnight, sent as an instant.
 */
export function readKeyForm(
  values: KeyFormValues,
  today: Date = new Date(),
): { body: NewKeyFields; problems: null } | { body: null; problems: KeyFormProblems } {
  const problems: KeyFormProblems = {}
  const name = values.name.trim()
  if (!name) problems.name = 'apiKeys.create.nameRequired'
  if (values.scopes.length === 0) problems.scopes = 'apiKeys.create.scopesRequired'
  let expiresAt: string | null = null
  if (values.expiry) {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.expiry)
    const at = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : null
    if (!at || Number.isNaN(at.getTime()) || at.getTime() <= today.getTime())
      problems.expiry = 'apiKeys.create.expiryPast'
    else expiresAt = at.toISOString()
  }
  let monthlyLimit: number | null = null
  const limit = values.limit.trim()
  if (limit) {
    if (!DOLLARS.test(limit)) problems.limit = 'apiKeys.create.limitInvalid'
    else monthlyLimit = Number(limit.replace(',', '.'))
  }
  if (Object.keys(problems).length > 0) return { body: null, problems }
  // Keeps the scopes in their usual order, whatever order they were ticked in.
  const scopes = SCOPES.filter((scope) => values.scopes.includes(scope))
  return { body: { name, scopes, expiresAt, monthlyLimit }, problems: null }
}
