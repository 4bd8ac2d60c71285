import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminBackups'

/** The schedule, whether one is being written, the last failure and the archives, newest first. */
export const backupsQuery = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: async () => {
    const { data, error } = await api.admin.backups.get()
    if (error) throw apiFailure(error, t('adminBackups.loadFailed'))
    return data.data
  },
  // While a backup is being written, its row follows it to Done or Failed.
  refetchInterval: (query) => (query.state.data?.running ? 2_000 : false),
})
export type BackupsState = Awaited<ReturnType<NonNullable<typeof backupsQuery.queryFn>>>
export type Backup = BackupsState['backups'][number]
export type BackupSchedule = BackupsState['settings']

export async function startBackup(): Promise<void> {
  const { error } = await api.admin.backups.post()
  if (error) throw apiFailure(error, t('adminBackups.startFailed'))
}

export async function saveBackupSchedule(settings: BackupSchedule): Promise<BackupSchedule> {
  const { data, error } = await api.admin.backups.settings.put(settings)
  if (error) throw apiFailure(error, t('adminBackups.saveFailed'))
  return data.data
}

/** Where a finished backup downloads from: a plain link, so the browser saves the archive as it streams. */
export const backupDownloadHref = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}/download`

export async function deleteBackup(name: string): Promise<void> {
  const { error } = await api.admin.backups({ name }).delete()
  if (error) throw apiFailure(error, t('adminBackups.deleteFailed'))
}
