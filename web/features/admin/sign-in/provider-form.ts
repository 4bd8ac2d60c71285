import type { IdentityProvider, IdentityProviderChange, NewIdentityProvider } from './sign-in-query'
import { domainsOf, invalidDomain, lineOf, namesOf, sameList } from './text-lists'

/** The provider dialog's fields as typed (lists as comma lines). */
export interface ProviderForm {
  label: string
  issuer: string
  clientId: string
  /** Empty when editing: the stored secret stays. */
  clientSecret: string
  scopes: string
  allowedDomains: string
  groupsClaim: string
  adminGroups: string
  enabled: boolean
}

export const DEFAULT_SCOPES = 'openid email profile'

export function formOf(provider: IdentityProvider | null): ProviderForm {
  if (!provider) {
    return {
      label: '',
      issuer: '',
      clientId: '',
      clientSecret: '',
      scopes: DEFAULT_SCOPES,
      allowedDomains: '',
      groupsClaim: '',
      adminGroups: '',
      enabled: true,
    }
  }
  return {
    label: provider.label,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: '',
    scopes: provider.scopes,
    allowedDomains: lineOf(provider.allowedDomains),
    groupsClaim: provider.groupsClaim ?? '',
    adminGroups: lineOf(provider.adminGroups),
    enabled: provider.enabled,
  }
}

export type ProviderProblem = 'required' | 'invalidUrl' | 'invalidDomain'
export type ProviderProblems = Partial<Record<keyof ProviderForm, ProviderProblem>> & {
  /** The entry of allowedDomains that is not a domain. */
  domain?: string
}

/** An issuer is an http(s) URL (https in production; http for a provider on the same machine in tests). */
export function isIssuerUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

/** What keeps the form from being sent. A new provider needs its secret; an edited one keeps the stored one. */
export function problemsOf(form: ProviderForm, isNew: boolean): ProviderProblems {
  const problems: ProviderProblems = {}
  if (!form.label.trim()) problems.label = 'required'
  if (!form.issuer.trim()) problems.issuer = 'required'
  else if (!isIssuerUrl(form.issuer)) problems.issuer = 'invalidUrl'
  if (!form.clientId.trim()) problems.clientId = 'required'
  if (isNew && !form.clientSecret) problems.clientSecret = 'required'
  const domain = invalidDomain(domainsOf(form.allowedDomains))
  if (domain) {
    problems.allowedDomains = 'invalidDomain'
    problems.domain = domain
  }
  return problems
}

/** Normalised values, shared by a new provider's body and an edit's changes. */
function valuesOf(form: ProviderForm) {
  return {
    label: form.label.trim(),
    issuer: form.issuer.trim(),
    clientId: form.clientId.trim(),
    scopes: form.scopes.trim().split(/\s+/).filter(Boolean).join(' ') || DEFAULT_SCOPES,
    allowedDomains: domainsOf(form.allowedDomains),
    groupsClaim: form.groupsClaim.trim() || null,
    adminGroups: namesOf(form.adminGroups),
    enabled: form.enabled,
  }
}

export function newProviderOf(form: ProviderForm): NewIdentityProvider {
  return { ...valuesOf(form), clientSecret: form.clientSecret }
}

/** Only what differs from the saved provider; the secret only when one was typed. */
export function changesOf(provider: IdentityProvider, form: ProviderForm): IdentityProviderChange {
  const values = valuesOf(form)
  const change: IdentityProviderChange = {}
  if (values.label !== provider.label) change.label = values.label
  if (values.issuer !== provider.issuer) change.issuer = values.issuer
  if (values.clientId !== provider.clientId) change.clientId = values.clientId
  if (values.scopes !== provider.scopes) change.scopes = values.scopes
  if (!sameList(values.allowedDomains, provider.allowedDomains)) change.allowedDomains = values.allowedDomains
  if (values.groupsClaim !== provider.groupsClaim) change.groupsClaim = values.groupsClaim
  if (!sameList(values.adminGroups, provider.adminGroups)) change.adminGroups = values.adminGroups
  if (values.enabled !== provider.enabled) change.enabled = values.enabled
  if (form.clientSecret) change.clientSecret = form.clientSecret
  return change
}
