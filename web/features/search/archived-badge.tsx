import { Archive } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import '../../i18n/areas/search'

/** Marks a search result in an archived chat: found all the same, but not in the chat list (issue 28). */
export function ArchivedBadge() {
  const t = useT()
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-zinc-200 px-1.5 py-0.5 text-[11px] font-medium text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200"
      data-testid="archived-badge"
    >
      <Archive className="size-3" aria-hidden />
      {t('search.result.archived')}
    </span>
  )
}
