import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { DEFAULT_TAGLINE } from '../../../src/branding/defaults'
import { useT } from '../../i18n/i18n'
import { type Branding, brandingQuery, DEFAULT_BRANDING } from './branding-query'

const HEX = /^#[0-9a-f]{3,8}$/i

/**
 * The branding, with the documented fallbacks while it loads or when it cannot be read, so the
 * screens never wait on it. Its colours drive the accent CSS variables.
 */
export function useBranding(): Branding {
  const { data } = useQuery(brandingQuery)
  return data ?? DEFAULT_BRANDING
}

/** The tagline: the default one in the user's language, an administrator's own as written. */
export function useTagline(): string {
  const t = useT()
  const { tagline } = useBranding()
  return tagline === DEFAULT_TAGLINE ? t('common.tagline') : tagline
}

export function useBrandColors() {
  const branding = useBranding()
  useEffect(() => {
    const style = document.documentElement.style
    if (HEX.test(branding.primaryColor)) style.setProperty('--brand-primary', branding.primaryColor)
    if (HEX.test(branding.secondaryColor)) style.setProperty('--brand-secondary', branding.secondaryColor)
    document.title = branding.productName
  }, [branding])
}
