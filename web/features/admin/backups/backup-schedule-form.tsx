import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { formatDate, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { KEEP_MAX, KEEP_MIN, parseKeep } from './backup-schedule'
import { type BackupSchedule, backupsQuery, saveBackupSchedule } from './backups-query'
import '../../../i18n/areas/adminBackups'

/** Daily or off, and how many scheduled backups to keep; when the next one is due. */
export function BackupScheduleForm({
  settings,
  nextAt,
}: {
  settings: BackupSchedule
  nextAt: string | null
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const [schedule, setSchedule] = useState(settings.schedule)
  const [keep, setKeep] = useState(String(settings.keep))
  const [problem, setProblem] = useState(false)
  const save = useMutation({
    mutationFn: saveBackupSchedule,
    onSuccess: async (saved) => {
      // The saved values at once: the form is keyed by them, and starting again from a later read
      // would wipe a change made meanwhile. The read then brings the next backup's time.
      queryClient.setQueryData(backupsQuery.queryKey, (state) => state && { ...state, settings: saved })
      toast.success(t('adminBackups.saved'))
      await queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey })
    },
  })
  const changed = schedule !== settings.schedule || keep.trim() !== String(settings.keep)

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseKeep(keep)
    if (parsed === null) return setProblem(true)
    setProblem(false)
    save.mutate({ schedule, keep: parsed })
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="backup-schedule-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('adminBackups.schedule.label')}>
          {(control) => (
            <Select<BackupSchedule['schedule']>
              id={control.id}
              value={schedule}
              onValueChange={setSchedule}
              options={[
                { value: 'daily', label: t('adminBackups.schedule.daily') },
                { value: 'off', label: t('adminBackups.schedule.off') },
              ]}
              data-testid="backup-schedule"
            />
          )}
        </FormField>
        <FormField
          label={t('adminBackups.keep.label')}
          hint={t('adminBackups.keep.hint')}
          problem={problem ? t('adminBackups.keep.invalid', { min: KEEP_MIN, max: KEEP_MAX }) : null}
        >
          {(control) => (
            <Input
              id={control.id}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              inputMode="numeric"
              value={keep}
              disabled={schedule === 'off'}
              onChange={(event) => setKeep(event.target.value)}
              className="max-w-28"
              data-testid="backup-keep"
            />
          )}
        </FormField>
      </div>
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="backup-next">
          {settings.schedule === 'daily' && nextAt
            ? t('adminBackups.next', { time: `${formatDate(nextAt)} ${formatTime(nextAt)}` })
            : t('adminBackups.schedule.offHint')}
        </p>
        <Button type="submit" busy={save.isPending} disabled={!changed} data-testid="backup-schedule-save">
          {t('adminBackups.save')}
        </Button>
      </div>
    </form>
  )
}
