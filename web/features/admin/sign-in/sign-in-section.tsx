import { useQuery } from '@tanstack/react-query'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { LoadingScreen } from '../../../ui/loading-screen'
import { AdminCard } from '../admin-card'
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
      <AdminCard title={t('adminSignIn.password.title')} id="sign-in-password">
        {settings.isPending ? (
          <LoadingScreen />
        ) : settings.isError ? (
          <Alert tone="error">{settings.error.message}</Alert>
        ) : (
          // Keyed by what was saved, so a change made elsewhere (a provider's deletion) resets the form.
          <PasswordSettings key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
      </AdminCard>
      <AdminCard title={t('adminSignIn.providers.title')} id="sign-in-providers">
        <IdentityProviders />
      </AdminCard>
      <AdminCard title={t('adminSignIn.scim.title')} id="sign-in-scim" intro={t('adminSignIn.scim.intro')}>
        <ScimTokens />
      </AdminCard>
    </div>
  )
}
