import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { currentLocale } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { Alert } from '../../ui/alert'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { useBranding } from '../branding/use-branding'
import { sessionQuery } from './session-query'

type Mode = 'login' | 'signup' | 'forgot-password'

const TITLES: Record<Mode, string> = {
  login: 'Welcome back',
  signup: 'Create account',
  'forgot-password': 'Reset your password',
}

/** The sign-in card: sign in, sign up and request a reset link, on the branded background. */
export function LoginScreen() {
  const branding = useBranding()
  return (
    <main
      className="relative flex min-h-full items-center justify-center bg-zinc-100 bg-cover bg-center px-4 py-10 dark:bg-zinc-950"
      style={
        branding.loginBackgroundUrl ? { backgroundImage: `url("${branding.loginBackgroundUrl}")` } : undefined
      }
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_10%,color-mix(in_oklab,var(--brand-primary)_22%,transparent),transparent_50%),radial-gradient(circle_at_85%_90%,color-mix(in_oklab,var(--brand-secondary)_20%,transparent),transparent_50%)]"
      />
      <LoginCard />
    </main>
  )
}

export function LoginCard() {
  const branding = useBranding()
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fullName, setFullName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)

  function switchMode(next: Mode) {
    setMode(next)
    setError(null)
    setSuccess(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setSuccess(null)
    try {
      if (mode === 'login') {
        const { data, error } = await api.auth.login.post({ email, password })
        if (error) return setError(errorText(error, 'Invalid login credentials'))
        setSuccess('Signed in successfully!')
        toast.success('Signed in successfully!')
        queryClient.setQueryData(sessionQuery.queryKey, data.data.user)
      } else if (mode === 'signup') {
        // The page's language becomes the account's, so the confirmation mail is in it too.
        const { data, error } = await api.auth.signup.post({
          email,
          password,
          fullName,
          preferredLanguage: currentLocale(),
        })
        if (error) return setError(errorText(error, 'Failed to sign up'))
        if (data.data.confirmationRequired) {
          setSuccess('Check your email for the confirmation link!')
          setPassword('')
          setMode('login')
          return
        }
        // Signed in at once: no confirmation mail was sent, so the confirmation text would mislead.
        toast.success('Signed in successfully!')
        queryClient.setQueryData(sessionQuery.queryKey, data.data.user)
      } else {
        const { error } = await api.auth['forgot-password'].post({ email })
        if (error) return setError(errorText(error, 'Failed to send reset email'))
        setSuccess('Check your email for the password reset link!')
      }
    } catch {
      setError(mode === 'forgot-password' ? 'Failed to send reset email' : 'An unexpected error occurred')
    } finally {
      setBusy(false)
    }
  }

  const button = { login: 'Sign In', signup: 'Sign Up', 'forgot-password': 'Send Reset Link' }[mode]
  const busyText = mode === 'forgot-password' ? 'Sending...' : 'Loading...'

  return (
    <section
      aria-labelledby="login-title"
      data-testid="login-card"
      className="relative w-full max-w-md rounded-2xl border border-zinc-200/80 bg-white/95 p-7 shadow-2xl backdrop-blur sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <div className="mb-6 flex flex-col items-center text-center">
        <BrandMark logoUrl={branding.logoUrl} name={branding.productName} className="size-12" />
        <p className="mt-3 text-sm font-semibold tracking-wide text-brand-ink">{branding.productName}</p>
        {branding.tagline ? (
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{branding.tagline}</p>
        ) : null}
        <h1 id="login-title" className="mt-5 text-2xl font-bold tracking-tight">
          {TITLES[mode]}
        </h1>
      </div>

      <div className="mb-4 space-y-2 empty:hidden">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {success ? <Alert tone="success">{success}</Alert> : null}
      </div>

      <form onSubmit={submit} className="space-y-4">
        {mode === 'signup' ? (
          <div>
            <Label htmlFor="full-name">Full Name</Label>
            <Input
              id="full-name"
              name="fullName"
              autoComplete="name"
              required
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
            />
          </div>
        ) : null}
        <div>
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        {mode !== 'forgot-password' ? (
          <div>
            <Label htmlFor="password">Password</Label>
            <PasswordInput
              id="password"
              name="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        ) : null}
        <Button type="submit" busy={busy} className="w-full" size="lg">
          {busy ? busyText : button}
        </Button>
      </form>

      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        {mode === 'login' ? (
          <>
            <LinkButton onClick={() => switchMode('forgot-password')}>Forgot your password?</LinkButton>
            <LinkButton onClick={() => switchMode('signup')}>Don't have an account? Sign up</LinkButton>
          </>
        ) : null}
        {mode === 'signup' ? (
          <LinkButton onClick={() => switchMode('login')}>Already have an account? Sign in</LinkButton>
        ) : null}
        {mode === 'forgot-password' ? (
          <LinkButton onClick={() => switchMode('login')}>Remember your password? Sign in</LinkButton>
        ) : null}
      </div>
    </section>
  )
}

function LinkButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded font-medium text-brand-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
    >
      {children}
    </button>
  )
}
