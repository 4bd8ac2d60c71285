import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/apiKeys'

/** The person's own keys (never their secrets), each with its spend this month. */
export const apiKeysQuery = queryOptions({
  queryKey: ['account', 'api-keys'],
  queryFn: async () => {
    const { data, error } = await api.keys.get()
    if (error) throw apiFailure(error, t('apiKeys.loadFailed'))
    return data.data.items
  },
})

export type ApiKey = Awaited<ReturnType<NonNullable<typeof apiKeysQuery.queryFn>>>[number]
export type NewKeyFields = NonNullable<Parameters<typeof api.keys.post>[0]>
export type CreatedKey = ApiKey & { key: string }

/** Makes a key; the answer carries its secret, the only time the server ever sends it. */
export async function createApiKey(fields: NewKeyFields): Promise<CreatedKey> {
  const { data, error } = await api.keys.post(fields)
  if (error) throw apiFailure(error, t('apiKeys.create.failed'))
  return data.data
}

export async function revokeApiKey(id: string): Promise<void> {
  const { error } = await api.keys({ id }).delete()
  if (error) throw apiFailure(error, t('apiKeys.revokeFailed'))
}

/**
 * Codes that mean the team API is not open to this person, so the tab explains that instead of a
 * list. The server's `/v1` routes refuse such keys; these are the codes the keys' own routes use.
 */
export const API_OFF_CODES = {
  'forbidden:api_off': 'off',
  'forbidden:api_groups': 'groups',
} as const
export type ApiClosedReason = (typeof API_OFF_CODES)[keyof typeof API_OFF_CODES]

export function apiClosedReason(code: string | null): ApiClosedReason | null {
  return code && code in API_OFF_CODES ? API_OFF_CODES[code as keyof typeof API_OFF_CODES] : null
}
