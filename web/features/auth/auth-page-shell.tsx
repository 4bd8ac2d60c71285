import type { ReactNode } from 'react'
import { BrandMark } from '../../ui/brand-mark'
import { useBrandingFeed } from '../branding/branding-feed'
import { useBranding } from '../branding/use-branding'

/** The centred, branded card the e-mail link pages share with the sign-in screen. */
export function AuthPageShell({ title, children }: { title: string; children: ReactNode }) {
  const branding = useBranding()
  useBrandingFeed()
  return (
    <main className="flex min-h-full items-center justify-center bg-zinc-100 px-4 py-10 dark:bg-zinc-950">
      <section
        aria-labelledby="auth-page-title"
        className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-7 shadow-xl sm:p-8 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark logoUrl={branding.logoUrl} name={branding.productName} className="size-12" />
          <p className="mt-3 text-sm font-semibold tracking-wide text-brand-ink">{branding.productName}</p>
          <h1 id="auth-page-title" className="mt-4 text-2xl font-bold tracking-tight">
            {title}
          </h1>
        </div>
        {children}
      </section>
    </main>
  )
}
