import { queryOptions } from '@tanstack/react-query'
import type { RetentionPolicyJson } from '../../../../src/retention/model'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminRetention'

/** The policy, the last daily pass and when the next one is due. */
export const retentionQuery = queryOptions({
  queryKey: ['admin', 'retention'],
  queryFn: async () => {
    const { data, error } = await api.admin.retention.get()
    if (error) throw apiFailure(error, t('adminRetention.loadFailed'))
    return data.data
  },
})
export type RetentionState = Awaited<ReturnType<NonNullable<typeof retentionQuery.queryFn>>>
export type RetentionPolicy = RetentionPolicyJson

export async function saveRetention(policy: RetentionPolicy): Promise<RetentionState> {
  const { data, error } = await api.admin.retention.put(policy)
  if (error) throw apiFailure(error, t('adminRetention.saveFailed'))
  return data.data
}
