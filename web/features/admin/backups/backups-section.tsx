import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatabaseBackup } from 'lucide-react'
import { useState } from 'react'
import { formatBytes, formatDate, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { AdminCard } from '../admin-card'
import { isRefusal } from '../refusal-boundary'
import { BackupList } from './backup-list'
import { BackupScheduleForm } from './backup-schedule-form'
import { type Backup, backupsQuery, deleteBackup, startBackup } from './backups-query'
import '../../../i18n/areas/adminBackups'

/** Admin › Backups (issue 33): the daily schedule and how many to keep, Back up now, every archive. */
export function BackupsSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const backups = useQuery({ ...backupsQuery, throwOnError: isRefusal })
  const now = useMutation({
    mutationFn: startBackup,
    onSuccess: async () => {
      toast.success(t('adminBackups.started'))
      await queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey })
    },
    onError: (error) => toast.error(error.message),
  })
  const [deleting, setDeleting] = useState<Backup | null>(null)
  const remove = useMutation({
    mutationFn: (backup: Backup) => deleteBackup(backup.id),
    onSuccess: (_, backup) => {
      queryClient.setQueryData(backupsQuery.queryKey, (state) =>
        state ? { ...state, backups: state.backups.filter((entry) => entry.id !== backup.id) } : state,
      )
      setDeleting(null)
      toast.success(t('adminBackups.deleted'))
    },
    onError: (error) => {
      setDeleting(null)
      toast.error(error.message)
    },
    // Deleted meanwhile by another administrator or by the rotation: the list is read again either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey }),
  })
  const timeOf = (backup: Backup) => `${formatDate(backup.createdAt)} ${formatTime(backup.createdAt)}`

  if (backups.isPending) return <LoadingScreen />
  if (!backups.data) return <Alert tone="error">{backups.error?.message}</Alert>
  const { settings, running, nextAt, lastFailure, bucket } = backups.data
  return (
    <div className="mt-2 flex max-w-4xl flex-col gap-6" data-testid="backups-section">
      <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">
        {bucket ? t('adminBackups.introBucket', { bucket }) : t('adminBackups.intro')}
      </p>
      {/* A later read that failed keeps what was shown, and says so. */}
      {backups.isError ? <Alert tone="error">{backups.error.message}</Alert> : null}
      {lastFailure ? (
        <div data-testid="backup-failure">
          <Alert tone="error">
            {t('adminBackups.failure', {
              time: `${formatDate(lastFailure.at)} ${formatTime(lastFailure.at)}`,
              message: lastFailure.message,
            })}
          </Alert>
        </div>
      ) : null}
      <AdminCard id="backup-schedule" title={t('adminBackups.schedule.title')}>
        {/* Keyed by what was saved, so the form starts again from the server's answer. */}
        <BackupScheduleForm key={JSON.stringify(settings)} settings={settings} nextAt={nextAt} />
      </AdminCard>
      <AdminCard
        id="backup-list"
        title={t('adminBackups.list.title')}
        action={
          <Button
            size="sm"
            busy={running || now.isPending}
            onClick={() => now.mutate()}
            data-testid="backup-now"
          >
            {running || now.isPending ? null : <DatabaseBackup className="size-4" aria-hidden />}
            {running ? t('adminBackups.status.running') : t('adminBackups.now')}
          </Button>
        }
      >
        <BackupList backups={backups.data.backups} onDelete={setDeleting} />
      </AdminCard>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('adminBackups.deleteConfirm.title')}
        description={
          deleting
            ? t('adminBackups.deleteConfirm.body', {
                time: timeOf(deleting),
                size: formatBytes(deleting.size ?? 0),
              })
            : ''
        }
        confirmLabel={t('adminBackups.deleteConfirm.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        testId="backup-delete-dialog"
        confirmTestId="backup-delete-confirm"
      />
    </div>
  )
}
