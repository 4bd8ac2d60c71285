import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Search, UserPlus } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { formatMoney, formatRelative } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { fieldClass } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { NewUserDialog } from './new-user-dialog'
import { BannedBadge, RoleBadge } from './user-badges'
import { UserDetailDialog } from './user-detail-dialog'
import {
  type AdminUser,
  type UserFilters,
  type UserRole,
  type UserSort,
  type UserStatus,
  usersQuery,
} from './users-query'
import '../../../i18n/areas/adminUsers'

/**
 * The admin area's users: server-side search (debounced), role and status filters, three sort
 * orders, 'Load more'. A row opens the user's detail dialog with the actions; 'New user' invites
 * someone by mail. A table from `md` up, stacked rows below.
 */
export function UsersSection() {
  const t = useT()
  const ids = { search: useId(), role: useId(), status: useId(), sort: useId() }
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<UserFilters>({ q: '', role: '', status: '', sort: 'created' })
  const [selected, setSelected] = useState<AdminUser | null>(null)
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => ({ ...current, q: search.trim() })), 300)
    return () => clearTimeout(timer)
  }, [search])

  const users = useInfiniteQuery({ ...usersQuery(filters), placeholderData: keepPreviousData })
  const items = users.data?.pages.flatMap((page) => page.items) ?? []

  return (
    // The admin layout shows the section's heading (admin-section-title).
    <section
      aria-labelledby="admin-section-title"
      className="mt-4 flex flex-col gap-4"
      data-testid="users-section"
    >
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button onClick={() => setCreating(true)}>
          <UserPlus className="size-4" aria-hidden /> {t('adminUsers.users.new')}
        </Button>
      </div>

      {/* Stacked on narrow screens; one row from lg up, each select as wide as its longest option
          (never cut, in any language), wrapping rather than squeezing when a language is long. */}
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <div className="relative lg:min-w-56 lg:flex-1">
          <label htmlFor={ids.search} className="sr-only">
            {t('adminUsers.users.search')}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
            aria-hidden
          />
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('adminUsers.users.search')}
            className={`${fieldClass} h-10 pl-9`}
          />
        </div>
        <FilterSelect
          id={ids.role}
          label={t('adminUsers.users.role')}
          value={filters.role}
          onChange={(role) => setFilters((current) => ({ ...current, role: role as UserRole | '' }))}
          options={[
            ['', t('adminUsers.users.roleAll')],
            ['admin', t('adminUsers.role.admin')],
            ['user', t('adminUsers.role.user')],
          ]}
        />
        <FilterSelect
          id={ids.status}
          label={t('adminUsers.users.status')}
          value={filters.status}
          onChange={(status) => setFilters((current) => ({ ...current, status: status as UserStatus | '' }))}
          options={[
            ['', t('adminUsers.users.statusAll')],
            ['active', t('adminUsers.status.active')],
            ['banned', t('adminUsers.status.banned')],
          ]}
        />
        <FilterSelect
          id={ids.sort}
          label={t('adminUsers.users.sort')}
          value={filters.sort}
          onChange={(sort) => setFilters((current) => ({ ...current, sort: sort as UserSort }))}
          options={[
            ['created', t('adminUsers.sort.created')],
            ['last_active', t('adminUsers.sort.lastActive')],
            ['spend', t('adminUsers.sort.spend')],
          ]}
        />
      </div>

      {users.isError ? (
        <Alert tone="error">{users.error.message}</Alert>
      ) : users.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t('adminUsers.users.empty')}
        </p>
      ) : (
        <UserList users={items} onOpen={setSelected} />
      )}

      {users.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          busy={users.isFetchingNextPage}
          onClick={() => users.fetchNextPage()}
        >
          {t('adminUsers.users.loadMore')}
        </Button>
      ) : null}

      <UserDetailDialog user={selected} onClose={() => setSelected(null)} />
      <NewUserDialog open={creating} onOpenChange={setCreating} />
    </section>
  )
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: [value: string, label: string][]
}) {
  return (
    <div className="flex items-center gap-2 lg:shrink-0">
      <label htmlFor={id} className="min-w-16 shrink-0 text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onValueChange={onChange}
        options={options.map(([optionValue, optionLabel]) => ({ value: optionValue, label: optionLabel }))}
        wrapperClassName="lg:w-auto"
      />
    </div>
  )
}

const nameOf = (user: { fullName: string | null; email: string }) => user.fullName?.trim() || user.email

function UserList({ users, onOpen }: { users: AdminUser[]; onOpen: (user: AdminUser) => void }) {
  const t = useT()
  const lastActive = (user: AdminUser) =>
    user.lastActiveAt ? formatRelative(user.lastActiveAt) : t('adminUsers.users.never')
  const cellHead =
    'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400'
  return (
    <>
      {/* From md up: a table. */}
      <div className="hidden overflow-hidden rounded-xl border border-zinc-200 md:block dark:border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={cellHead}>
                {t('adminUsers.users.name')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminUsers.users.email')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminUsers.users.role')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminUsers.users.lastActive')}
              </th>
              <th scope="col" className={`${cellHead} text-right`}>
                {t('adminUsers.users.spendMonth')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {users.map((user) => (
              <tr
                key={user.id}
                className="cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-900/60"
                onClick={() => onOpen(user)}
                data-testid="user-row"
              >
                <td className="px-3 py-2.5">
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation()
                      onOpen(user)
                    }}
                    className="text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {nameOf(user)}
                  </button>
                </td>
                <td className="px-3 py-2.5 break-all text-zinc-700 dark:text-zinc-300">{user.email}</td>
                <td className="px-3 py-2.5">
                  <span className="flex flex-wrap gap-1.5">
                    <RoleBadge role={user.role} />
                    {user.isBanned ? <BannedBadge /> : null}
                  </span>
                </td>
                <td className="px-3 py-2.5 text-zinc-700 dark:text-zinc-300">{lastActive(user)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatMoney(user.spendMonthUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Below md: stacked rows. */}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 md:hidden dark:divide-zinc-800 dark:border-zinc-800">
        {users.map((user) => (
          <li key={user.id} data-testid="user-row">
            <button
              type="button"
              onClick={() => onOpen(user)}
              className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-900/60"
            >
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="font-medium">{nameOf(user)}</span>
                <RoleBadge role={user.role} />
                {user.isBanned ? <BannedBadge /> : null}
              </span>
              <span className="text-sm break-all text-zinc-700 dark:text-zinc-300">{user.email}</span>
              <span className="flex justify-between gap-3 text-xs text-zinc-600 dark:text-zinc-400">
                <span>
                  {user.lastActiveAt
                    ? t('adminUsers.users.lastActiveValue', { when: formatRelative(user.lastActiveAt) })
                    : t('adminUsers.detail.neverSeen')}
                </span>
                <span className="shrink-0 text-right whitespace-nowrap tabular-nums">
                  {t('adminUsers.users.spendValue', { amount: formatMoney(user.spendMonthUsd) })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
