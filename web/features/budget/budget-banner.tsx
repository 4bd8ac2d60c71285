import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { type BudgetStatus, computeBudgetBanner } from '../../../src/budget/budget-state'
import { t, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { useSocket } from '../chats/socket-context'
import { budgetBannerText } from './budget-text'
import '../../i18n/areas/shell'

export const budgetQuery = {
  queryKey: ['budget'] as const,
  queryFn: async (): Promise<BudgetStatus> => {
    const { data, error } = await api.tokens.budget.get()
    if (error) throw apiFailure(error, t('shell.budget.loadFailed'))
    return data.data
  },
}

/**
 * The header's budget alert (spec section 4): hidden while loading, without data or once
 * dismissed; a warning at the alert threshold; 'exceeded' at 100 %, saying until when requests
 * are blocked when the limit is enforced. `budget:updated` after each answer keeps it current.
 */
export function BudgetBanner() {
  useT()
  const queryClient = useQueryClient()
  const socket = useSocket()
  const budget = useQuery(budgetQuery)
  const [dismissed, setDismissed] = useState(false)

  useEffect(() => {
    if (!socket) return
    const updated = (status: BudgetStatus) => queryClient.setQueryData(budgetQuery.queryKey, status)
    socket.on('budget:updated', updated)
    return () => {
      socket.off('budget:updated', updated)
    }
  }, [socket, queryClient])

  const banner = computeBudgetBanner(budget.data, { dismissed })
  const text = budget.data ? budgetBannerText(banner, budget.data) : null
  if (!text) return null
  const exceeded = banner.state === 'exceeded'

  return (
    <div
      role="status"
      data-testid="budget-banner"
      data-state={banner.state}
      className={cn(
        'flex max-w-3xl min-w-0 items-center gap-2 rounded-lg border px-2.5 py-1 text-xs sm:text-sm',
        exceeded
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
      )}
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      {/* Wraps to a second line rather than cutting the sentence off. */}
      <p className="line-clamp-2 min-w-0 leading-tight" data-testid="budget-banner-text">
        {text.headline}
        {text.blocked ? <> {text.blocked}</> : null}
      </p>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        aria-label={t('shell.budget.dismiss')}
        className="-mr-1 rounded p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-white/10"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  )
}
