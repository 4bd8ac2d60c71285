import { useQuery } from '@tanstack/react-query'
import { api, errorText } from '../../lib/api'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button'
import { AuthPageShell } from './auth-page-shell'

/** Where a confirmation e-mail's link lands (sign-up or e-mail change): confirms once, then offers the way in. */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const confirmation = useQuery({
    queryKey: ['auth', 'confirm', token],
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { error } = await api.auth.confirm.get({ query: { token: token! } })
      if (error) throw new Error(errorText(error, 'This confirmation link is invalid or has expired.'))
      return true
    },
  })

  return (
    <AuthPageShell title="Confirm your email">
      <div className="space-y-5" aria-live="polite">
        {!token ? <Alert tone="error">This confirmation link is incomplete.</Alert> : null}
        {token && confirmation.isPending ? (
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">Confirming...</p>
        ) : null}
        {confirmation.isError ? <Alert tone="error">{confirmation.error.message}</Alert> : null}
        {confirmation.isSuccess ? <Alert tone="success">Your email address is confirmed.</Alert> : null}
        <a href="/" className={`${buttonClass('primary', 'lg')} w-full`}>
          Continue to sign in
        </a>
      </div>
    </AuthPageShell>
  )
}
