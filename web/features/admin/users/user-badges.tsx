import { ShieldCheck } from 'lucide-react'
import { useT } from '../../../i18n/i18n'
import '../../../i18n/areas/adminUsers'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium'

export function RoleBadge({ role }: { role: string }) {
  const t = useT()
  if (role !== 'admin')
    return (
      <span className={`${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>
        {t('adminUsers.role.user')}
      </span>
    )
  return (
    <span className={`${badge} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200`}>
      <ShieldCheck className="size-3" aria-hidden />
      {t('adminUsers.role.admin')}
    </span>
  )
}

export function BannedBadge() {
  const t = useT()
  return (
    <span
      className={`${badge} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}
      data-testid="banned-badge"
    >
      {t('adminUsers.status.banned')}
    </span>
  )
}
