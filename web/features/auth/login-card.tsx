import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Languages, Loader2 } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import type { MessageArgs, MessageId } from '../../i18n/catalogue'
import { activateLocale, currentLocale, useT } from '../../i18n/i18n'
import { isLocale, LOCALE_NAMES, LOCALES } from '../../i18n/locales'
import { chooseSignedOutLocale } from '../../i18n/signed-out-locale'
import { api, errorText } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { PasswordInput } from '../../ui/password-input'
import { Select } from '../../ui/select'
import { useBrandingFeed } from '../branding/branding-feed'
import { useBranding, useTagline } from '../branding/use-branding'
import { DemoBadge } from '../demo/demo-badge'
import { DemoCredentialsNote } from '../demo/demo-credentials'
import { OrDivider, ProviderButtons } from './provider-buttons'
import { type SessionUser, sessionLocale, sessionQuery } from './session-query'
import { signInErrorOf, withoutSignInError } from './sign-in-links'
import { PASSWORD_ONLY, signInOptionsQuery } from './sign-in-options'
import '../../i18n/areas/auth'

type Mode = 'login' | 'signup' | 'forgot-password'

const TITLES = {
  login: 'auth.login.title',
  signup: 'auth.signup.title',
  'forgot-password': 'auth.forgot.title',
} as const satisfies Record<Mode, MessageId>
const BUTTONS = {
  login: 'auth.login.submit',
  signup: 'auth.signup.submit',
  'forgot-password': 'auth.forgot.submit',
} as const satisfies Record<Mode, MessageId>

/**
 * An alert's text: ours by message id, so it follows a language switch while shown; or the
 * server's, already in the language of the moment it came.
 */
type Notice = { id: PlainId } | { text: string }
/** The messages without a placeholder. */
type PlainId = { [K in MessageId]: MessageArgs<K> extends [] ? K : never }[MessageId]
const fromServer = (text: string, fallback: PlainId): Notice => (text ? { text } : { id: fallback })

/**
 * The sign-in card: the organisation's identity providers, then (unless turned off) sign in, sign
 * up and request a reset link, on the branded background.
 */
