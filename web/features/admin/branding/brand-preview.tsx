import type { CSSProperties } from 'react'
import { DEFAULT_TAGLINE } from '../../../../src/branding/defaults'
import { useT } from '../../../i18n/i18n'
import { BrandMark } from '../../../ui/brand-mark'
import type { Branding } from '../../branding/branding-query'
import '../../../i18n/areas/adminBranding'

/**
 * A small sign-in card and app header drawn with `brand` (the form's values, saved or not). The
 * colours apply to this box only: `.brand-scope` re-derives the theme colours from the variables set here.
 */
export function BrandPreview({ brand }: { brand: Branding }) {
  const t = useT()
  const tagline = brand.tagline === DEFAULT_TAGLINE ? t('common.tagline') : brand.tagline
  const scope = {
    '--brand-primary': brand.primaryColor,
    '--brand-secondary': brand.secondaryColor,
  } as CSSProperties
  return (
    <section
      aria-labelledby="brand-preview-title"
      className="brand-scope"
      style={scope}
      data-testid="brand-preview"
    >
      <h3 id="brand-preview-title" className="text-base font-semibold">
        {t('adminBranding.preview')}
      </h3>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t('adminBranding.previewHint')}</p>

      <p className="mt-4 mb-1.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('adminBranding.previewHeader')}
      </p>
      <div className="flex h-11 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
        <BrandMark logoUrl={brand.logoUrl} name={brand.companyName} className="size-7" />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="preview-company">
          {brand.companyName}
        </span>
        <span aria-hidden className="size-6 shrink-0 rounded-full bg-gradient-to-br from-brand to-brand-2" />
      </div>

      <p className="mt-4 mb-1.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('adminBranding.previewSignIn')}
      </p>
      <div
        className="relative flex items-center justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 bg-cover bg-center px-5 py-6 dark:border-zinc-800 dark:bg-zinc-950"
        style={
          brand.loginBackgroundUrl ? { backgroundImage: `url("${brand.loginBackgroundUrl}")` } : undefined
        }
        data-testid="preview-sign-in"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_10%,color-mix(in_oklab,var(--brand-primary)_22%,transparent),transparent_50%),radial-gradient(circle_at_85%_90%,color-mix(in_oklab,var(--brand-secondary)_20%,transparent),transparent_50%)]"
        />
        <div className="relative w-full max-w-56 rounded-xl border border-zinc-200/80 bg-white/95 p-4 text-center shadow-xl dark:border-zinc-800 dark:bg-zinc-900/95">
          <div className="flex justify-center">
            <BrandMark logoUrl={brand.logoUrl} name={brand.productName} className="size-8" />
          </div>
          <p
            className="mt-2 truncate text-xs font-semibold tracking-wide text-brand-ink"
            data-testid="preview-product"
          >
            {brand.productName}
          </p>
          <p className="truncate text-[11px] text-zinc-600 dark:text-zinc-400">{tagline}</p>
          <p className="mt-2 text-sm font-bold">{t('adminBranding.previewWelcome')}</p>
          <div className="mt-2 rounded-md border border-zinc-300 px-2 py-1 text-left text-[11px] text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {t('adminBranding.previewEmail')}
          </div>
          <div className="mt-2 rounded-md bg-gradient-to-r from-brand to-brand-2 py-1 text-xs font-medium text-white">
            {t('adminBranding.previewButton')}
          </div>
        </div>
      </div>
    </section>
  )
}
