import { queryOptions, useQuery } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import { formatDate, formatRelative, formatTime } from '../../i18n/format'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { Alert } from '../../ui/alert'
import { reasonLabel } from './banner-figures'
import '../../i18n/areas/account'

/** The accesses to the signed-in account (GET /api/account/access-log). */
export const accessLogQuery = queryOptions({
  queryKey: ['account', 'access-log'],
  queryFn: async () => {
    const { data, error } = await api.account['access-log'].get()
    if (error) throw apiFailure(error, translate('account.access.loadFailed'))
    return data.data.items
  },
})

/**
 * Account Settings › Account access: every time an administrator opened this account (who, when,
 * how long, reason, case number). No access is hidden from the person it concerns (issue 11).
 */
export function AccessLogTab() {
  const t = useT()
  const log = useQuery(accessLogQuery)
  return (
    <div className="flex flex-col gap-4 pt-4" data-testid="access-log">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('account.access.intro')}</p>
      {log.isError ? <Alert tone="error">{log.error.message}</Alert> : null}
      {log.isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : null}
      {log.data?.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('account.access.empty')}</p>
      ) : null}
      {log.data?.length ? (
        <ul className="flex flex-col gap-2">
          {log.data.map((entry) => (
            <li
              key={entry.id}
              data-testid="access-entry"
              className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
            >
              <div className="flex items-center gap-2 font-semibold">
                <ShieldAlert className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
                {entry.admin.name?.trim() ? `${entry.admin.name} (${entry.admin.email})` : entry.admin.email}
              </div>
              <p className="mt-1 text-zinc-700 dark:text-zinc-300">
                {t('account.access.started', {
                  when: `${formatDate(entry.startedAt)} ${formatTime(entry.startedAt)}`,
                })}{' '}
                · {t('account.access.duration', { count: entry.durationMinutes })}
              </p>
              <p className="text-zinc-700 dark:text-zinc-300">
                {t('account.access.reason', { reason: reasonLabel(entry.reasonCode) })} ·{' '}
                {t('account.access.case', { caseNumber: entry.caseNumber })}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {entry.endedAt
                  ? t('account.access.ended', { when: formatRelative(entry.endedAt) })
                  : t('account.access.active', { time: formatTime(entry.expiresAt) })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
