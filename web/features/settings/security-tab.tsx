import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { checkNewPassword } from '../auth/password-rules'
import { profileQuery } from '../profile/profile-query'
import '../../i18n/areas/account'

const cardClass = 'space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800'

export function SecurityTab() {
  return (
    <div className="space-y-5">
      <ChangePassword />
      <ChangeEmail />
    </div>
  )
}

function ChangePassword() {
  const t = useT()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkNewPassword(next, confirm)
    if (problem) return void toast.error(problem)
    setBusy(true)
    try {
      // Sent, unlike the spec's client: the server requires it (docs/decisions/104-current-password-for-credential-changes.md).
      const { error } = await api.auth.password.patch({ password: next, currentPassword: current })
      if (error) return void toast.error(errorText(error, t('account.password.updateFailed')))
      toast.success(t('account.password.updated'))
      setCurrent('')
      setNext('')
      setConfirm('')
    } catch {
      toast.error(t('account.password.updateFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className={cardClass} aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-semibold">
        {t('account.password.title')}
      </h3>
      <div>
        <Label htmlFor="current-password">{t('account.password.current')}</Label>
        <PasswordInput
          id="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="new-password">{t('account.password.new')}</Label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="confirm-new-password">{t('account.password.confirm')}</Label>
        <PasswordInput
          id="confirm-new-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={busy} disabled={!current || !next || !confirm}>
          {busy ? t('account.settings.updating') : t('account.password.update')}
        </Button>
      </div>
    </form>
  )
}

function ChangeEmail() {
  const t = useT()
  const profile = useQuery(profileQuery)
  const [email, setEmail] = useState('')
  const [current, setCurrent] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const value = email.trim()
    if (!value.includes('@')) return void toast.error(t('account.email.invalid'))
    if (!current) return void toast.error(t('account.email.currentPasswordRequired'))
    setBusy(true)
    try {
      const { error } = await api.auth.email.patch({ email: value, currentPassword: current })
      if (error) return void toast.error(errorText(error, t('account.email.updateFailed')))
      toast.success(t('account.email.requested'))
      setEmail('')
      setCurrent('')
    } catch {
      toast.error(t('account.email.updateFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={cardClass} aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="font-semibold">
        {t('account.email.title')}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('account.email.current')}{' '}
        <span className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="current-email">
          {profile.data?.email ?? '…'}
        </span>
      </p>
      <div>
        <Label htmlFor="new-email">{t('account.email.new')}</Label>
        <Input
          id="new-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="email-current-password">{t('account.password.current')}</Label>
        <PasswordInput
          id="email-current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {busy ? t('account.settings.updating') : t('account.email.update')}
        </Button>
      </div>
    </form>
  )
}
