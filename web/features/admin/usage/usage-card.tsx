import { Download } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { buttonClass } from '../../../ui/button'
import { csvUrl, type UsageCsv, type UsageDays } from './usage-query'
import '../../../i18n/areas/adminUsage'

/** A card of the usage section: its title, its CSV download and its chart or table. */
export function Card({
  title,
  csv,
  days,
  hint,
  children,
}: {
  title: string
  csv: UsageCsv
  days: UsageDays
  hint?: string
  children: ReactNode
}) {
  const t = useT()
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={`usage-card-${csv}`}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={id} className="font-semibold">
            {title}
          </h3>
          {hint ? <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
        </div>
        <a
          href={csvUrl(days, csv)}
          download
          aria-label={t('adminUsage.downloadLabel', { chart: title })}
          className={buttonClass('outline', 'sm')}
          data-testid={`usage-csv-${csv}`}
        >
          <Download className="size-4" aria-hidden /> {t('adminUsage.download')}
        </a>
      </div>
      {children}
    </section>
  )
}
