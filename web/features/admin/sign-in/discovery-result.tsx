import { CircleAlert, CircleCheck } from 'lucide-react'
import { useT } from '../../../i18n/i18n'
import type { Discovery } from './sign-in-query'
import '../../../i18n/areas/adminSignIn'

/** What "Test" found at the issuer (its endpoints and scopes), or why it found nothing. */
export function DiscoveryResult({ result }: { result: Discovery }) {
  const t = useT()
  if (!result.ok) {
    return (
      <div
        role="alert"
        data-testid="discovery-result"
        data-ok="false"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {/* The server explains in English (unreachable, not JSON, issuer mismatch, timed out). */}
        <span>{t('adminSignIn.test.failed', { reason: result.message })}</span>
      </div>
    )
  }
  const rows: [string, string][] = [
    [t('adminSignIn.test.authorization'), result.authorizationEndpoint],
    [t('adminSignIn.test.token'), result.tokenEndpoint],
    [t('adminSignIn.test.userinfo'), result.userinfoEndpoint ?? t('adminSignIn.test.none')],
    [t('adminSignIn.test.jwks'), result.jwksUri],
    [t('adminSignIn.test.scopes'), result.scopesSupported.join(' ') || t('adminSignIn.test.none')],
  ]
  return (
    <div
      role="status"
      data-testid="discovery-result"
      data-ok="true"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        {t('adminSignIn.test.ok')}
      </p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-medium">{name}</dt>
            <dd className="font-mono break-all text-emerald-950 dark:text-emerald-50">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
