import { useT } from '../../i18n/i18n'
import { sectionOf } from './admin-sections'
import '../../i18n/areas/admin'

/** The open section (/admin/<id>): its name as the page's heading, then its own lazily loaded view. */
export function AdminSectionPage({ id }: { id: string }) {
  const t = useT()
  const section = sectionOf(id)
  const Section = section.component
  return (
    <>
      <h2 id="admin-section-title" className="text-2xl font-bold tracking-tight">
        {t(section.label)}
      </h2>
      <Section />
    </>
  )
}
