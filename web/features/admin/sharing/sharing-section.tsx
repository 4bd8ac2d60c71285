import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { AdminCard } from '../admin-card'
import { isRefusal } from '../refusal-boundary'
import { markRevoked } from './link-state'
import { PublicLinksSwitch } from './public-links-switch'
import { ShareLinkList } from './share-link-list'
import { type AdminShareLink, adminSharesQuery, revokeAnyShare, sharingQuery } from './sharing-query'
import '../../../i18n/areas/adminSharing'

/** Admin › Sharing (issue 32): whether public links are allowed, and every share link, any of which can be revoked. */
export function SharingSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const sharing = useQuery({ ...sharingQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  const links = useQuery({ ...adminSharesQuery, throwOnError: isRefusal })
  const [revoking, setRevoking] = useState<AdminShareLink | null>(null)
  const revoke = useMutation({
    mutationFn: (link: AdminShareLink) => revokeAnyShare(link.id),
    onSuccess: (_, link) => {
      queryClient.setQueryData(adminSharesQuery.queryKey, (list) => markRevoked(list, link.id, new Date()))
      setRevoking(null)
      toast.success(t('adminSharing.revoke.done'))
    },
    onError: (error) => {
      setRevoking(null)
      toast.error(error.message)
    },
    // Its owner may have revoked it meanwhile, or views changed: the list is read again either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminSharesQuery.queryKey }),
  })

  return (
    <div className="mt-2 flex max-w-4xl flex-col gap-6" data-testid="sharing-section">
      <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminSharing.intro')}</p>
      <AdminCard id="sharing-public" title={t('adminSharing.public.title')}>
        {sharing.isPending ? (
          <LoadingScreen />
        ) : sharing.isError ? (
          <Alert tone="error">{sharing.error.message}</Alert>
        ) : (
          // The switch's row brings its own room above and below.
          <div className="-mt-2 -mb-3">
            <PublicLinksSwitch publicLinks={sharing.data.publicLinks} links={links.data} />
          </div>
        )}
      </AdminCard>
      <AdminCard id="sharing-links" title={t('adminSharing.links.title')}>
        {links.isPending ? (
          <LoadingScreen />
        ) : links.isError ? (
          <Alert tone="error">{links.error.message}</Alert>
        ) : (
          <ShareLinkList
            links={links.data}
            // Until the setting is read, no public link is called paused.
            publicLinks={sharing.data?.publicLinks ?? true}
            onRevoke={setRevoking}
          />
        )}
      </AdminCard>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={revoking ? t('adminSharing.revoke.title', { title: revoking.chat_title }) : ''}
        description={revoking ? t('adminSharing.revoke.body', { owner: revoking.owner_email }) : ''}
        confirmLabel={t('adminSharing.revoke.confirm')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        testId="admin-revoke-share-dialog"
        confirmTestId="admin-confirm-revoke-share"
      />
    </div>
  )
}
