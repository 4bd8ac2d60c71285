import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'

export interface Branding {
  companyName: string
  productName: string
  tagline: string
  logoUrl: string | null
  loginBackgroundUrl: string | null
  primaryColor: string
  secondaryColor: string
}

export const DEFAULT_BRANDING: Branding = {
  companyName: 'Parley',
  productName: 'Parley',
  tagline: '',
  logoUrl: null,
  loginBackgroundUrl: null,
  primaryColor: '#a855f7',
  secondaryColor: '#ec4899',
}

export const brandingQuery = queryOptions({
  queryKey: ['branding'],
  staleTime: Number.POSITIVE_INFINITY,
  queryFn: async (): Promise<Branding> => {
    const { data, error } = await api.branding.get()
    if (error) throw new Error(t('common.branding.loadFailed'))
    return data.data
  },
})
