import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, PackageOpen } from 'lucide-react'
import { useId } from 'react'
import { formatBytes, formatDate } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { Alert } from '../../ui/alert'
import { Button, buttonClass } from '../../ui/button'
import { LockReason, useSupportAccessTarget } from '../impersonation/account-security-lock'
import { exportDownloadHref, exportsQuery, startExport } from './exports-query'
import '../../i18n/areas/yourData'

/**
 * Take your data with you (issue 32, point 4): one zip of everything the person has, prepared in the
 * background, told when ready (a toast anywhere in the app, and a mail), downloadable for 7 days.
 * Support access may not take the person's data (the server refuses it too).
 */
export function ExportPanel() {
  const t = useT()
  const titleId = useId()
  const lockId = useId()
  const supportTarget = useSupportAccessTarget()
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="export-panel">
      <h3
        id={titleId}
        className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100"
      >
        <PackageOpen className="size-4" aria-hidden /> {t('yourData.export.title')}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('yourData.export.intro')}</p>
      {supportTarget !== null ? (
        <LockReason id={lockId} testId="export-locked">
          {t('yourData.export.locked', { name: supportTarget })}
        </LockReason>
      ) : (
        <LatestExport />
      )}
    </section>
  )
}

function LatestExport() {
  const t = useT()
  const queryClient = useQueryClient()
  const exports = useQuery(exportsQuery)
  const start = useMutation({
    mutationFn: startExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsQuery.queryKey }),
  })
  const latest = exports.data?.[0]
  const running = latest?.status === 'running'
  return (
    <>
      {exports.isError ? <Alert tone="error">{exports.error.message}</Alert> : null}
      {start.isError ? <Alert tone="error">{start.error.message}</Alert> : null}
      {latest?.status === 'running' ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status" data-testid="export-running">
          {t('yourData.export.running')}
        </p>
      ) : latest?.status === 'ready' ? (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
          data-testid="export-ready"
        >
          <p className="text-sm text-zinc-800 dark:text-zinc-200">
            {t('yourData.export.ready', {
              size: formatBytes(latest.size ?? 0),
              date: latest.expires_at ? formatDate(latest.expires_at) : '',
            })}
          </p>
          <a
            href={exportDownloadHref(latest.id)}
            className={buttonClass('primary')}
            data-testid="export-download"
            download
          >
            <Download className="size-4" aria-hidden /> {t('yourData.export.download')}
          </a>
        </div>
      ) : latest?.status === 'failed' ? (
        <Alert tone="error">{t('yourData.export.failed', { reason: latest.error ?? '' })}</Alert>
      ) : latest?.status === 'expired' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('yourData.export.expired')}</p>
      ) : null}
      <div>
        <Button
          variant="outline"
          busy={start.isPending}
          disabled={running || exports.isPending}
          onClick={() => start.mutate()}
          data-testid="export-start"
        >
          {t('yourData.export.start')}
        </Button>
      </div>
    </>
  )
}