export function LoginScreen() {
  const branding = useBranding()
  useBrandingFeed()
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
  const t = useT()
  const branding = useBranding()
  const tagline = useTagline()
  const queryClient = useQueryClient()
  const [chosenMode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fullName, setFullName] = useState('')
  const [busy, setBusy] = useState(false)
  // A provider's sign-in that did not complete comes back here with its reason (src/identity).
  const [error, setError] = useState<Notice | null>(() => {
    const id = signInErrorOf(window.location.search)
    return id ? { id } : null
  })
  const [success, setSuccess] = useState<Notice | null>(null)
  useEffect(() => {
    if (signInErrorOf(window.location.search) === null) return
    // The router's state is kept: only the address changes, so a reload does not show it again.
    window.history.replaceState(window.history.state, '', withoutSignInError(window.location.href))
  }, [])
  const optionsQuery = useQuery(signInOptionsQuery)
  const options = optionsQuery.data ?? (optionsQuery.isError ? PASSWORD_ONLY : null)
  // Sign-up and the reset link are password features: gone with password sign-in (or sign-up) off.
  const mode: Mode =
    options && (!options.password || (chosenMode === 'signup' && !options.signup)) ? 'login' : chosenMode

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
        if (error) return setError(fromServer(errorText(error, ''), 'auth.login.failed'))
        setSuccess({ id: 'auth.login.success' })
        await enterSession(data.data.user)
      } else if (mode === 'signup') {
        // The page's language becomes the account's, so the confirmation mail is in it too.
        const { data, error } = await api.auth.signup.post({
          email,
          password,
          fullName,
          preferredLanguage: currentLocale(),
        })
        if (error) return setError(fromServer(errorText(error, ''), 'auth.signup.failed'))
        if (data.data.confirmationRequired) {
          setSuccess({ id: 'auth.signup.checkEmail' })
          setPassword('')
          setMode('login')
          return
        }
        // Signed in at once: no confirmation mail was sent, so the confirmation text would mislead.
        await enterSession(data.data.user)
      } else {
        const { error } = await api.auth['forgot-password'].post({ email })
        if (error) return setError(fromServer(errorText(error, ''), 'auth.forgot.failed'))
        setSuccess({ id: 'auth.forgot.checkEmail' })
      }
    } catch {
      setError({ id: mode === 'forgot-password' ? 'auth.forgot.failed' : 'auth.unexpected' })
    } finally {
      setBusy(false)
    }
  }

  /** Signed in: the profile's language from now on (as after a reload), then into the app. */
  async function enterSession(user: SessionUser) {
    await activateLocale(sessionLocale(user)).catch(() => undefined)
    toast.success(t('auth.login.success'))
    queryClient.setQueryData(sessionQuery.queryKey, user)
  }

  const show = (notice: Notice) => ('id' in notice ? t(notice.id) : notice.text)
  const busyText = mode === 'forgot-password' ? t('auth.forgot.sending') : t('common.loading')

  return (
    <section
      aria-labelledby="login-title"
      data-testid="login-card"
      className="relative w-full max-w-md rounded-2xl border border-zinc-200/80 bg-white/95 p-7 shadow-2xl sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <div className="mb-6 flex flex-col items-center text-center">
        <BrandMark logoUrl={branding.logoUrl} name={branding.productName} className="size-12" />
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-ink">
          {branding.productName}
          <DemoBadge />
        </p>
        {tagline ? <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{tagline}</p> : null}
        <h1 id="login-title" className="mt-5 text-2xl font-bold tracking-tight">
          {t(TITLES[mode])}
        </h1>
      </div>

      <div className="mb-4 space-y-2 empty:hidden">
        {error ? <Alert tone="error">{show(error)}</Alert> : null}
        {success ? <Alert tone="success">{show(success)}</Alert> : null}
      </div>

      {options === null ? (
        <div className="flex justify-center py-10" data-testid="sign-in-options-loading">
          <Loader2 className="size-6 animate-spin text-zinc-400" aria-hidden />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : (
        <>
          {options.providers.length > 0 ? <ProviderButtons providers={options.providers} /> : null}
          {options.providers.length > 0 && options.password ? <OrDivider /> : null}
          {options.password ? (
            <>
              {mode === 'login' ? (
                <DemoCredentialsNote
                  onUse={(demo) => {
                    setEmail(demo.email)
                    setPassword(demo.password)
                  }}
                />
              ) : null}

              <form onSubmit={submit} className="space-y-4">
                {mode === 'signup' ? (
                  <div>
                    <Label htmlFor="full-name">{t('auth.field.fullName')}</Label>
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
                  <Label htmlFor="email">{t('auth.field.email')}</Label>
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
                    <Label htmlFor="password">{t('auth.field.password')}</Label>
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
                  {busy ? busyText : t(BUTTONS[mode])}
                </Button>
              </form>

              <div className="mt-6 flex flex-col items-center gap-2 text-sm">
                {mode === 'login' ? (
                  <>
                    <LinkButton onClick={() => switchMode('forgot-password')}>
                      {t('auth.link.forgot')}
                    </LinkButton>
                    {options.signup ? (
                      <LinkButton onClick={() => switchMode('signup')}>{t('auth.link.toSignup')}</LinkButton>
                    ) : null}
                  </>
                ) : null}
                {mode === 'signup' ? (
                  <LinkButton onClick={() => switchMode('login')}>{t('auth.link.toLogin')}</LinkButton>
                ) : null}
                {mode === 'forgot-password' ? (
                  <LinkButton onClick={() => switchMode('login')}>{t('auth.link.remember')}</LinkButton>
                ) : null}
              </div>
            </>
          ) : null}
        </>
      )}

      <div className="mt-6 flex justify-center border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <LanguageSwitcher />
      </div>
    </section>
  )
}

/**
 * The signed-out language: the six languages in their own words. The choice shows at once and is
 * remembered in this browser (the browser's preferred language until then).
 */
function LanguageSwitcher() {
  const t = useT()
  const [pending, setPending] = useState<string | null>(null)
  return (
    <Select
      variant="ghost"
      icon={<Languages className="size-4" aria-hidden />}
      wrapperClassName="inline-flex"
      aria-label={t('auth.language.choose')}
      value={pending ?? currentLocale()}
      onValueChange={(next) => {
        if (!isLocale(next)) return
        setPending(next)
        chooseSignedOutLocale(next)
          .catch(() => undefined)
          .finally(() => setPending(null))
      }}
      options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))}
    />
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
