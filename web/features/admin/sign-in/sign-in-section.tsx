import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { LoadingScreen } from '../../../ui/loading-screen'
import { isRefusal } from '../refusal-boundary'
import { IdentityProviders } from './identity-providers'
import { PasswordSettings } from './password-settings'
import { ScimTokens } from './scim-tokens'
import { signInSettingsQuery } from './sign-in-query'
import '../../../i18n/areas/adminSignIn'

/** Admin → Sign-in: password sign-in and sign-up, the identity providers, and SCIM's tokens (issue 29). */
export function SignInSection() {
  const t = useT()
  const settings = useQuery({ ...signInSettingsQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  return (
    <div className="mt-2 flex max-w-3xl flex-col gap-6" data-testid="sign-in-section">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('adminSignIn.intro')}</p>
      <Card title={t('adminSignIn.password.title')} id="sign-in-password">
        {settings.isPending ? (
          <LoadingScreen />
        ) : settings.isError ? (
          <Alert tone="error">{settings.error.message}</Alert>
        ) : (
          // Keyed by what was saved, so a change made elsewhere (a provider's deletion) resets the form.
          <PasswordSettings key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
      </Card>
      <Card title={t('adminSignIn.providers.title')} id="sign-in-providers">
        <IdentityProviders />
      </Card>
      <Card title={t('adminSignIn.scim.title')} id="sign-in-scim" intro={t('adminSignIn.scim.intro')}>
        <ScimTokens />
      </Card>
    </div>
  )
}

function Card({
  id,
  title,
  intro,
  children,
}: {
  id: string
  title: string
  intro?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {intro ? <p className="mt-1 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  )
}
