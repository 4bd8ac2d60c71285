import { useQuery } from '@tanstack/react-query'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { LoadingScreen } from '../../../ui/loading-screen'
import { isRefusal } from '../refusal-boundary'
import { orgBudgetQuery } from './budget-query'
import { BudgetsForm } from './budgets-form'
import '../../../i18n/areas/admin'

/** Admin → Budgets: the organisation's defaults, each with where it comes from. */
export function BudgetsSection() {
  const t = useT()
  const budget = useQuery({ ...orgBudgetQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  return (
    <div className="mt-2 max-w-xl">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('admin.budgets.intro')}</p>
      {budget.isPending ? (
        <LoadingScreen />
      ) : budget.isError ? (
        <div className="mt-6">
          <Alert tone="error">{budget.error.message}</Alert>
        </div>
      ) : (
        <BudgetsForm budget={budget.data} />
      )}
    </div>
  )
}
