import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { currentLocale, t as translate, useT } from '../../../i18n/i18n'
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../i18n/locales'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { fieldClass, Input, Label } from '../../../ui/input'
import type { UserRole } from './users-query'
import '../../../i18n/areas/adminUsers'

/** Creates an account; the server mails it a link to set its password, in the chosen language. */
export function NewUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('adminUsers.create.title')}
      description={t('adminUsers.create.description')}
      testId="new-user-dialog"
    >
      {open ? <NewUserForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  )
}

function NewUserForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
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
      toast.success(translate('adminUsers.create.done', { email: user.email }))
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
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
          <select
            id={ids.role}
            value={role}
            onChange={(event) => setRole(event.target.value as UserRole)}
            className={`${fieldClass} h-10`}
          >
            <option value="user">{t('adminUsers.role.user')}</option>
            <option value="admin">{t('adminUsers.role.admin')}</option>
          </select>
        </div>
        <div>
          <Label htmlFor={ids.language}>{t('adminUsers.create.language')}</Label>
          <select
            id={ids.language}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Locale)}
            className={`${fieldClass} h-10`}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
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
