import { useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'

/**
 * The groups as checkboxes, by name (with their member counts when known), for whatever is given to
 * chosen groups only: the team API, an MCP server. A group chosen before but since deleted simply
 * is no more.
 */
export function GroupPicker({
  groups,
  loadError,
  chosen,
  onChosen,
  label,
  empty,
  problem,
  disabled,
  testId,
}: {
  groups: { id: string; name: string; memberCount?: number }[] | undefined
  loadError: string | null
  chosen: string[]
  onChosen: (ids: string[]) => void
  /** The fieldset's legend. */
  label: string
  /** Said instead when there are no groups yet. */
  empty: string
  problem?: string | null
  disabled?: boolean
  /** Each checkbox's test id. */
  testId: string
}) {
  const t = useT()
  const problemId = useId()
  if (loadError) return <Alert tone="error">{loadError}</Alert>
  if (!groups)
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('common.loading')}
      </p>
    )
  // With no group to choose, a Save that needs one still says why it did nothing.
  if (groups.length === 0)
    return (
      <div className="text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{empty}</p>
        {problem ? <p className="mt-1.5 text-red-700 dark:text-red-300">{problem}</p> : null}
      </div>
    )
  return (
    <fieldset aria-describedby={problem ? problemId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {groups.map((group) => {
          const checked = chosen.includes(group.id)
          return (
            <label
              key={group.id}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition ${
                checked
                  ? 'border-brand bg-brand/10 text-zinc-900 dark:bg-brand/20 dark:text-zinc-100'
                  : 'border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800'
              }`}
            >
              <input
                type="checkbox"
                className="size-4 accent-brand"
                checked={checked}
                onChange={(event) =>
                  onChosen(
                    event.target.checked ? [...chosen, group.id] : chosen.filter((id) => id !== group.id),
                  )
                }
                data-testid={testId}
              />
              <span>{group.name}</span>
              {group.memberCount !== undefined ? (
                <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                  {group.memberCount}
                </span>
              ) : null}
            </label>
          )
        })}
      </div>
      {problem ? (
        <p id={problemId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
