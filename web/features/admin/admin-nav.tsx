import { Link } from '@tanstack/react-router'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { ADMIN_SECTIONS } from './admin-sections'
import '../../i18n/areas/admin'

/** The sections that exist, as links (/admin/<id>): a column on wide screens, wrapping rows on phones. */
export function AdminNav({ current }: { current: string }) {
  const t = useT()
  return (
    <nav aria-label={t('admin.nav.label')} className="md:w-48 md:shrink-0">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {ADMIN_SECTIONS.map(({ id, label, icon: Icon }) => (
          <li key={id}>
            <Link
              to="/admin/$section"
              params={{ section: id }}
              aria-current={id === current ? 'page' : undefined}
              className={cn(
                'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
                id === current
                  ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
                  : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
