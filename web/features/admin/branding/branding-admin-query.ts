import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminBranding'

export const adminBrandingQuery = queryOptions({
  queryKey: ['admin', 'branding'],
  queryFn: async () => {
    const { data, error } = await api.admin.branding.get()
    if (error) throw apiFailure(error, t('adminBranding.loadFailed'))
    return data.data
  },
})

export type AdminBranding = Awaited<ReturnType<NonNullable<typeof adminBrandingQuery.queryFn>>>
export type BrandingChange = NonNullable<Parameters<typeof api.admin.branding.patch>[0]>
export type BrandImageKind = 'logo' | 'login-background'

/** Sends only the given fields (null = back to the default); the new settings, or throws. */
export async function saveBranding(change: BrandingChange): Promise<AdminBranding> {
  const { data, error } = await api.admin.branding.patch(change)
  if (error) throw apiFailure(error, t('adminBranding.saveFailed'))
  return data.data
}

export async function uploadBrandImage(kind: BrandImageKind, file: File): Promise<AdminBranding> {
  const route = kind === 'logo' ? api.admin.branding.logo : api.admin.branding['login-background']
  const { data, error } = await route.put({ file })
  if (error) throw apiFailure(error, t('adminBranding.uploadFailed'))
  return data.data
}

export async function removeBrandImage(kind: BrandImageKind): Promise<AdminBranding> {
  const route = kind === 'logo' ? api.admin.branding.logo : api.admin.branding['login-background']
  const { data, error } = await route.delete()
  if (error) throw apiFailure(error, t('adminBranding.removeFailed'))
  return data.data
}
