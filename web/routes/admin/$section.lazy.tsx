import { createLazyFileRoute, Navigate } from '@tanstack/react-router'
import { AdminSectionPage } from '../../features/admin/admin-section-page'
import { sectionIdOf } from '../../features/admin/section-ids'

/** One admin section (/admin/users). An unknown name opens the first section (see index.lazy.tsx). */
export const Route = createLazyFileRoute('/admin/$section')({
  component: function AdminSectionRoute() {
    const { section } = Route.useParams()
    const known = sectionIdOf(section)
    if (known !== section) return <Navigate to="/admin/$section" params={{ section: known }} replace />
    return <AdminSectionPage id={known} />
  },
})
