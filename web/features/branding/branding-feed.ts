import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Branding, brandingQuery } from './branding-query'

const FIELDS = ['companyName', 'productName', 'tagline', 'primaryColor', 'secondaryColor'] as const

/** The brand from an event's JSON, or null when it is not one (never trust a frame blindly). */
export function parseBrand(data: unknown): Branding | null {
  try {
    const value = typeof data === 'string' ? JSON.parse(data) : data
    if (!value || typeof value !== 'object') return null
    const brand = value as Record<string, unknown>
    if (!FIELDS.every((field) => typeof brand[field] === 'string')) return null
    const url = (field: string) => brand[field] === null || typeof brand[field] === 'string'
    if (!url('logoUrl') || !url('loginBackgroundUrl')) return null
    return brand as unknown as Branding
  } catch {
    return null
  }
}

/** Shows a new brand everywhere in this tab: names, images, the title and the colour variables. */
export function applyBrand(queryClient: QueryClient, brand: unknown): void {
  const parsed = parseBrand(brand)
  if (parsed) queryClient.setQueryData(brandingQuery.queryKey, parsed)
}

/**
 * For pages without a session socket (sign-in, the e-mail link pages, the admin area): the public
 * stream GET /api/branding/events, through the browser's own EventSource (no library, so the
 * sign-in page stays small). It opens with the brand as it is now and reconnects by itself.
 * Only while the tab is visible: each stream holds one of the browser's few HTTP/1.1 connections
 * to the server (six), and a hidden tab catches up the moment it is shown again.
 */
export function useBrandingFeed(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    const open = () => {
      if (source) return
      source = new EventSource('/api/branding/events')
      source.addEventListener('branding:updated', (event) =>
        applyBrand(queryClient, (event as MessageEvent).data),
      )
    }
    const close = () => {
      source?.close()
      source = null
    }
    const follow = () => (document.visibilityState === 'hidden' ? close() : open())
    follow()
    document.addEventListener('visibilitychange', follow)
    return () => {
      document.removeEventListener('visibilitychange', follow)
      close()
    }
  }, [queryClient])
}
