import { RotateCcw } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '../../ui/button'
import { Label } from '../../ui/input'

/** What a row hands its control: the label's target, the hint (and problem) to describe it, whether it is wrong. */
export interface ControlProps {
  id: string
  describedBy: string
  invalid: boolean
}

/**
 * One setting of an admin form (budgets, branding): its label, a badge saying where its value comes
 * from, the way back to the default when there is one, the control, what is wrong with what was
 * typed, and a hint.
 */
export function AdminFieldRow({
  label,
  hint,
  badge,
  problem,
  reset,
  children,
}: {
  label: string
  hint: ReactNode
  badge: ReactNode
  problem?: string
  /** Shown when the value was set here and the row has a way back (its texts are the form's own). */
  reset?: { text: string; label: string; busy: boolean; onClick: () => void }
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  return (
    <div className="border-b border-zinc-200 py-5 last:border-b-0 dark:border-zinc-800" data-field={label}>
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        {badge}
        {reset && (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto h-7 px-2"
            busy={reset.busy}
            onClick={reset.onClick}
            aria-label={reset.label}
          >
            {!reset.busy && <RotateCcw className="size-3.5" aria-hidden />}
            {reset.text}
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
