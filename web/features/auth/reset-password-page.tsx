import { type FormEvent, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { Alert } from '../../ui/alert'
import { Button, buttonClass } from '../../ui/button'
import { Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { AuthPageShell } from './auth-page-shell'
import { checkNewPassword } from './password-rules'
import '../../i18n/areas/auth'

/** Where the reset e-mail's link lands: choose a new password for the token in the link. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const t = useT()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkNewPassword(password, confirm)
    if (problem) return setError(problem)
    if (!token) return setError(t('auth.reset.incomplete'))
    setBusy(true)
    setError(null)
    try {
      const { error } = await api.auth['reset-password'].post({ token, password })
      if (error) return setError(errorText(error, t('auth.reset.failed')))
      setDone(true)
    } catch {
      setError(t('auth.reset.failed'))
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <AuthPageShell title={t('auth.forgot.title')}>
        <div className="space-y-5">
          <Alert tone="success">{t('auth.reset.done')}</Alert>
          <a href="/" className={`${buttonClass('primary', 'lg')} w-full`}>
            {t('auth.reset.signIn')}
          </a>
        </div>
      </AuthPageShell>
    )
  }

  return (
    <AuthPageShell title={t('auth.forgot.title')}>
      <form onSubmit={submit} className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Label htmlFor="new-password">{t('auth.reset.newPassword')}</Label>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="confirm-password">{t('auth.reset.confirmPassword')}</Label>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" busy={busy} disabled={!password || !confirm}>
          {busy ? t('common.loading') : t('auth.reset.submit')}
        </Button>
        <p className="text-center text-sm">
          <a href="/" className="font-medium text-brand-ink underline-offset-4 hover:underline">
            {t('auth.link.remember')}
          </a>
        </p>
      </form>
    </AuthPageShell>
  )
}
