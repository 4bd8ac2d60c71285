import { RotateCcw } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import '../../../i18n/areas/adminBranding'

export interface ControlProps {
  id: string
  describedBy: string
  invalid: boolean
}

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

/** One brand item: its label, where its value comes from, 'Reset to default' when set here, the control, a problem and a hint. */
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
  const id = useId()
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  return (
    <div className="border-b border-zinc-200 py-4 last:border-b-0 dark:border-zinc-800" data-field={label}>
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        <SourceBadge custom={custom} />
        {custom && onReset && (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto h-7 px-2"
            busy={resetting}
            onClick={onReset}
            aria-label={t('adminBranding.resetLabel', { field: label })}
          >
            {!resetting && <RotateCcw className="size-3.5" aria-hidden />}
            {t('adminBranding.reset')}
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
