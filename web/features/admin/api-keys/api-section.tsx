import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { AdminCard } from '../admin-card'
import { isRefusal } from '../refusal-boundary'
import { AdminKeyList } from './admin-key-list'
import { ApiAccessForm } from './api-access-form'
import { type AdminApiKey, apiAccessQuery, everyKeyQuery, revokeAnyonesKey } from './api-keys-query'
import '../../../i18n/areas/adminApiKeys'
import '../../../i18n/areas/apiKeys'

/** Admin › API (issue 31): who may use the team API, and every key with its owner, use and spend. */
export function ApiSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const access = useQuery({ ...apiAccessQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  const keys = useQuery({ ...everyKeyQuery, throwOnError: isRefusal })
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null)
  const revoke = useMutation({
    mutationFn: (key: AdminApiKey) => revokeAnyonesKey(key.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: everyKeyQuery.queryKey })
      setRevoking(null)
      toast.success(t('adminApiKeys.keys.revokedToast'))
    },
    onError: (error) => {
      setRevoking(null)
      toast.error(error.message)
    },
  })
  return (
    <div className="mt-2 flex max-w-4xl flex-col gap-6" data-testid="api-section">
      <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminApiKeys.intro')}</p>
      <AdminCard id="api-access" title={t('adminApiKeys.access.title')}>
        {access.isPending ? (
          <LoadingScreen />
        ) : access.isError ? (
          <Alert tone="error">{access.error.message}</Alert>
        ) : (
          // Keyed by what was saved, so the form starts again from the server's answer.
          <ApiAccessForm key={JSON.stringify(access.data)} access={access.data} />
        )}
      </AdminCard>
      <AdminCard id="api-keys" title={t('adminApiKeys.keys.title')}>
        {keys.isPending ? (
          <LoadingScreen />
        ) : keys.isError ? (
          <Alert tone="error">{keys.error.message}</Alert>
        ) : keys.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {t('adminApiKeys.keys.empty')}
          </p>
        ) : (
          <AdminKeyList keys={keys.data} onRevoke={setRevoking} />
        )}
      </AdminCard>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={revoking ? t('adminApiKeys.keys.revokeTitle', { name: revoking.name }) : ''}
        description={revoking ? t('adminApiKeys.keys.revokeBody', { owner: revoking.ownerEmail }) : ''}
        confirmLabel={t('adminApiKeys.keys.revokeConfirm')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        testId="admin-revoke-api-key-dialog"
        confirmTestId="admin-confirm-revoke-api-key"
      />
    </div>
  )
}
