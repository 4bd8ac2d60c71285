import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { isRefusal } from '../refusal-boundary'
import { ProviderList } from './provider-list'
import {
  deleteIdentityProvider,
  type IdentityProvider,
  identityProvidersQuery,
  putProvider,
  signInSettingsQuery,
  updateIdentityProvider,
} from './sign-in-query'
import '../../../i18n/areas/adminSignIn'
import { lazyComponent } from '../../../lib/lazy-component'

const ProviderDialog = lazyComponent(() => import('./provider-dialog'))

/** The identity providers: the list with its switches, "Add provider", edit and delete. */
export function IdentityProviders() {
  const t = useT()
  const queryClient = useQueryClient()
  const providers = useQuery({
    ...identityProvidersQuery,
    throwOnError: isRefusal,
    refetchOnWindowFocus: false,
  })
  // 'new' for the add dialog, a provider for its edit dialog.
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null)
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null)
  // The sign-in card's buttons follow every change.
  const signInCardChanged = () => queryClient.invalidateQueries({ queryKey: ['auth', 'providers'] })

  const toggle = useMutation({
    mutationFn: ({ provider, enabled }: { provider: IdentityProvider; enabled: boolean }) =>
      updateIdentityProvider(provider.id, { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(identityProvidersQuery.queryKey, (list) => putProvider(list, saved))
      void signInCardChanged()
      toast.success(
        saved.enabled
          ? t('adminSignIn.providers.turnedOn', { label: saved.label })
          : t('adminSignIn.providers.turnedOff', { label: saved.label }),
      )
    },
    onError: (error) => toast.error(error.message),
  })

  const remove = useMutation({
    mutationFn: (provider: IdentityProvider) => deleteIdentityProvider(provider.id),
    onSuccess: (_, provider) => {
      queryClient.setQueryData(identityProvidersQuery.queryKey, (list) =>
        list?.filter((item) => item.id !== provider.id),
      )
      void signInCardChanged()
      // Password sign-in may have been turned back on by the server when the last provider went.
      void queryClient.invalidateQueries({ queryKey: signInSettingsQuery.queryKey })
      setDeleting(null)
      toast.success(t('adminSignIn.providers.deleted', { label: provider.label }))
    },
    onError: (error) => {
      setDeleting(null)
      toast.error(error.message)
    },
  })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-xl text-sm text-zinc-600 dark:text-zinc-400">
          {t('adminSignIn.providers.intro')}
        </p>
        <Button
          variant="outline"
          className="self-start"
          onClick={() => setEditing('new')}
          data-testid="add-provider"
        >
          <Plus className="size-4" aria-hidden />
          {t('adminSignIn.providers.add')}
        </Button>
      </div>
      {providers.isPending ? (
        <LoadingScreen />
      ) : providers.isError ? (
        <Alert tone="error">{providers.error.message}</Alert>
      ) : (
        <ProviderList
          providers={providers.data}
          switching={toggle.isPending ? (toggle.variables?.provider.id ?? null) : null}
          onToggle={(provider, enabled) => toggle.mutate({ provider, enabled })}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      {editing ? (
        <ProviderDialog provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={deleting ? t('adminSignIn.providers.deleteTitle', { label: deleting.label }) : ''}
        description={t('adminSignIn.providers.deleteBody')}
        confirmLabel={t('adminSignIn.providers.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        testId="delete-provider-dialog"
        confirmTestId="confirm-delete-provider"
      />
    </div>
  )
}
