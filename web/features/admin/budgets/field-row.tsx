import type { ReactNode } from 'react'
import { useT } from '../../../i18n/i18n'
import { AdminFieldRow, type ControlProps } from '../field-row'
import { SourceBadge } from './source-badge'
import '../../../i18n/areas/admin'

export type { ControlProps }

/** One budget setting (the shared admin row): 'Reset to environment' when it was set here. */
export function FieldRow({
  label,
  hint,
  source,
  problem,
  resetting,
  onReset,
  children,
}: {
  label: string
  hint: ReactNode
  source: 'organisation' | 'environment' | 'user' | 'group'
  problem?: string
  resetting: boolean
  onReset: () => void
  children: (control: ControlProps) => ReactNode
}) {
  const t = useT()
  const reset = {
    text: t('admin.budgets.reset'),
    label: t('admin.budgets.resetLabel', { field: label }),
    busy: resetting,
    onClick: onReset,
  }
  return (
    <AdminFieldRow
      label={label}
      hint={hint}
      badge={<SourceBadge source={source} />}
      problem={problem}
      reset={source === 'organisation' ? reset : undefined}
    >
      {children}
    </AdminFieldRow>
  )
}
