import { useT } from '../../../i18n/i18n'
import { accessSummary, limitsSummary } from './group-summary'
import type { Group } from './groups-query'
import '../../../i18n/areas/adminGroups'

const cellHead =
  'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400'
const muted = 'text-zinc-600 dark:text-zinc-400'

/** The groups: a table from `md` up, stacked rows below; a group's name opens it. */
export function GroupList({ groups, onOpen }: { groups: Group[]; onOpen: (id: string) => void }) {
  const t = useT()
  const limits = (group: Group) => {
    const parts = limitsSummary(group)
    return parts.length ? parts : [t('adminGroups.list.noLimits')]
  }
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border border-zinc-200 md:block dark:border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={cellHead}>
                {t('adminGroups.list.name')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminGroups.list.members')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminGroups.list.providerGroup')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminGroups.list.limits')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminGroups.list.access')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {groups.map((group) => {
              const access = accessSummary(group)
              return (
                <tr
                  key={group.id}
                  className="cursor-pointer align-top hover:bg-zinc-50 dark:hover:bg-zinc-900/60"
                  onClick={() => onOpen(group.id)}
                  data-testid="group-row"
                >
                  <td className="px-3 py-2.5">
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation()
                        onOpen(group.id)
                      }}
                      className="text-left font-medium break-words hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      {group.name}
                    </button>
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">
                    {t('adminGroups.list.memberCount', { count: group.memberCount })}
                  </td>
                  <td className="px-3 py-2.5 break-all">
                    {group.providerGroup ? (
                      <code className="text-xs">{group.providerGroup}</code>
                    ) : (
                      <span className={muted}>{t('adminGroups.list.noProviderGroup')}</span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 tabular-nums">
                    {limits(group).map((part) => (
                      <span key={part} className={limitsSummary(group).length ? 'block' : `block ${muted}`}>
                        {part}
                      </span>
                    ))}
                  </td>
                  <td className="px-3 py-2.5">
                    <span className="block">{access.models}</span>
                    <span className="block">{access.agents}</span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 md:hidden dark:divide-zinc-800 dark:border-zinc-800">
        {groups.map((group) => {
          const access = accessSummary(group)
          return (
            <li key={group.id} data-testid="group-row">
              <button
                type="button"
                onClick={() => onOpen(group.id)}
                className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-900/60"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium break-words">{group.name}</span>
                  <span className={`text-sm tabular-nums ${muted}`}>
                    {t('adminGroups.list.memberCount', { count: group.memberCount })}
                  </span>
                </span>
                {group.providerGroup ? (
                  <span className={`text-xs break-all ${muted}`}>
                    {t('adminGroups.list.providerValue', { name: group.providerGroup })}
                  </span>
                ) : null}
                <span className="text-sm text-zinc-700 dark:text-zinc-300">
                  {access.models} · {access.agents}
                </span>
                <span className={`text-sm tabular-nums ${muted}`}>{limits(group).join(' · ')}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}
