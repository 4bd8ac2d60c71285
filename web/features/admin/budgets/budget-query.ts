import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/admin'

export const orgBudgetQuery = queryOptions({
  queryKey: ['admin', 'budgets'],
  queryFn: async () => {
    const { data, error } = await api.admin.budgets.get()
    if (error) throw apiFailure(error, t('admin.budgets.loadFailed'))
    return data.data
  },
})

export type OrgBudget = Awaited<ReturnType<NonNullable<typeof orgBudgetQuery.queryFn>>>
export type OrgBudgetChange = NonNullable<Parameters<typeof api.admin.budgets.put>[0]>

/** Sends only the given fields (null = back to the environment's value); the new settings, or throws. */
export async function saveOrgBudget(change: OrgBudgetChange): Promise<OrgBudget> {
  const { data, error } = await api.admin.budgets.put(change)
  if (error) throw apiFailure(error, t('admin.budgets.saveFailed'))
  return data.data
}
