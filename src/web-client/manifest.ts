import type { Brand } from '../branding/model'

/** The icon sizes the manifest lists: 192 and 512 are what Chromium and Android ask for. */
export const ICON_FILES = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
} as const
export type IconFile = keyof typeof ICON_FILES

/** Changes whenever what the icons are drawn from changes, so a cached icon is never the old brand's. */
export const iconVersion = (brand: Brand) =>
  Bun.hash(`${brand.primaryColor}${brand.secondaryColor}${brand.logoUrl ?? ''}`).toString(36)

/**
 * The web app manifest (installing Parley as an app, issue 33): the brand's product name, its
 * primary colour for the window's title bar, and the icons in its colours. `id` and `start_url`
 * are fixed, so a renamed brand is the same installed app.
 */
export function webManifest(brand: Brand) {
  const version = iconVersion(brand)
  return {
    id: '/',
    name: brand.productName,
    short_name: brand.productName,
    description: brand.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.primaryColor,
    // The splash screen behind the icon: the client's own light background.
    background_color: '#ffffff',
    icons: Object.entries(ICON_FILES).map(([file, { size, maskable }]) => ({
      src: `/icons/${file}?v=${version}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: maskable ? 'maskable' : 'any',
    })),
  }
}
