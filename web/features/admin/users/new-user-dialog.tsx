import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check, Copy, MailX } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { currentLocale, t as translate, useT } from '../../../i18n/i18n'
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../i18n/locales'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, Label } from '../../../ui/input'
import { Select } from '../../../ui/select'
import type { UserRole } from './users-query'
import '../../../i18n/areas/adminUsers'

/**
 * Creates an account; the server mails it a link to set its password, in the chosen language. Without
 * a mail server the server hands the link back instead, and the dialog gives it to the
 * administrator to pass on (with a copy button).
 */
export function NewUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  // Set once the account exists but its invitation could not be mailed: the link to hand over.
  const [unmailed, setUnmailed] = useState<Unmailed | null>(null)
  const close = () => {
    setUnmailed(null)
    onOpenChange(false)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={unmailed ? t('adminUsers.create.createdTitle') : t('adminUsers.create.title')}
      description={unmailed ? undefined : t('adminUsers.create.description')}
      testId="new-user-dialog"
    >
      {!open ? null : unmailed ? (
        <HandOverLink created={unmailed} onDone={close} />
      ) : (
        <NewUserForm onUnmailed={setUnmailed} onDone={close} onCancel={close} />
      )}
    </Dialog>
  )
}

type Unmailed = { email: string; fullName: string | null; link: string }

/** No mail server: the invitation only reached the outbox, so the administrator passes the link on. */
function HandOverLink({ created, onDone }: { created: Unmailed; onDone: () => void }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.link)
      setCopied(true)
    } catch {
      toast.error(translate('adminUsers.create.copyFailed'))
    }
  }
  return (
    <div className="flex flex-col gap-4" data-testid="invitation-link">
      <div
        role="status"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
      >
        <MailX className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {t('adminUsers.create.notMailed', {
            name: created.fullName || created.email,
            email: created.email,
          })}
        </span>
      </div>
      <FormField label={t('adminUsers.create.link')} hint={t('adminUsers.create.linkHint')}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              id={control.id}
              readOnly
              value={created.link}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              aria-describedby={control.describedBy}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <Button variant="outline" onClick={copy} className="shrink-0">
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? t('adminUsers.create.copied') : t('adminUsers.create.copy')}
            </Button>
          </div>
        )}
      </FormField>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('adminUsers.create.done.close')}</Button>
      </div>
    </div>
  )
}

function NewUserForm({
  onUnmailed,
  onDone,
  onCancel,
}: {
  onUnmailed: (created: Unmailed) => void
  onDone: () => void
  onCancel: () => void
}) {
  const t = useT()
  const ids = { email: useId(), name: useId(), role: useId(), language: useId() }
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [fullName, setFullName] = useState('')
  const [role, setRole] = useState<UserRole>('user')
  const [language, setLanguage] = useState<Locale>(currentLocale())

  const create = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.admin.users.post({
        email: email.trim(),
        fullName: fullName.trim(),
        role,
        preferredLanguage: language,
      })
      if (error) throw apiFailure(error, translate('adminUsers.create.failed'))
      return data.data
    },
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
      if (!user.invitation.mailed) {
        onUnmailed({ email: user.email, fullName: user.fullName, link: user.invitation.link })
        return
      }
      toast.success(translate('adminUsers.create.done', { email: user.email }))
      onDone()
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate()
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div>
        <Label htmlFor={ids.email}>{t('adminUsers.create.email')}</Label>
        <Input
          id={ids.email}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={ids.name}>{t('adminUsers.create.fullName')}</Label>
        <Input
          id={ids.name}
          required
          maxLength={200}
          autoComplete="off"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={ids.role}>{t('adminUsers.create.role')}</Label>
          <Select
            id={ids.role}
            value={role}
            onValueChange={setRole}
            options={[
              { value: 'user', label: t('adminUsers.role.user') },
              { value: 'admin', label: t('adminUsers.role.admin') },
            ]}
          />
        </div>
        <div>
          <Label htmlFor={ids.language}>{t('adminUsers.create.language')}</Label>
          <Select
            id={ids.language}
            value={language}
            onValueChange={setLanguage}
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))}
          />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={create.isPending}>
          {t('adminUsers.create.submit')}
        </Button>
      </div>
    </form>
  )
}
