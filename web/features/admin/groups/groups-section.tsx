import { useQuery } from '@tanstack/react-query'
import { Plus, UsersRound } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { isRefusal } from '../refusal-boundary'
import { type Editing, GroupDialog } from './group-dialog'
import { GroupList } from './group-list'
import { groupsQuery } from './groups-query'
import '../../../i18n/areas/adminGroups'

/** Which group the dialog shows: a new one, or one by id (a new group becomes the latter once created). */

/**
 * Admin › Groups (issue 29): every group with its members, provider group, limits and how it
 * narrows models and agents; 'New group' and a row open the group's dialog.
 */
export function GroupsSection() {
  const t = useT()
  const groups = useQuery({ ...groupsQuery, throwOnError: isRefusal })
  const [editing, setEditing] = useState<Editing>(null)
  return (
    // The admin layout shows the section's heading (admin-section-title).
    <section
      aria-labelledby="admin-section-title"
      className="mt-2 flex flex-col gap-4"
      data-testid="groups-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl min-w-0 flex-1 basis-72 text-sm text-zinc-700 dark:text-zinc-300">
          {t('adminGroups.intro')}
        </p>
        <Button onClick={() => setEditing({ kind: 'new' })} data-testid="group-new">
          <Plus className="size-4" aria-hidden /> {t('adminGroups.new')}
        </Button>
      </div>

      {groups.isError ? (
        <Alert tone="error">{groups.error.message}</Alert>
      ) : groups.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : groups.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700">
          <UsersRound className="size-6 text-zinc-500 dark:text-zinc-400" aria-hidden />
          <p className="font-medium">{t('adminGroups.empty')}</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{t('adminGroups.emptyHint')}</p>
        </div>
      ) : (
        <GroupList groups={groups.data} onOpen={(id) => setEditing({ kind: 'edit', id })} />
      )}

      <GroupDialog editing={editing} onEditing={setEditing} />
    </section>
  )
}
