import { RotateCcw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button'
import { type FieldControl, FormField } from '../../ui/form-field'

/** What a row hands its control: the label's target, the hint (and problem) to describe it, whether it is wrong. */
export type ControlProps = FieldControl

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
  return (
    <FormField
      className="border-b border-zinc-200 py-5 last:border-b-0 dark:border-zinc-800"
      data-field={label}
      label={label}
      hint={hint}
      problem={problem}
      aside={
        <>
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
        </>
      }
    >
      {children}
    </FormField>
  )
}
