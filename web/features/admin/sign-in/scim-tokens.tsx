import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { formatDate } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { CopyField } from '../../../ui/copy-field'
import { LoadingScreen } from '../../../ui/loading-screen'
import { isRefusal } from '../refusal-boundary'
import { revokeScimToken, type ScimToken, scimTokensQuery } from './sign-in-query'
import '../../../i18n/areas/adminSignIn'
import { lazyComponent } from '../../../lib/lazy-component'

const NewTokenDialog = lazyComponent(() => import('./new-token-dialog'))

/** SCIM: the base URL to give the identity provider, its tokens (label, dates, state), a new one, a revoke. */
export function ScimTokens() {
  const t = useT()
  const baseUrlId = useId()
  const queryClient = useQueryClient()
  const tokens = useQuery({ ...scimTokensQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ScimToken | null>(null)
  const revoke = useMutation({
    mutationFn: (token: ScimToken) => revokeScimToken(token.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: scimTokensQuery.queryKey })
      setRevoking(null)
      toast.success(t('adminSignIn.scim.revokedToast'))
    },
    onError: (error) => {
      setRevoking(null)
      toast.error(error.message)
    },
  })

  if (tokens.isPending) return <LoadingScreen />
  if (tokens.isError) return <Alert tone="error">{tokens.error.message}</Alert>
  const labelOf = (token: ScimToken) => token.label || t('adminSignIn.scim.unlabelled')

  return (
    <div className="flex flex-col gap-5" data-testid="scim-tokens">
      <div>
        <label
          htmlFor={baseUrlId}
          className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          {t('adminSignIn.scim.baseUrl')}
        </label>
        <CopyField id={baseUrlId} value={tokens.data.baseUrl} testId="scim-base-url" />
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h4 className="text-sm font-semibold">{t('adminSignIn.scim.tokens')}</h4>
          <Button variant="outline" size="sm" onClick={() => setCreating(true)} data-testid="new-scim-token">
            <Plus className="size-4" aria-hidden />
            {t('adminSignIn.scim.newToken')}
          </Button>
        </div>
        {tokens.data.tokens.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {t('adminSignIn.scim.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {tokens.data.tokens.map((token) => (
              <li
                key={token.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                data-testid="scim-token-row"
                data-revoked={token.revokedAt !== null}
              >
                <KeyRound
                  className={`size-4 shrink-0 ${token.revokedAt ? 'text-zinc-400' : 'text-brand-ink'}`}
                  aria-hidden
                />
                <div className={`min-w-0 flex-1 ${token.revokedAt ? 'opacity-70' : ''}`}>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium break-all">{labelOf(token)}</span>
                    {token.revokedAt ? (
                      <span className="inline-flex rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                        {t('adminSignIn.scim.revoked', { date: formatDate(token.revokedAt) })}
                      </span>
                    ) : (
                      <span className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                        {t('adminSignIn.scim.active')}
                      </span>
                    )}
                  </div>
                  <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
                    {t('adminSignIn.scim.createdOn', { date: formatDate(token.createdAt) })}
                    {' · '}
                    {token.lastUsedAt
                      ? t('adminSignIn.scim.lastUsedOn', { date: formatDate(token.lastUsedAt) })
                      : t('adminSignIn.scim.neverUsed')}
                  </p>
                </div>
                {token.revokedAt ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-red-700 dark:text-red-300"
                    onClick={() => setRevoking(token)}
                    aria-label={t('adminSignIn.scim.revokeLabel', { label: labelOf(token) })}
                    data-testid="revoke-scim-token"
                  >
                    {t('adminSignIn.scim.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {creating ? <NewTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={revoking ? t('adminSignIn.scim.revokeTitle', { label: labelOf(revoking) }) : ''}
        description={t('adminSignIn.scim.revokeBody')}
        confirmLabel={t('adminSignIn.scim.revokeConfirm')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        testId="revoke-scim-dialog"
        confirmTestId="confirm-revoke-scim"
      />
    </div>
  )
}
