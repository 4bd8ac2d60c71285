import { type HTMLAttributes, type ReactNode, useId } from 'react'
import { Label } from './input'

/** What a field hands its control: the label's target, what describes it (problem, then hint), whether it is wrong. */
export interface FieldControl {
  id: string
  describedBy: string | undefined
  invalid: boolean
}

/**
 * A label, its control, what is wrong with the value and a hint, wired so a screen reader reads the
 * problem and the hint with the control. The control is the caller's (an input, a select, a row of
 * them): it takes `id`, `aria-describedby` and `aria-invalid` from the render argument.
 */
export function FormField({
  id: givenId,
  label,
  hint,
  problem,
  aside,
  children,
  ...props
}: {
  /** When the caller needs the control's id itself; else one is made. */
  id?: string
  label: ReactNode
  hint?: ReactNode
  problem?: ReactNode
  /** Beside the label, on its line (a badge, a way back to the default). */
  aside?: ReactNode
  children: (control: FieldControl) => ReactNode
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  const madeId = useId()
  const id = givenId ?? madeId
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  const describedBy =
    [problem ? problemId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div {...props}>
      {aside ? (
        <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Label htmlFor={id} className="mb-0">
            {label}
          </Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({ id, describedBy, invalid: Boolean(problem) })}
      {problem ? (
        <p id={problemId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
