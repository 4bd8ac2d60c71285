import { useLocation } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useT } from '../../i18n/i18n'
import { LoadingScreen } from '../../ui/loading-screen'
import { useBrandingFeed } from '../branding/branding-feed'
import { AdminHeader } from './admin-header'
import { AdminNav } from './admin-nav'
import { sectionOf } from './admin-sections'
import '../../i18n/areas/admin'

/** Header, the sections' navigation, and the open section (named by the address's #hash). */
export function AdminLayout({ adminName }: { adminName: string }) {
  const t = useT()
  const hash = useLocation({ select: (location) => location.hash })
  const section = sectionOf(hash)
  // No session socket here: the public stream keeps this tab's brand current.
  useBrandingFeed()
  const Section = section.component
  return (
    <div className="flex min-h-full flex-col" data-testid="admin-page">
      <AdminHeader adminName={adminName} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:gap-10">
        <AdminNav current={section.id} />
        <main className="min-w-0 flex-1" aria-labelledby="admin-section-title">
          <h2 id="admin-section-title" className="text-2xl font-bold tracking-tight">
            {t(section.label)}
          </h2>
          <Suspense fallback={<LoadingScreen />}>
            <Section />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
