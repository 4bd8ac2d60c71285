import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import '../../../i18n/areas/admin'

/** Where a value comes from: the server's environment (BUDGET_*, ORG_TIME_ZONE) or set here. */
export function SourceBadge({ source }: { source: 'organisation' | 'environment' | 'user' }) {
  const t = useT()
  const here = source !== 'environment'
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        here
          ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {here ? t('admin.budgets.source.organisation') : t('admin.budgets.source.environment')}
    </span>
  )
}
