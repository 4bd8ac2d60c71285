import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { formatDate, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { AdminCard } from '../admin-card'
import { isRefusal } from '../refusal-boundary'
import { DaysField } from './days-field'
import { choiceOf, daysOf, deletesSooner } from './retention-choice'
import { type RetentionPolicy, type RetentionState, retentionQuery, saveRetention } from './retention-query'
import '../../../i18n/areas/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export function RetentionSection() {
  const t = useT()
  const state = useQuery({ ...retentionQuery, throwOnError: isRefusal })
  return (
    <div className="mt-2 flex max-w-3xl flex-col gap-6" data-testid="retention-section">
      <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminRetention.intro')}</p>
      <AdminCard id="retention-policy" title={t('adminRetention.policy.title')}>
        {state.isPending ? (
          <LoadingScreen />
        ) : state.isError ? (
          <Alert tone="error">{state.error.message}</Alert>
        ) : (
          // Keyed by the saved policy: a save (here or in another tab, read again) starts the form anew.
          <RetentionForm key={JSON.stringify(state.data.policy)} state={state.data} />
        )}
      </AdminCard>
    </div>
  )
}

function RetentionForm({ state }: { state: RetentionState }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [chats, setChats] = useState(() => choiceOf(state.policy.chatDays))
  const [files, setFiles] = useState(() => choiceOf(state.policy.fileDays))
  const [checked, setChecked] = useState(false)
  const [asking, setAsking] = useState<RetentionPolicy | null>(null)
  const save = useMutation({
    mutationFn: saveRetention,
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionQuery.queryKey, saved)
      setAsking(null)
      toast.success(t('adminRetention.saved'))
    },
    onError: () => setAsking(null),
  })
  const chatDays = daysOf(chats)
  const fileDays = daysOf(files)
  const changed = chatDays !== state.policy.chatDays || fileDays !== state.policy.fileDays

  function submit(event: FormEvent) {
    event.preventDefault()
    setChecked(true)
    if (chatDays === undefined || fileDays === undefined) return
    const policy = { chatDays, fileDays }
    // Asked only when the new policy deletes something the old one kept.
    if (deletesSooner(state.policy.chatDays, chatDays) || deletesSooner(state.policy.fileDays, fileDays))
      setAsking(policy)
    else save.mutate(policy)
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="retention-form">
      <DaysField
        label={t('adminRetention.chats.label')}
        hint={t('adminRetention.chats.hint')}
        choice={chats}
        onChange={setChats}
        invalid={checked && chatDays === undefined}
        testId="retention-chats"
      />
      <DaysField
        label={t('adminRetention.files.label')}
        hint={t('adminRetention.files.hint')}
        choice={files}
        onChange={setFiles}
        invalid={checked && fileDays === undefined}
        testId="retention-files"
      />
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <PassStatus state={state} />
        <Button type="submit" busy={save.isPending} disabled={!changed} data-testid="retention-save">
          {t('adminRetention.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !save.isPending && setAsking(null)}
        title={t('adminRetention.confirm.title')}
        description={
          asking ? (
            <span className="flex flex-col gap-2">
              {asking.chatDays !== null ? (
                <span>{t('adminRetention.confirm.chats', { days: asking.chatDays })}</span>
              ) : null}
              {asking.fileDays !== null ? (
                <span>{t('adminRetention.confirm.files', { days: asking.fileDays })}</span>
              ) : null}
              <span>{t('adminRetention.confirm.when')}</span>
            </span>
          ) : (
            ''
          )
        }
        confirmLabel={t('adminRetention.confirm.action')}
        busy={save.isPending}
        onConfirm={() => asking && save.mutate(asking)}
        testId="retention-confirm-dialog"
        confirmTestId="retention-confirm"
      />
    </form>
  )
}

/** The last pass and the next, in a line each. */
function PassStatus({ state }: { state: RetentionState }) {
  const t = useT()
  const last = state.lastRun
  return (
    <div
      className="flex flex-col gap-1 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="retention-status"
    >
      <p>
        {last
          ? t('adminRetention.lastRun', {
              date: formatDate(last.at),
              time: formatTime(last.at),
              chats: last.chats,
              files: last.files,
              images: last.images,
            })
          : t('adminRetention.noRun')}
      </p>
      <p>
        {state.nextAt === null
          ? t('adminRetention.off')
          : Date.parse(state.nextAt) - Date.now() < 60 * 60 * 1000
            ? t('adminRetention.nextSoon')
            : t('adminRetention.next', { date: formatDate(state.nextAt), time: formatTime(state.nextAt) })}
      </p>
    </div>
  )
}
