import { useQuery } from '@tanstack/react-query'
import { useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button'
import { AuthPageShell } from './auth-page-shell'
import '../../i18n/areas/auth'

/** Where a confirmation e-mail's link lands (sign-up or e-mail change): confirms once, then offers the way in. */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const t = useT()
  const confirmation = useQuery({
    queryKey: ['auth', 'confirm', token],
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { error } = await api.auth.confirm.get({ query: { token: token! } })
      if (error) throw apiFailure(error, t('auth.confirm.invalid'))
      return true
    },
  })

  return (
    <AuthPageShell title={t('auth.confirm.title')}>
      <div className="space-y-5" aria-live="polite">
        {!token ? <Alert tone="error">{t('auth.confirm.incomplete')}</Alert> : null}
        {token && confirmation.isPending ? (
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{t('auth.confirm.pending')}</p>
        ) : null}
        {confirmation.isError ? <Alert tone="error">{confirmation.error.message}</Alert> : null}
        {confirmation.isSuccess ? <Alert tone="success">{t('auth.confirm.done')}</Alert> : null}
        <a href="/" className={`${buttonClass('primary', 'lg')} w-full`}>
          {t('auth.confirm.continue')}
        </a>
      </div>
    </AuthPageShell>
  )
}
