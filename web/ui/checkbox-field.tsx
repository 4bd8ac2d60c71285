import type { ReactNode } from 'react'

/**
 * A checkbox with its label and a note under it that says what ticking it means (the knowledge
 * entry's 'Share with team', the prompt's 'Make this prompt public'). The note is the checkbox's
 * description, so a screen reader reads it after the label.
 */
export function CheckboxField({
  id,
  label,
  note,
  checked,
  onChange,
  testId,
}: {
  id: string
  label: ReactNode
  note: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  testId: string
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-note`}
        className="mt-0.5 size-4 accent-brand"
        data-testid={testId}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-note`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {note}
        </p>
      </div>
    </div>
  )
}
