import { queryOptions } from '@tanstack/react-query'
import type { Brand } from '../../../src/branding/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'

export type Branding = Brand

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
    if (error) throw apiFailure(error, t('common.branding.loadFailed'))
    return data.data
  },
})
