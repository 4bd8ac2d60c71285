import { useId } from 'react'
import { Select } from '../../../ui/select'

export interface Choice {
  value: string
  label: string
}

/**
 * 'All' or 'only the chosen' (the group's models, its agents): the one Select for the mode, and
 * when narrowed, a checkbox per option. An id that is no longer offered (a model the provider
 * dropped) stays listed while chosen, so saving does not drop it unseen.
 */
export function ChoiceField({
  legend,
  hint,
  problem,
  allLabel,
  chosenLabel,
  emptyLabel,
  mode,
  chosen,
  options,
  onMode,
  onChosen,
  testId,
}: {
  legend: string
  hint?: string
  problem?: string
  allLabel: string
  chosenLabel: string
  emptyLabel: string
  mode: 'all' | 'chosen'
  chosen: string[]
  options: Choice[]
  onMode: (mode: 'all' | 'chosen') => void
  onChosen: (chosen: string[]) => void
  testId: string
}) {
  const id = useId()
  const listed = [
    ...options,
    ...chosen
      .filter((value) => !options.some((option) => option.value === value))
      .map((value) => ({ value, label: value })),
  ]
  const describedBy = [problem ? `${id}-problem` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <fieldset data-testid={testId} aria-describedby={describedBy || undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <Select
        aria-label={legend}
        value={mode}
        onValueChange={onMode}
        options={[
          { value: 'all', label: allLabel },
          { value: 'chosen', label: chosenLabel },
        ]}
        data-testid={`${testId}-mode`}
      />
      {mode === 'chosen' ? (
        listed.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{emptyLabel}</p>
        ) : (
          <ul
            className="mt-2 flex max-h-48 flex-col gap-0.5 overflow-y-auto rounded-lg border border-zinc-200 p-1.5 dark:border-zinc-800"
            aria-invalid={problem ? true : undefined}
          >
            {listed.map((option) => (
              <li key={option.value}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand"
                    checked={chosen.includes(option.value)}
                    onChange={(event) =>
                      onChosen(
                        event.target.checked
                          ? [...chosen, option.value]
                          : chosen.filter((value) => value !== option.value),
                      )
                    }
                  />
                  <span className="min-w-0 break-words">{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </fieldset>
  )
}
