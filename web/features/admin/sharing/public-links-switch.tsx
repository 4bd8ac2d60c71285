import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { SettingSwitch } from '../sign-in/setting-switch'
import { workingPublicLinks } from './link-state'
import { type AdminShareLink, setPublicLinks, sharingQuery } from './sharing-query'
import '../../../i18n/areas/adminSharing'

/**
 * "Allow public links", saved as it is switched. Turning it off while public links work asks
 * first, saying how many stop: every one of them stops at once.
 */
export function PublicLinksSwitch({
  publicLinks,
  links,
}: {
  publicLinks: boolean
  /** The links as listed (undefined while they load or when they could not be read). */
  links: AdminShareLink[] | undefined
}) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const working = links ? workingPublicLinks(links) : 0
  const save = useMutation({
    mutationFn: setPublicLinks,
    onSuccess: (saved) => {
      queryClient.setQueryData(sharingQuery.queryKey, saved)
      setAsking(false)
      toast.success(
        saved.publicLinks ? t('adminSharing.public.turnedOn') : t('adminSharing.public.turnedOff'),
      )
    },
    onError: (error) => {
      setAsking(false)
      toast.error(error.message)
    },
  })

  function change(on: boolean) {
    if (!on && working > 0) setAsking(true)
    else save.mutate(on)
  }

  return (
    <>
      <SettingSwitch
        id={id}
        label={t('adminSharing.public.label')}
        hint={t('adminSharing.public.hint')}
        checked={publicLinks}
        disabled={save.isPending}
        onChange={change}
        testId="public-links-switch"
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => !open && !save.isPending && setAsking(false)}
        title={t('adminSharing.off.title')}
        description={t('adminSharing.off.body', { count: working })}
        confirmLabel={t('adminSharing.off.confirm')}
        busy={save.isPending}
        onConfirm={() => save.mutate(false)}
        testId="public-links-off-dialog"
        confirmTestId="confirm-public-links-off"
      />
    </>
  )
}
