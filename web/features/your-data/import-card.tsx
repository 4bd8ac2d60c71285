import { useT } from '../../i18n/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { failureText, reasonText } from './import-words'
import type { Import } from './imports-query'
import '../../i18n/areas/yourData'

/** One import as it runs (progress, Cancel), then its report: what came in, what was left out and why. */
export function ImportCard({
  item,
  onCancel,
  cancelling,
}: {
  item: Import
  onCancel: () => void
  cancelling: boolean
}) {
  const t = useT()
  const name = item.file_name
  const { report } = item
  return (
    <div
      // A failed import is its alert alone: no box around the box.
      className={
        item.status === 'failed'
          ? 'flex flex-col'
          : 'flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800'
      }
      data-testid="import-card"
      data-status={item.status}
    >
      {item.status === 'running' ? (
        <>
          <p className="text-sm text-zinc-800 dark:text-zinc-200" aria-live="polite">
            {item.progress.total === 0
              ? t('yourData.import.reading', { name })
              : t('yourData.import.running', { name, done: item.progress.done, total: item.progress.total })}
          </p>
          <ProgressBar
            label={t('yourData.import.progressLabel')}
            fraction={item.progress.total ? item.progress.done / item.progress.total : 0}
          />
          <div>
            <Button variant="secondary" busy={cancelling} onClick={onCancel} data-testid="import-cancel">
              {t('yourData.import.cancel')}
            </Button>
          </div>
        </>
      ) : item.status === 'failed' ? (
        <Alert tone="error">{t('yourData.import.failed', { name, reason: failureText(t, item) })}</Alert>
      ) : item.status === 'cancelled' ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('yourData.import.cancelled', { name })}</p>
      ) : (
        <div
          className="flex flex-col gap-2 text-sm text-zinc-800 dark:text-zinc-200"
          data-testid="import-report"
        >
          <p className="font-medium">
            {t('yourData.import.done', { name, chats: report.chats, messages: report.messages })}
          </p>
          {report.duplicates > 0 ? (
            <p className="text-zinc-600 dark:text-zinc-400">
              {t('yourData.import.duplicates', { count: report.duplicates })}
            </p>
          ) : null}
          {report.skipped_count > 0 ? (
            <details className="text-zinc-600 dark:text-zinc-400">
              <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-brand">
                {t('yourData.import.skipped', { count: report.skipped_count })}
              </summary>
              <ul
                className="mt-2 flex max-h-48 list-disc flex-col gap-1 overflow-y-auto pl-5"
                data-testid="import-skipped"
              >
                {report.skipped.map((skip, index) => (
                  // The same title may be listed twice (two parts of one chat): the place tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                  <li key={index} className="break-words">
                    <span className="font-medium text-zinc-800 dark:text-zinc-200">{skip.title}</span>:{' '}
                    {reasonText(t, skip)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      )}
    </div>
  )
}

function ProgressBar({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
    >
      <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}
