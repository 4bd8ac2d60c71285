import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { formatDate, formatRelative, formatTime } from '../../../i18n/format'
import { t as translate, useT } from '../../../i18n/i18n'
import { api, errorText } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { countdown, reasonLabel } from '../../impersonation/banner-figures'
import '../../../i18n/areas/impersonation'

/** How often the list is read again: new and ended accesses show within this time. */
const REFRESH_MS = 5000

export const impersonationsQuery = queryOptions({
  queryKey: ['admin', 'impersonations'],
  refetchInterval: REFRESH_MS,
  queryFn: async () => {
    const { data, error } = await api.admin.impersonations.get()
    if (error) throw new Error(errorText(error, translate('impersonation.monitor.loadFailed')))
    return data.data
  },
})
type Listing = NonNullable<Awaited<ReturnType<NonNullable<typeof impersonationsQuery.queryFn>>>>
type Access = Listing['active'][number]

const person = (who: { name: string | null; email: string }) => who.name?.trim() || who.email
const stamp = (date: string | Date) => `${formatDate(date)} ${formatTime(date)}`

/**
 * Admin area › Support access: the accesses running now (time left ticking, read again every few
 * seconds), which any admin can end, and the past ones with how they ended (issue 11).
 */
export function ImpersonationsSection() {
  const t = useT()
  const list = useQuery(impersonationsQuery)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <div className="flex flex-col gap-6" data-testid="impersonations-section">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('impersonation.monitor.intro')}</p>
      {list.isError ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : null}
      {list.data ? (
        <>
          <section aria-labelledby="impersonations-active">
            <h2 id="impersonations-active" className="mb-2 text-base font-semibold">
              {t('impersonation.monitor.active')}
            </h2>
            {list.data.active.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('impersonation.monitor.noneActive')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.data.active.map((access) => (
                  <ActiveRow key={access.id} access={access} now={now} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="impersonations-history">
            <h2 id="impersonations-history" className="mb-2 text-base font-semibold">
              {t('impersonation.monitor.history')}
            </h2>
            {list.data.history.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('impersonation.monitor.noHistory')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.data.history.map((access) => (
                  <li key={access.id} data-testid="impersonation-history-row" className={rowClass}>
                    <Who access={access} />
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {t('impersonation.monitor.started', { when: stamp(access.startedAt) })} ·{' '}
                      {t('impersonation.monitor.endedAt', {
                        when: formatRelative(access.endedAt ?? access.expiresAt),
                        reason: t(`impersonation.endReason.${access.endReason ?? 'expired'}`),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}

const rowClass = 'rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800'

function Who({ access }: { access: Access }) {
  const t = useT()
  return (
    <>
      <p className="font-semibold">
        {t('impersonation.monitor.who', { admin: person(access.admin), target: person(access.target) })}
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        {t('impersonation.banner.reason', { reason: reasonLabel(access.reasonCode) })} ·{' '}
        {t('impersonation.banner.case', { caseNumber: access.caseNumber })}
      </p>
    </>
  )
}

function ActiveRow({ access, now }: { access: Access; now: number }) {
  const t = useT()
  const queryClient = useQueryClient()
  const end = useMutation({
    mutationFn: async () => {
      const { error } = await api.admin.impersonations({ id: access.id }).delete()
      if (error) throw apiFailure(error, translate('impersonation.monitor.endFailed'))
    },
    onSuccess: () => toast.success(translate('impersonation.monitor.endDone')),
    onError: (error) => toast.error(error.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: impersonationsQuery.queryKey }),
  })
  const expiresAt = new Date(access.expiresAt).toISOString()
  return (
    <li data-testid="impersonation-active-row" className={`${rowClass} flex flex-wrap items-center gap-3`}>
      <div className="min-w-0 flex-1">
        <Who access={access} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('impersonation.monitor.started', { when: stamp(access.startedAt) })} ·{' '}
          {t('impersonation.banner.expires', { time: formatTime(expiresAt) })} ·{' '}
          <span className="tabular-nums">
            {t('impersonation.banner.timeLeft', { left: countdown(expiresAt, now) })}
          </span>
        </p>
      </div>
      <Button size="sm" variant="outline" busy={end.isPending} onClick={() => end.mutate()}>
        {t('impersonation.monitor.end')}
      </Button>
    </li>
  )
}
