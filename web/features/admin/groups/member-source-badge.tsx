import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import '../../../i18n/areas/adminGroups'

const LABELS = {
  manual: 'adminGroups.members.source.manual',
  provider: 'adminGroups.members.source.provider',
  scim: 'adminGroups.members.source.scim',
} as const

/** How someone joined: by hand (highlighted: the only kind an administrator fully controls), provider or SCIM. */
export function MemberSourceBadge({ source }: { source: string }) {
  const t = useT()
  return (
    <span
      data-source={source}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium',
        source === 'manual'
          ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {t(LABELS[source as keyof typeof LABELS] ?? LABELS.manual)}
    </span>
  )
}
