import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Search, UserMinus, UserPlus } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { t as translate, useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Button } from '../../../ui/button'
import { Input } from '../../../ui/input'
import { addMember, GROUPS_KEY, type Group, type GroupMember, removeMember } from './groups-query'
import { memberSearchQuery } from './member-search'
import { MemberSourceBadge } from './member-source-badge'
import '../../../i18n/areas/adminGroups'

const nameOf = (person: { fullName: string | null; email: string }) => person.fullName?.trim() || person.email

/** The group's members with how each joined, Remove, and a search to add someone by hand. */
export function GroupMembers({ group, members }: { group: Group; members: GroupMember[] }) {
  const t = useT()
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: GROUPS_KEY })
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
    // A member's budget and models may follow from the group.
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
  }
  const remove = useMutation({
    mutationFn: (member: GroupMember) => removeMember(group.id, member.id),
    onSuccess: (_, member) => {
      refresh()
      toast.success(translate('adminGroups.members.removed', { name: nameOf(member) }))
    },
    onError: (error) => toast.error(error.message),
  })
  const synced = members.some((member) => member.source !== 'manual')

  return (
    <div className="flex flex-col gap-3" data-testid="group-members">
      <AddMember group={group} members={members} onAdded={refresh} />
      {members.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('adminGroups.members.empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 px-3 py-2" data-testid="group-member">
              {/* The badge beside the name, so a phone keeps the whole width for the e-mail. */}
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="min-w-0 truncate text-sm font-medium">{nameOf(member)}</span>
                  <MemberSourceBadge source={member.source} />
                </p>
                <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{member.email}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-10 shrink-0"
                busy={remove.isPending && remove.variables?.id === member.id}
                onClick={() => remove.mutate(member)}
                aria-label={t('adminGroups.members.remove', { name: nameOf(member) })}
                title={t('adminGroups.members.remove', { name: nameOf(member) })}
              >
                {remove.isPending && remove.variables?.id === member.id ? null : (
                  <UserMinus className="size-4" aria-hidden />
                )}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {synced ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('adminGroups.members.syncedNote')}</p>
      ) : null}
    </div>
  )
}

function AddMember({
  group,
  members,
  onAdded,
}: {
  group: Group
  members: GroupMember[]
  onAdded: () => void
}) {
  const t = useT()
  const id = useId()
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300)
    return () => clearTimeout(timer)
  }, [typed])
  const found = useQuery(memberSearchQuery(q))
  const candidates = (found.data ?? []).filter((user) => !members.some((member) => member.id === user.id))
  const add = useMutation({
    mutationFn: (user: { id: string; fullName: string | null; email: string }) =>
      addMember(group.id, user.id),
    onSuccess: (_, user) => {
      onAdded()
      toast.success(translate('adminGroups.members.added', { name: nameOf(user) }))
    },
    onError: (error) => toast.error(error.message),
  })
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('adminGroups.members.search')}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('adminGroups.members.searchPlaceholder')}
          autoComplete="off"
          className="pl-9"
          data-testid="group-member-search"
        />
      </div>
      {q && found.data ? (
        candidates.length === 0 ? (
          <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('adminGroups.members.noMatch')}
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1" data-testid="group-member-candidates">
            {candidates.map((user) => (
              <li
                key={user.id}
                className="flex items-center gap-3 rounded-lg bg-zinc-50 px-3 py-1.5 dark:bg-zinc-800/50"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{nameOf(user)}</p>
                  <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{user.email}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  busy={add.isPending && add.variables?.id === user.id}
                  onClick={() => add.mutate(user)}
                  aria-label={t('adminGroups.members.addLabel', { name: nameOf(user) })}
                >
                  {add.isPending && add.variables?.id === user.id ? null : (
                    <UserPlus className="size-4" aria-hidden />
                  )}
                  {t('adminGroups.members.add')}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}
