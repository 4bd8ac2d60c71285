import { CircleAlert, CircleCheck, Download, Loader2, Trash2 } from 'lucide-react'
import { formatBytes, formatDate, formatRelative, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { Button, buttonClass } from '../../../ui/button'
import { type Backup, backupDownloadHref } from './backups-query'
import '../../../i18n/areas/adminBackups'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'
const quiet = `${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`

/** Every archive, newest first: when, how big, what made it, and how it went; a finished one downloads or goes. */
export function BackupList({ backups, onDelete }: { backups: Backup[]; onDelete: (backup: Backup) => void }) {
  const t = useT()
  if (backups.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        data-testid="backups-empty"
      >
        {t('adminBackups.empty')}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {backups.map((backup) => (
        <li
          key={backup.id}
          className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
          data-testid="backup-row"
          data-status={backup.status}
          data-trigger={backup.trigger}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">
              <time dateTime={backup.createdAt}>
                {formatDate(backup.createdAt)} {formatTime(backup.createdAt)}
              </time>
              <span className="ml-2 font-normal text-zinc-600 dark:text-zinc-400">
                {formatRelative(backup.createdAt)}
              </span>
            </p>
            <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" title={backup.id}>
              {backup.status === 'done' ? backup.id : null}
              {backup.status === 'failed' && backup.error ? (
                <span className="text-red-700 dark:text-red-300">{backup.error}</span>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className={quiet}>{t(`adminBackups.trigger.${backup.trigger}`)}</span>
            {backup.size !== null ? (
              <span className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
                {formatBytes(backup.size)}
              </span>
            ) : null}
            <Status status={backup.status} />
            {backup.status === 'done' ? <Actions backup={backup} onDelete={onDelete} /> : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

function Status({ status }: { status: Backup['status'] }) {
  const t = useT()
  if (status === 'running') {
    return (
      <span className={`${badge} bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200`}>
        <Loader2 className="size-3 animate-spin" aria-hidden /> {t('adminBackups.status.running')}
      </span>
    )
  }
  if (status === 'failed') {
    return (
      <span className={`${badge} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}>
        <CircleAlert className="size-3" aria-hidden /> {t('adminBackups.status.failed')}
      </span>
    )
  }
  return (
    <span className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`}>
      <CircleCheck className="size-3" aria-hidden /> {t('adminBackups.status.done')}
    </span>
  )
}

function Actions({ backup, onDelete }: { backup: Backup; onDelete: (backup: Backup) => void }) {
  const t = useT()
  const time = `${formatDate(backup.createdAt)} ${formatTime(backup.createdAt)}`
  return (
    <span className="flex items-center gap-1">
      <a
        href={backupDownloadHref(backup.id)}
        download={backup.id}
        className={buttonClass('ghost', 'sm')}
        aria-label={t('adminBackups.downloadLabel', { time })}
        data-testid="backup-download"
      >
        <Download className="size-4" aria-hidden />
        <span className="max-sm:sr-only">{t('adminBackups.download')}</span>
      </a>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('adminBackups.deleteLabel', { time })}
        title={t('adminBackups.delete')}
        onClick={() => onDelete(backup)}
        data-testid="backup-delete"
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </span>
  )
}
