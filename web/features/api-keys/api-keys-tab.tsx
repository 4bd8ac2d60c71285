import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, Plus, PowerOff } from 'lucide-react'
import { useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { errorCode } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { LockReason, useSupportAccessTarget } from '../impersonation/account-security-lock'
import { type ApiKey, apiClosedReason, apiKeysQuery, revokeApiKey } from './api-keys-query'
import { KeyList } from './key-list'
import '../../i18n/areas/apiKeys'
import { lazyComponent } from '../../lib/lazy-component'

const CreateKeyDialog = lazyComponent(() => import('./create-key-dialog'))

/**
 * Settings › API keys (issue 31): the person's keys for the team API, a new one (shown once), a
 * revoke. Keys are credentials: during support access the server refuses them all
 * (`forbidden:impersonating`), so the tab says why instead of asking.
 */
export default function ApiKeysTab() {
  const t = useT()
  const lockId = useId()
  const supportTarget = useSupportAccessTarget()
  if (supportTarget !== null)
    return (
      <div className="pt-1" data-testid="api-keys-locked">
        <LockReason id={lockId}>{t('apiKeys.locked', { name: supportTarget })}</LockReason>
      </div>
    )
  return <ApiKeysPanel />
}

function ApiKeysPanel() {
  const t = useT()
  const queryClient = useQueryClient()
  const keys = useQuery(apiKeysQuery)
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey })
      setRevoking(null)
      toast.success(t('apiKeys.revoked'))
    },
    onError: (error) => {
      setRevoking(null)
      toast.error(error.message)
    },
  })
  const closed = keys.isError ? apiClosedReason(errorCode(keys.error)) : null

  return (
    <div className="flex flex-col gap-4" data-testid="api-keys">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 flex-1 basis-64 text-sm text-zinc-700 dark:text-zinc-300">
          {t('apiKeys.intro')}
        </p>
        {keys.isSuccess ? (
          <Button onClick={() => setCreating(true)} data-testid="new-api-key">
            <Plus className="size-4" aria-hidden /> {t('apiKeys.new')}
          </Button>
        ) : null}
      </div>
      {closed ? (
        <div
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700"
          data-testid="api-keys-closed"
        >
          <PowerOff className="size-6 text-zinc-500 dark:text-zinc-400" aria-hidden />
          <p className="font-medium">{t(closed === 'off' ? 'apiKeys.off' : 'apiKeys.notInGroups')}</p>
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
            {t(closed === 'off' ? 'apiKeys.offHint' : 'apiKeys.notInGroupsHint')}
          </p>
        </div>
      ) : keys.isError ? (
        <Alert tone="error">{keys.error.message}</Alert>
      ) : keys.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : keys.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700">
          <KeyRound className="size-6 text-zinc-500 dark:text-zinc-400" aria-hidden />
          <p className="font-medium">{t('apiKeys.empty')}</p>
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t('apiKeys.emptyHint')}</p>
        </div>
      ) : (
        <KeyList keys={keys.data} onRevoke={setRevoking} />
      )}
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={revoking ? t('apiKeys.revokeTitle', { name: revoking.name }) : ''}
        description={t('apiKeys.revokeBody')}
        confirmLabel={t('apiKeys.revokeConfirm')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        testId="revoke-api-key-dialog"
        confirmTestId="confirm-revoke-api-key"
      />
    </div>
  )
}
