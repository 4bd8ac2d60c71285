import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { useDemo } from './demo-query'
import '../../i18n/areas/demo'

/** 'Demo' beside the product name, on the demo instance only. */
export function DemoBadge({ className }: { className?: string }) {
  const t = useT()
  if (!useDemo()) return null
  return (
    <span
      data-testid="demo-badge"
      title={t('demo.badgeHint')}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
        className,
      )}
    >
      {t('demo.badge')}
    </span>
  )
}
