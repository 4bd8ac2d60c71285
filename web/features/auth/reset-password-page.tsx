import { type FormEvent, useState } from 'react'
import { api, errorText } from '../../lib/api'
import { Alert } from '../../ui/alert'
import { Button, buttonClass } from '../../ui/button'
import { Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { AuthPageShell } from './auth-page-shell'
import { checkNewPassword } from './password-rules'

/** Where the reset e-mail's link lands: choose a new password for the token in the link. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkNewPassword(password, confirm)
    if (problem) return setError(problem)
    if (!token) return setError('This reset link is incomplete. Request a new one from the sign-in screen.')
    setBusy(true)
    setError(null)
    try {
      const { error } = await api.auth['reset-password'].post({ token, password })
      if (error) return setError(errorText(error, 'Failed to update password'))
      setDone(true)
    } catch {
      setError('Failed to update password')
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <AuthPageShell title="Reset your password">
        <div className="space-y-5">
          <Alert tone="success">Password updated successfully!</Alert>
          <a href="/" className={`${buttonClass('primary', 'lg')} w-full`}>
            Sign in
          </a>
        </div>
      </AuthPageShell>
    )
  }

  return (
    <AuthPageShell title="Reset your password">
      <form onSubmit={submit} className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Label htmlFor="new-password">New Password</Label>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="confirm-password">Confirm New Password</Label>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" busy={busy} disabled={!password || !confirm}>
          {busy ? 'Loading...' : 'Update Password'}
        </Button>
        <p className="text-center text-sm">
          <a href="/" className="font-medium text-brand-ink underline-offset-4 hover:underline">
            Remember your password? Sign in
          </a>
        </p>
      </form>
    </AuthPageShell>
  )
}
