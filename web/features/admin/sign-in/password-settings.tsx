import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Info } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { SettingSwitch } from './setting-switch'
import {
  type SignInChange,
  type SignInSettings,
  saveSignInSettings,
  signInSettingsQuery,
} from './sign-in-query'
import { domainsOf, invalidDomain, lineOf, sameList } from './text-lists'
import '../../../i18n/areas/adminSignIn'

/** Password sign-in on or off, sign-up on or off, the e-mail domains allowed in: one Save for the three. */
export function PasswordSettings({ settings }: { settings: SignInSettings }) {
  const t = useT()
  const ids = { password: useId(), signup: useId(), domains: useId() }
  const queryClient = useQueryClient()
  const [passwordEnabled, setPasswordEnabled] = useState(settings.passwordEnabled)
  const [signup, setSignup] = useState(settings.signup)
  const [domains, setDomains] = useState(lineOf(settings.allowedDomains))
  const [failure, setFailure] = useState<string | null>(null)
  const [tried, setTried] = useState(false)

  const list = domainsOf(domains)
  const wrongDomain = invalidDomain(list)
  const change: SignInChange = {}
  if (passwordEnabled !== settings.passwordEnabled) change.passwordEnabled = passwordEnabled
  if (signup !== settings.signup) change.signup = signup
  if (!sameList(list, settings.allowedDomains)) change.allowedDomains = list
  const changed = Object.keys(change).length > 0

  const save = useMutation({
    mutationFn: saveSignInSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(signInSettingsQuery.queryKey, saved)
      // The sign-in card's options (GET /api/auth/providers) follow.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'providers'] })
      setPasswordEnabled(saved.passwordEnabled)
      setSignup(saved.signup)
      setDomains(lineOf(saved.allowedDomains))
      setFailure(null)
      setTried(false)
      toast.success(t('adminSignIn.password.saved'))
    },
    // conflict:no_provider and the rest come translated by their code (web/i18n/en/errors.ts).
    onError: (error) => setFailure(error.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (wrongDomain || !changed) return
    save.mutate(change)
  }

  const domainProblem =
    tried && wrongDomain ? t('adminSignIn.domains.invalid', { value: wrongDomain }) : undefined

  return (
    <form onSubmit={submit} noValidate data-testid="password-settings">
      <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <SettingSwitch
          id={ids.password}
          label={t('adminSignIn.password.enabled')}
          hint={t('adminSignIn.password.enabledHint')}
          checked={passwordEnabled}
          onChange={(on) => {
            setFailure(null)
            setPasswordEnabled(on)
          }}
          testId="password-sign-in-switch"
        >
          {settings.passwordFromEnvironment ? (
            <p
              className="mt-2 flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
              data-testid="password-from-environment"
            >
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {t('adminSignIn.password.fromEnvironment')}
            </p>
          ) : null}
          {!passwordEnabled ? (
            <p className="mt-2 flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {t('adminSignIn.password.breakGlass')}
            </p>
          ) : null}
        </SettingSwitch>
        <SettingSwitch
          id={ids.signup}
          label={t('adminSignIn.signup.enabled')}
          hint={t('adminSignIn.signup.hint')}
          checked={signup}
          onChange={(on) => {
            setFailure(null)
            setSignup(on)
          }}
          testId="signup-switch"
        />
        <FormField
          id={ids.domains}
          className="py-4"
          label={t('adminSignIn.domains.label')}
          hint={t('adminSignIn.domains.hint')}
          problem={domainProblem}
        >
          {(control) => (
            <Input
              id={control.id}
              value={domains}
              placeholder="example.com, example.org"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              onChange={(event) => {
                setFailure(null)
                setDomains(event.target.value)
              }}
              data-testid="allowed-domains"
            />
          )}
        </FormField>
      </div>
      {failure ? (
        <div className="mt-2">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={!changed} busy={save.isPending} data-testid="save-sign-in">
          {t('adminSignIn.save')}
        </Button>
      </div>
    </form>
  )
}
