import { Navigate, Outlet, useParams } from '@tanstack/react-router'
import { useBrandingFeed } from '../branding/branding-feed'
import { AdminHeader } from './admin-header'
import { AdminNav } from './admin-nav'
import { sectionIdOf } from './section-ids'

/** Header, the sections' navigation, and the open section (the child route, /admin/<id>). */
export function AdminLayout({ adminName }: { adminName: string }) {
  const section = useParams({ strict: false }).section
  // No session socket here: the public stream keeps this tab's brand current.
  useBrandingFeed()
  // /admin opens the first section, an old link to a tab (/admin#budgets) that section. Here rather
  // than in an index route's redirect, which would put the check and its route in the first page.
  if (section === undefined) {
    const fromTab = sectionIdOf(window.location.hash.slice(1))
    return <Navigate to="/admin/$section" params={{ section: fromTab }} replace />
  }
  const current = sectionIdOf(section)
  return (
    <div className="flex min-h-full flex-col" data-testid="admin-page">
      <AdminHeader adminName={adminName} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:gap-10">
        <AdminNav current={current} />
        <main className="min-w-0 flex-1" aria-labelledby="admin-section-title">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
