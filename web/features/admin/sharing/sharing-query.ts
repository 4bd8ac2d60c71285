import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminSharing'

/** Every share link, newest first (the latest 500), with its owner's e-mail and its chat's title now. */
export const adminSharesQuery = queryOptions({
  queryKey: ['admin', 'shares'],
  queryFn: async () => {
    const { data, error } = await api.admin.shares.get()
    if (error) throw apiFailure(error, t('adminSharing.links.loadFailed'))
    return data.data
  },
})

export type AdminShareLink = Awaited<ReturnType<NonNullable<typeof adminSharesQuery.queryFn>>>[number]

/** Whether people may make links that anyone can open, signed in or not. */
export const sharingQuery = queryOptions({
  queryKey: ['admin', 'sharing'],
  queryFn: async () => {
    const { data, error } = await api.admin.sharing.get()
    if (error) throw apiFailure(error, t('adminSharing.public.loadFailed'))
    return data.data
  },
})

/** Off stops every public link at once (they work again once allowed, unless revoked or expired). */
export async function setPublicLinks(publicLinks: boolean): Promise<{ publicLinks: boolean }> {
  const { data, error } = await api.admin.sharing.put({ publicLinks })
  if (error) throw apiFailure(error, t('adminSharing.public.saveFailed'))
  return data.data
}

/** Revokes anyone's link: it stops working at once. */
export async function revokeAnyShare(id: string): Promise<void> {
  const { error } = await api.admin.shares({ id }).delete()
  if (error) throw apiFailure(error, t('adminSharing.revoke.failed'))
}
