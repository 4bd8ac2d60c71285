import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminSignIn'

/** Password sign-in, sign-up and the allowed e-mail domains (GET/PUT /api/admin/sign-in). */
export const signInSettingsQuery = queryOptions({
  queryKey: ['admin', 'sign-in'],
  queryFn: async () => {
    const { data, error } = await api.admin['sign-in'].get()
    if (error) throw apiFailure(error, t('adminSignIn.password.loadFailed'))
    return data.data
  },
})

export const identityProvidersQuery = queryOptions({
  queryKey: ['admin', 'identity-providers'],
  queryFn: async () => {
    const { data, error } = await api.admin['identity-providers'].get()
    if (error) throw apiFailure(error, t('adminSignIn.providers.loadFailed'))
    return data.data.providers
  },
})

export const scimTokensQuery = queryOptions({
  queryKey: ['admin', 'scim', 'tokens'],
  queryFn: async () => {
    const { data, error } = await api.admin.scim.tokens.get()
    if (error) throw apiFailure(error, t('adminSignIn.scim.loadFailed'))
    return data.data
  },
})

export type SignInSettings = Awaited<ReturnType<NonNullable<typeof signInSettingsQuery.queryFn>>>
export type SignInChange = NonNullable<Parameters<(typeof api.admin)['sign-in']['put']>[0]>
export type IdentityProvider = Awaited<ReturnType<NonNullable<typeof identityProvidersQuery.queryFn>>>[number]
export type NewIdentityProvider = NonNullable<Parameters<(typeof api.admin)['identity-providers']['post']>[0]>
export type IdentityProviderChange = NonNullable<
  Parameters<ReturnType<(typeof api.admin)['identity-providers']>['patch']>[0]
>
export type ScimTokens = Awaited<ReturnType<NonNullable<typeof scimTokensQuery.queryFn>>>
export type ScimToken = ScimTokens['tokens'][number]

export async function saveSignInSettings(change: SignInChange): Promise<SignInSettings> {
  const { data, error } = await api.admin['sign-in'].put(change)
  if (error) throw apiFailure(error, t('adminSignIn.password.saveFailed'))
  return data.data
}

export async function createIdentityProvider(body: NewIdentityProvider): Promise<IdentityProvider> {
  const { data, error } = await api.admin['identity-providers'].post(body)
  if (error) throw apiFailure(error, t('adminSignIn.providers.saveFailed'))
  return data.data.provider
}

export async function updateIdentityProvider(
  id: string,
  change: IdentityProviderChange,
): Promise<IdentityProvider> {
  const { data, error } = await api.admin['identity-providers']({ id }).patch(change)
  if (error) throw apiFailure(error, t('adminSignIn.providers.saveFailed'))
  return data.data.provider
}

export async function deleteIdentityProvider(id: string): Promise<void> {
  const { error } = await api.admin['identity-providers']({ id }).delete()
  if (error) throw apiFailure(error, t('adminSignIn.providers.deleteFailed'))
}

/** What the issuer's discovery document says, or why it could not be read ("Test"). */
export async function discoverIssuer(issuer: string) {
  const { data, error } = await api.admin['identity-providers'].discover.post({ issuer })
  if (error) throw apiFailure(error, t('adminSignIn.test.error'))
  return data.data
}
export type Discovery = Awaited<ReturnType<typeof discoverIssuer>>

export async function createScimToken(label: string) {
  const { data, error } = await api.admin.scim.token.post(label ? { label } : {})
  if (error) throw apiFailure(error, t('adminSignIn.scim.createFailed'))
  return data.data
}
export type CreatedScimToken = Awaited<ReturnType<typeof createScimToken>>

export async function revokeScimToken(id: string): Promise<void> {
  const { error } = await api.admin.scim.tokens({ id }).delete()
  if (error) throw apiFailure(error, t('adminSignIn.scim.revokeFailed'))
}

/** Replaces (or adds) one provider in the cached list, as the server answered it. */
export function putProvider(
  list: IdentityProvider[] | undefined,
  saved: IdentityProvider,
): IdentityProvider[] | undefined {
  if (!list) return list
  return list.some((item) => item.id === saved.id)
    ? list.map((item) => (item.id === saved.id ? saved : item))
    : [...list, saved]
}
