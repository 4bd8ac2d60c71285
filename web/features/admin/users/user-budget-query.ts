import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminUsers'

/** A user's budget override, the values that apply to them (with where each comes from) and their spend. */
export function userBudgetQuery(id: string) {
  return queryOptions({
    // Under ['admin', 'users']: the user actions' invalidation refreshes it too.
    queryKey: ['admin', 'users', 'budget', id],
    queryFn: async () => {
      const { data, error } = await api.admin.budgets.users({ id }).get()
      if (error) throw apiFailure(error, t('adminUsers.budget.loadFailed'))
      return data.data
    },
  })
}

export type UserBudget = Awaited<ReturnType<NonNullable<ReturnType<typeof userBudgetQuery>['queryFn']>>>
export type UserBudgetChange = NonNullable<Parameters<ReturnType<typeof api.admin.budgets.users>['put']>[0]>

/** Sets the given fields of the user's override (null = back to the organisation's value). */
export async function saveUserBudget(id: string, change: UserBudgetChange): Promise<UserBudget> {
  const { data, error } = await api.admin.budgets.users({ id }).put(change)
  if (error) throw apiFailure(error, t('adminUsers.budget.saveFailed'))
  return data.data
}

/** Removes the user's override: the organisation's values apply again. */
export async function clearUserBudget(id: string): Promise<UserBudget> {
  const { data, error } = await api.admin.budgets.users({ id }).delete()
  if (error) throw apiFailure(error, t('adminUsers.budget.saveFailed'))
  return data.data
}
