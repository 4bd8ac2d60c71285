import type { ReactNode } from 'react'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { AdminFieldRow, type ControlProps } from '../field-row'
import '../../../i18n/areas/adminBranding'

export type { ControlProps }

/** Whether a value is the server's default (BRAND_*) or was set here. */
export function SourceBadge({ custom }: { custom: boolean }) {
  const t = useT()
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        custom
          ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {custom ? t('adminBranding.source.custom') : t('adminBranding.source.default')}
    </span>
  )
}

/** One brand item (the shared admin row): 'Reset to default' when it was set here. */
export function FieldRow({
  label,
  hint,
  custom,
  problem,
  resetting,
  onReset,
  children,
}: {
  label: string
  hint: ReactNode
  custom: boolean
  problem?: string
  resetting: boolean
  /** Absent: the row has its own way back to the default (an image's Remove). */
  onReset?: () => void
  children: (control: ControlProps) => ReactNode
}) {
  const t = useT()
  const reset = onReset && {
    text: t('adminBranding.reset'),
    label: t('adminBranding.resetLabel', { field: label }),
    busy: resetting,
    onClick: onReset,
  }
  return (
    <AdminFieldRow
      label={label}
      hint={hint}
      badge={<SourceBadge custom={custom} />}
      problem={problem}
      reset={custom ? reset : undefined}
    >
      {children}
    </AdminFieldRow>
  )
}
