import { RotateCcw } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { Label } from '../../../ui/input'
import { SourceBadge } from './source-badge'
import '../../../i18n/areas/admin'

export interface ControlProps {
  id: string
  describedBy: string
  invalid: boolean
}

/**
 * One setting: its label, where its value comes from, 'Reset to environment' when it was set here,
 * a hint, the control, and what is wrong with what was typed.
 */
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
  source: 'organisation' | 'environment' | 'user'
  problem?: string
  resetting: boolean
  onReset: () => void
  children: (control: ControlProps) => ReactNode
}) {
  const t = useT()
  const id = useId()
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  return (
    <div className="border-b border-zinc-200 py-5 last:border-b-0 dark:border-zinc-800" data-field={label}>
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        <SourceBadge source={source} />
        {source === 'organisation' && (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto h-7 px-2"
            busy={resetting}
            onClick={onReset}
            aria-label={t('admin.budgets.resetLabel', { field: label })}
          >
            {!resetting && <RotateCcw className="size-3.5" aria-hidden />}
            {t('admin.budgets.reset')}
          </Button>
        )}
      </div>
      {children({ id, describedBy: problem ? `${problemId} ${hintId}` : hintId, invalid: Boolean(problem) })}
      {problem && (
        <p id={problemId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <p id={hintId} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
        {hint}
      </p>
    </div>
  )
}
