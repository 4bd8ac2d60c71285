import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { api, errorText } from '../../lib/api'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { checkNewPassword } from '../auth/password-rules'
import { profileQuery } from '../profile/profile-query'

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
      if (error) return void toast.error(errorText(error, 'Failed to update password'))
      toast.success('Password updated successfully!')
      setCurrent('')
      setNext('')
      setConfirm('')
    } catch {
      toast.error('Failed to update password')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className={cardClass} aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-semibold">
        Change Password
      </h3>
      <div>
        <Label htmlFor="current-password">Current Password</Label>
        <PasswordInput
          id="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="new-password">New Password</Label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="confirm-new-password">Confirm New Password</Label>
        <PasswordInput
          id="confirm-new-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={busy} disabled={!current || !next || !confirm}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  )
}

function ChangeEmail() {
  const profile = useQuery(profileQuery)
  const [email, setEmail] = useState('')
  const [current, setCurrent] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const value = email.trim()
    if (!value.includes('@')) return void toast.error('Please enter a valid email address')
    if (!current) return void toast.error('Current password is required')
    setBusy(true)
    try {
      const { error } = await api.auth.email.patch({ email: value, currentPassword: current })
      if (error) return void toast.error(errorText(error, 'Failed to update email'))
      toast.success('Email update requested! Check your new email for confirmation.')
      setEmail('')
      setCurrent('')
    } catch {
      toast.error('Failed to update email')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className={cardClass} aria-labelledby="change-email-title">
      <h3 id="change-email-title" className="font-semibold">
        Change Email
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Current email:{' '}
        <span className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="current-email">
          {profile.data?.email ?? '…'}
        </span>
      </p>
      <div>
        <Label htmlFor="new-email">New Email Address</Label>
        <Input
          id="new-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="email-current-password">Current Password</Label>
        <PasswordInput
          id="email-current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {busy ? 'Updating...' : 'Update Email'}
        </Button>
      </div>
    </form>
  )
}
