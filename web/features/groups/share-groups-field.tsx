import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useT } from '../../i18n/i18n'
import { shareGroupsQuery } from './share-groups-query'
import '../../i18n/areas/groups'

/**
 * 'Share with groups' in the prompt and knowledge dialogs: a checkbox per group this person may
 * share with. Shown only to someone with groups; a group they no longer see (the administrator
 * took them out) stays ticked unseen, so editing does not unshare what someone else shared.
 */
export function ShareGroupsField({
  value,
  onChange,
  testId,
}: {
  value: string[]
  onChange: (ids: string[]) => void
  testId: string
}) {
  const t = useT()
  const id = useId()
  const groups = useQuery(shareGroupsQuery)
  if (!groups.data?.length) return null
  return (
    <fieldset aria-describedby={`${id}-note`} data-testid={testId}>
      <legend className="text-sm font-medium">{t('groups.share.label')}</legend>
      <p id={`${id}-note`} className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('groups.share.note')}
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1.5">
        {groups.data.map((group) => (
          <li key={group.id}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-brand"
                checked={value.includes(group.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...value, group.id] : value.filter((other) => other !== group.id),
                  )
                }
              />
              {group.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
