import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminApiKeys'

/** Both of the section's queries share ['admin', 'api'], so one invalidation refreshes them. */
const API_KEY = ['admin', 'api'] as const

/** Whether the team API is on, and for which groups (none: everyone). */
export const apiAccessQuery = queryOptions({
  queryKey: [...API_KEY, 'access'],
  queryFn: async () => {
    const { data, error } = await api.admin['api-access'].get()
    if (error) throw apiFailure(error, t('adminApiKeys.access.loadFailed'))
    return data.data
  },
})
export type ApiAccess = Awaited<ReturnType<NonNullable<typeof apiAccessQuery.queryFn>>>
export type ApiAccessChange = NonNullable<Parameters<(typeof api.admin)['api-access']['put']>[0]>

export async function saveApiAccess(change: ApiAccessChange): Promise<ApiAccess> {
  const { data, error } = await api.admin['api-access'].put(change)
  if (error) throw apiFailure(error, t('adminApiKeys.access.saveFailed'))
  return data.data
}

/** Every key of everyone (never a secret), with its owner, last use and spend this month. */
export const everyKeyQuery = queryOptions({
  queryKey: [...API_KEY, 'keys'],
  queryFn: async () => {
    const { data, error } = await api.admin.keys.get()
    if (error) throw apiFailure(error, t('adminApiKeys.keys.loadFailed'))
    return data.data.items
  },
})
export type AdminApiKey = Awaited<ReturnType<NonNullable<typeof everyKeyQuery.queryFn>>>[number]

export async function revokeAnyonesKey(id: string): Promise<void> {
  const { error } = await api.admin.keys({ id }).delete()
  if (error) throw apiFailure(error, t('adminApiKeys.keys.revokeFailed'))
}
