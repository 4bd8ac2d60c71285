import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { formatDate, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { isLocale, LOCALE_NAMES } from '../../../i18n/locales'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { fieldClass } from '../../../ui/input'
import { SLOT, withNode } from '../../../ui/with-node'
import { AUDIT_ACTIONS, isKnownAction } from './audit-actions'
import { type AuditEntry, type AuditFilters, auditQuery } from './audit-query'
import '../../../i18n/areas/adminUsers'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A `YYYY-MM-DD` of the date input as the start of that day in the reader's time zone, ISO. */
function startOfDay(value: string, plusDays = 0): string {
  const [year, month, day] = value.split('-').map(Number)
  return new Date(year!, month! - 1, day! + plusDays).toISOString()
}

/**
 * The audit trail, newest first, read-only: filter by action, by who acted or what was acted on
 * (an e-mail or name, or an id: an entry's actor or target sets it), and by a date range. A table from `md` up, stacked
 * entries below.
 */
export function AuditSection() {
  const t = useT()
  const ids = { action: useId(), actor: useId(), target: useId(), from: useId(), to: useId() }
  const [action, setAction] = useState('')
  const [actor, setActor] = useState('')
  const [target, setTarget] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [typed, setTyped] = useState({ actor: '', target: '' })

  // The who/target fields are typed (or pasted): wait for a pause before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setTyped({ actor: actor.trim(), target: target.trim() }), 300)
    return () => clearTimeout(timer)
  }, [actor, target])

  // An id (pasted, or set by clicking an entry) filters exactly; any other text is an e-mail or name.
  const byId = (text: string) => UUID.test(text)
  const filters: AuditFilters = {
    action,
    actor: byId(typed.actor) ? typed.actor : '',
    actorEmail: byId(typed.actor) ? '' : typed.actor,
    target: byId(typed.target) ? typed.target : '',
    targetEmail: byId(typed.target) ? '' : typed.target,
    from: from ? startOfDay(from) : '',
    to: to ? startOfDay(to, 1) : '',
  }
  const audit = useInfiniteQuery({ ...auditQuery(filters), placeholderData: keepPreviousData })
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? []
  const filtered = Boolean(action || actor || target || from || to)

  function clear() {
    setAction('')
    setActor('')
    setTarget('')
    setFrom('')
    setTo('')
  }

  const labelClass = 'mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300'
  return (
    // The admin layout shows the section's heading (admin-section-title).
    <section
      aria-labelledby="admin-section-title"
      className="mt-4 flex flex-col gap-4"
      data-testid="audit-section"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={ids.action} className={labelClass}>
            {t('adminUsers.audit.action')}
          </label>
          <select
            id={ids.action}
            value={action}
            onChange={(event) => setAction(event.target.value)}
            className={`${fieldClass} h-10`}
          >
            <option value="">{t('adminUsers.audit.actionAll')}</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {t(`adminUsers.audit.action.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.actor} className={labelClass}>
            {t('adminUsers.audit.actor')}
          </label>
          <input
            id={ids.actor}
            value={actor}
            onChange={(event) => setActor(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            className={`${fieldClass} h-10`}
          />
        </div>
        <div>
          <label htmlFor={ids.target} className={labelClass}>
            {t('adminUsers.audit.target')}
          </label>
          <input
            id={ids.target}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            className={`${fieldClass} h-10`}
          />
        </div>
        <div>
          <label htmlFor={ids.from} className={labelClass}>
            {t('adminUsers.audit.from')}
          </label>
          <input
            id={ids.from}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            className={`${fieldClass} h-10`}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className={labelClass}>
            {t('adminUsers.audit.to')}
          </label>
          <input
            id={ids.to}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            className={`${fieldClass} h-10`}
          />
        </div>
      </div>
      {filtered ? (
        <Button variant="ghost" size="sm" className="-mt-2 self-start" onClick={clear}>
          {t('adminUsers.audit.clear')}
        </Button>
      ) : null}

      {audit.isError ? (
        <Alert tone="error">{audit.error.message}</Alert>
      ) : audit.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t('adminUsers.audit.empty')}
        </p>
      ) : (
        <AuditList entries={entries} onActor={setActor} onTarget={setTarget} />
      )}

      {audit.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          busy={audit.isFetchingNextPage}
          onClick={() => audit.fetchNextPage()}
        >
          {t('adminUsers.audit.loadMore')}
        </Button>
      ) : null}
    </section>
  )
}

type Details = Record<string, unknown>
const detailsOf = (entry: AuditEntry): Details =>
  entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
    ? (entry.details as Details)
    : {}

function useEntryText() {
  const t = useT()
  const roleName = (role: unknown) =>
    role === 'admin' ? t('adminUsers.role.admin') : role === 'user' ? t('adminUsers.role.user') : String(role)
  return {
    action: (entry: AuditEntry) =>
      isKnownAction(entry.action) ? t(`adminUsers.audit.action.${entry.action}`) : entry.action,
    /** The target as people know it: the e-mail the entry recorded, else the id. */
    target: (entry: AuditEntry) => {
      const email = detailsOf(entry).email
      return typeof email === 'string' ? email : (entry.targetId ?? '—')
    },
    /** The details in words where we know them; any other field as `name: value`. */
    details: (entry: AuditEntry): string[] => {
      const { email: _, from, to, sessionsEnded, preferredLanguage, ...rest } = detailsOf(entry)
      const lines: string[] = []
      if (entry.action === 'user.role' && from !== undefined && to !== undefined)
        lines.push(t('adminUsers.audit.detail.role', { from: roleName(from), to: roleName(to) }))
      else {
        if (from !== undefined) rest.from = from
        if (to !== undefined) rest.to = to
      }
      if (typeof sessionsEnded === 'number')
        lines.push(t('adminUsers.audit.detail.sessionsEnded', { count: sessionsEnded }))
      if (typeof preferredLanguage === 'string')
        lines.push(
          t('adminUsers.audit.detail.language', {
            language: isLocale(preferredLanguage) ? LOCALE_NAMES[preferredLanguage] : preferredLanguage,
          }),
        )
      if (entry.action === 'user.create' && typeof rest.role === 'string') {
        lines.push(t('adminUsers.audit.detail.createdRole', { role: roleName(rest.role) }))
        delete rest.role
      }
      for (const [name, value] of Object.entries(rest))
        lines.push(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      return lines
    },
  }
}

function When({ at }: { at: string | Date }) {
  const date = new Date(at)
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {formatDate(date)}, {formatTime(date)}
    </time>
  )
}

function AuditList({
  entries,
  onActor,
  onTarget,
}: {
  entries: AuditEntry[]
  onActor: (id: string) => void
  onTarget: (id: string) => void
}) {
  const t = useT()
  const text = useEntryText()
  const head =
    'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400'
  const link =
    'text-left underline decoration-zinc-400 decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-brand'
  const who = (entry: AuditEntry) => (
    <>
      {entry.actorId ? (
        <button
          type="button"
          className={`${link} break-all`}
          title={t('adminUsers.audit.byActor', { who: entry.actorEmail ?? entry.actorId })}
          onClick={() => onActor(entry.actorId!)}
        >
          {entry.actorEmail ?? entry.actorId}
        </button>
      ) : (
        <span>{entry.actorEmail ?? t('adminUsers.audit.system')}</span>
      )}
      {entry.actingAsId ? (
        <span className="block text-xs break-all text-zinc-600 dark:text-zinc-400">
          {t('adminUsers.audit.actingAs', { id: entry.actingAsId })}
        </span>
      ) : null}
    </>
  )
  const target = (entry: AuditEntry) =>
    entry.targetId ? (
      <button type="button" className={`${link} break-all`} onClick={() => onTarget(entry.targetId!)}>
        {text.target(entry)}
      </button>
    ) : (
      <span>—</span>
    )
  const details = (entry: AuditEntry) => (
    <ul className="text-xs text-zinc-700 dark:text-zinc-300">
      {text.details(entry).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 md:block dark:border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={head}>
                {t('adminUsers.audit.when')}
              </th>
              <th scope="col" className={head}>
                {t('adminUsers.audit.who')}
              </th>
              <th scope="col" className={head}>
                {t('adminUsers.audit.action')}
              </th>
              <th scope="col" className={head}>
                {t('adminUsers.audit.subject')}
              </th>
              <th scope="col" className={head}>
                {t('adminUsers.audit.ip')}
              </th>
              <th scope="col" className={head}>
                {t('adminUsers.audit.details')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 align-top dark:divide-zinc-800">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td className="px-3 py-2.5 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                  <When at={entry.createdAt} />
                </td>
                <td className="px-3 py-2.5">{who(entry)}</td>
                <td className="px-3 py-2.5 font-medium">{text.action(entry)}</td>
                <td className="px-3 py-2.5">{target(entry)}</td>
                <td className="px-3 py-2.5 font-mono text-xs text-zinc-700 dark:text-zinc-300">
                  {entry.ip ?? '—'}
                </td>
                <td className="px-3 py-2.5">{details(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 md:hidden dark:divide-zinc-800 dark:border-zinc-800">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm" data-testid="audit-entry">
            <span className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{text.action(entry)}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                <When at={entry.createdAt} />
              </span>
            </span>
            <span className="text-zinc-700 dark:text-zinc-300">{who(entry)}</span>
            <span className="text-zinc-700 dark:text-zinc-300">
              {withNode(t('adminUsers.audit.targetValue', { target: SLOT }), target(entry))}
            </span>
            {details(entry)}
            {entry.ip ? (
              <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
                {t('adminUsers.audit.ipValue', { ip: entry.ip })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
