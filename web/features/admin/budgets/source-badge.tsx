import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import '../../../i18n/areas/admin'

type Source = 'organisation' | 'environment' | 'user' | 'group'

/**
 * Where a value comes from: the server's environment (BUDGET_*, ORG_TIME_ZONE) or set here. The
 * user detail names every level (user, group, organisation, environment) in its own words (`label`)
 * and highlights only the user's own.
 */
export function SourceBadge({
  source,
  label,
  highlight = source !== 'environment',
}: {
  source: Source
  label?: string
  highlight?: boolean
}) {
  const t = useT()
  return (
    <span
      data-source={source}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        highlight
          ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {label ??
        (source !== 'environment'
          ? t('admin.budgets.source.organisation')
          : t('admin.budgets.source.environment'))}
    </span>
  )
}
