import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { Select } from '../../ui/select'
import { rememberAdminPage } from './impersonation-query'
import '../../i18n/areas/impersonation'

/** The reason codes the server accepts (src/impersonation), in the order the list shows them. */
const REASONS = ['customer_request', 'bug_investigation', 'account_recovery', 'compliance_review'] as const
/** 15 min to 4 h; 1 h by default (issue 11). */
const DURATIONS = [15, 30, 60, 120, 240] as const

const durationLabel = (minutes: number) =>
  minutes < 60
    ? translate('impersonation.start.minutes', { count: minutes })
    : translate('impersonation.start.hours', { count: minutes / 60 })

/**
 * Starts support access to a user: reason, case number (required), duration and a note. On success
 * the browser already holds the support session (the server switched its cookie): the app opens
 * as that user.
 */
export function StartImpersonationDialog({
  user,
  open,
  onOpenChange,
}: {
  user: { id: string; name: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const ids = { reason: useId(), caseNumber: useId(), duration: useId(), note: useId() }
  const [reasonCode, setReasonCode] = useState<string>(REASONS[0])
  const [caseNumber, setCaseNumber] = useState('')
  const [durationMinutes, setDurationMinutes] = useState(60)
  const [note, setNote] = useState('')
  const start = useMutation({
    mutationFn: async () => {
      const { error } = await api.admin.impersonations.post({
        targetUserId: user.id,
        reasonCode,
        caseNumber: caseNumber.trim(),
        durationMinutes,
        note: note.trim() || null,
      })
      if (error) throw apiFailure(error, translate('impersonation.start.failed'))
    },
    onSuccess: () => {
      // Stopping comes back here, not to the target's chats (issue 26).
      rememberAdminPage()
      window.location.assign('/')
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    start.mutate()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('impersonation.start.title', { name: user.name })}
      description={t('impersonation.start.intro', { name: user.name })}
      testId="start-impersonation"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        {start.isError ? <Alert tone="error">{start.error.message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={ids.reason}>{t('impersonation.start.reason')}</Label>
            <Select
              id={ids.reason}
              value={reasonCode}
              onValueChange={setReasonCode}
              options={REASONS.map((reason) => ({
                value: reason,
                label: t(`impersonation.reason.${reason}`),
              }))}
            />
          </div>
          <div>
            <Label htmlFor={ids.duration}>{t('impersonation.start.duration')}</Label>
            <Select
              id={ids.duration}
              value={String(durationMinutes)}
              onValueChange={(minutes) => setDurationMinutes(Number(minutes))}
              options={DURATIONS.map((minutes) => ({
                value: String(minutes),
                label: durationLabel(minutes),
              }))}
            />
          </div>
        </div>
        <div>
          <Label htmlFor={ids.caseNumber}>{t('impersonation.start.caseNumber')}</Label>
          <Input
            id={ids.caseNumber}
            required
            maxLength={100}
            autoComplete="off"
            value={caseNumber}
            onChange={(event) => setCaseNumber(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={ids.note}>{t('impersonation.start.note')}</Label>
          <Textarea
            id={ids.note}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={start.isPending || start.isSuccess}>
            {t('impersonation.start.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
