import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { LifeBuoy } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { SYSTEM_ACTOR_ID } from '../../../../src/admin/audit/system-actor'
import { formatDate, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { fieldClass } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { AUDIT_ACTIONS } from './audit-actions'
import { type AuditEntry, type AuditFilters, auditQuery } from './audit-query'
import { useEntryText } from './entry-text'
import '../../../i18n/areas/adminUsers'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A `YYYY-MM-DD` of the date input as the start of that day in the reader's time zone, ISO. */
function startOfDay(value: string, plusDays = 0): string {
  const [year, month, day] = value.split('-').map(Number)
  return new Date(year!, month! - 1, day! + plusDays).toISOString()
}

/**
 * The audit trail, newest first, read-only: filter by action, by who acted or what was acted on
 * (an e-mail or name, or an id: an entry's actor or target sets it), and by a date range. Entries in
 * words (entry-text.ts): a table from `xl` up, cards below.
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
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={ids.action} className={labelClass}>
            {t('adminUsers.audit.action')}
          </label>
          <Select
            id={ids.action}
            value={action}
            onValueChange={setAction}
            options={[
              { value: '', label: t('adminUsers.audit.actionAll') },
              ...AUDIT_ACTIONS.map((name) => ({ value: name, label: t(`adminUsers.audit.action.${name}`) })),
            ]}
          />
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

function When({ at }: { at: string | Date }) {
  const date = new Date(at)
  return (
    <time dateTime={date.toISOString()} className="tabular-nums">
      {formatDate(date)}, {formatTime(date)}
    </time>
  )
}

const link =
  'max-w-full text-left underline decoration-zinc-400 decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-brand'
const quiet = 'text-xs text-zinc-600 dark:text-zinc-400'

/**
 * The entries: a table on wide screens (from xl: 1280 px), cards below. Names stand for people, an
 * e-mail beneath on one line (cut with an ellipsis, whole in its tooltip), so nothing breaks letter
 * by letter; a support-access write is named for what it did and marked as such.
 */
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

  const who = (entry: AuditEntry) => {
    const { name, email } = text.who(entry)
    const actingAs = text.actingAs(entry)
    return (
      <span className="flex min-w-0 flex-col">
        {entry.actorId && entry.actorId !== SYSTEM_ACTOR_ID ? (
          <button
            type="button"
            className={`${link} truncate font-medium`}
            title={t('adminUsers.audit.byActor', { who: email ?? name })}
            onClick={() => onActor(entry.actorId!)}
          >
            {name}
          </button>
        ) : (
          <span className="truncate font-medium">{name}</span>
        )}
        {email ? (
          <span className={`${quiet} truncate`} title={email}>
            {email}
          </span>
        ) : null}
        {actingAs ? <span className={`${quiet} italic`}>{actingAs}</span> : null}
      </span>
    )
  }
  const action = (entry: AuditEntry) => (
    <span className="flex flex-col items-start gap-1">
      <span className="font-medium">{text.action(entry)}</span>
      {entry.actingAs ? (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="support-access-badge"
        >
          <LifeBuoy className="size-3" aria-hidden />
          {t('adminUsers.audit.supportAccess')}
        </span>
      ) : null}
    </span>
  )
  const target = (entry: AuditEntry) => {
    const target = text.target(entry)
    if (!target) return <span>—</span>
    return (
      <span className="flex min-w-0 flex-col">
        {target.filterable && target.id ? (
          <button
            type="button"
            className={`${link} truncate`}
            title={t('adminUsers.audit.onTarget', { what: target.secondary ?? target.text })}
            onClick={() => onTarget(target.id!)}
          >
            {target.text}
          </button>
        ) : (
          <span className="truncate" title={target.id ?? undefined}>
            {target.text}
          </span>
        )}
        {target.secondary ? (
          <span className={`${quiet} truncate`} title={target.secondary}>
            {target.secondary}
          </span>
        ) : null}
      </span>
    )
  }
  const details = (entry: AuditEntry) => {
    const lines = text.details(entry)
    return lines.length ? (
      <ul className="flex flex-col gap-0.5 text-xs text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300">
        {lines.map((line, index) => (
          // Lines may repeat (two fields set to the same words): the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index}>{line}</li>
        ))}
      </ul>
    ) : null
  }
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 xl:block dark:border-zinc-800">
        <table className="w-full table-fixed text-sm">
          <colgroup>
            <col className="w-38" />
            <col className="w-[24%]" />
            <col className="w-[18%]" />
            <col className="w-[22%]" />
            <col />
          </colgroup>
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
                {t('adminUsers.audit.details')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 align-top dark:divide-zinc-800">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td className="px-3 py-2.5 text-zinc-700 dark:text-zinc-300">
                  <When at={entry.createdAt} />
                  {entry.ip ? (
                    <span className={`${quiet} block font-mono`} title={t('adminUsers.audit.ip')}>
                      {entry.ip}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2.5">{who(entry)}</td>
                <td className="px-3 py-2.5">{action(entry)}</td>
                <td className="px-3 py-2.5">{target(entry)}</td>
                <td className="px-3 py-2.5">{details(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 xl:hidden">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-2 rounded-xl border border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800"
            data-testid="audit-entry"
          >
            <span className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              {action(entry)}
              <span className={quiet}>
                <When at={entry.createdAt} />
              </span>
            </span>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              <dt className={`${quiet} pt-0.5`}>{t('adminUsers.audit.who')}</dt>
              <dd className="min-w-0">{who(entry)}</dd>
              <dt className={`${quiet} pt-0.5`}>{t('adminUsers.audit.subject')}</dt>
              <dd className="min-w-0">{target(entry)}</dd>
              {text.details(entry).length ? (
                <>
                  <dt className={`${quiet} pt-0.5`}>{t('adminUsers.audit.details')}</dt>
                  <dd className="min-w-0">{details(entry)}</dd>
                </>
              ) : null}
              {entry.ip ? (
                <>
                  <dt className={quiet}>{t('adminUsers.audit.ip')}</dt>
                  <dd className={`${quiet} font-mono`}>{entry.ip}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}
