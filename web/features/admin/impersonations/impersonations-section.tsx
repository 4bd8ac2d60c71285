import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { formatDate, formatRelative, formatTime } from '../../../i18n/format'
import { t as translate, useT } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import type { ParleySocket } from '../../chats/socket-context'
import { countdown, reasonLabel } from '../../impersonation/banner-figures'
import { isKnownAction } from '../audit/audit-actions'
import '../../../i18n/areas/impersonation'
import '../../../i18n/areas/adminUsers'

export const impersonationsQuery = queryOptions({
  queryKey: ['admin', 'impersonations'],
  queryFn: async () => {
    const { data, error } = await api.admin.impersonations.get()
    if (error) throw apiFailure(error, translate('impersonation.monitor.loadFailed'))
    return data.data
  },
})
type Listing = NonNullable<Awaited<ReturnType<NonNullable<typeof impersonationsQuery.queryFn>>>>
type Access = Listing['active'][number]

const actionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'impersonation-actions', id],
    queryFn: async () => {
      const { data, error } = await api.admin.impersonations({ id }).actions.get()
      if (error) throw apiFailure(error, translate('impersonation.monitor.actionsFailed'))
      return data.data
    },
  })
type Action = Awaited<ReturnType<NonNullable<ReturnType<typeof actionsQuery>['queryFn']>>>['items'][number]

/**
 * The list is pushed, not polled: this page opens its own socket (the admin area has none) and
 * reads the list again on `impersonations:changed` (sent to administrators acting as themselves
 * when an access starts or ends, whatever ended it) and after a reconnect (a change may have
 * been missed). Answers whether the socket is connected.
 */
function useLiveList() {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  useEffect(() => {
    let closed = false
    let socket: ParleySocket | undefined
    const refetch = () => void queryClient.invalidateQueries({ queryKey: impersonationsQuery.queryKey })
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      socket = io({ path: '/socket.io/', withCredentials: true }) as ParleySocket
      socket.on('impersonations:changed', refetch)
      socket.on('connect', () => setLive(true))
      socket.on('disconnect', () => setLive(false))
      socket.io.on('reconnect', refetch)
    })
    return () => {
      closed = true
      socket?.disconnect()
    }
  }, [queryClient])
  return live
}

/** The write routes a support session may use, in words (`impersonation.write.*`). */
const WRITE_WORDS = {
  'POST /api/chats': 'chatCreate',
  'PATCH /api/chats/:id': 'chatUpdate',
  'DELETE /api/chats/:id': 'chatDelete',
  'PATCH /api/chats/:id/config': 'chatConfigUpdate',
  'DELETE /api/chats/:id/config': 'chatConfigReset',
  'POST /api/chats/:id/messages': 'messageSend',
  'POST /api/chat': 'messageSend',
  'POST /api/chats/:id/regenerate': 'replyRegenerate',
  'POST /api/chats/:id/stop': 'replyStop',
  'PATCH /api/profile': 'profileUpdate',
  'PUT /api/models/preferred': 'preferredModel',
  'POST /api/uploads': 'uploadCreate',
  'DELETE /api/uploads/:id': 'uploadDelete',
  'POST /api/prompts': 'promptCreate',
  'PATCH /api/prompts/:id': 'promptUpdate',
  'DELETE /api/prompts/:id': 'promptDelete',
  'POST /api/prompts/:id/duplicate': 'promptDuplicate',
  'POST /api/prompts/:id/use': 'promptUse',
  'POST /api/prompts/generate': 'promptGenerate',
  'POST /api/auth/logout': 'signOut',
} as const
const isKnownWrite = (route: string): route is keyof typeof WRITE_WORDS => route in WRITE_WORDS

const person = (who: { name: string | null; email: string }) => who.name?.trim() || who.email
const stamp = (date: string | Date) => `${formatDate(date)} ${formatTime(date)}`

/**
 * Admin area › Support access: the accesses running now (time left ticking here, the list pushed
 * by the server), which any admin can end, and the past ones with how they ended and what was
 * done during each (from the audit trail) (issue 11).
 */
export function ImpersonationsSection() {
  const t = useT()
  const list = useQuery(impersonationsQuery)
  const live = useLiveList()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <div className="flex flex-col gap-6" data-testid="impersonations-section" data-live={live}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('impersonation.monitor.intro')}</p>
      {list.isError ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : null}
      {list.data ? (
        <>
          <section aria-labelledby="impersonations-active">
            <h2 id="impersonations-active" className="mb-2 text-base font-semibold">
              {t('impersonation.monitor.active')}
            </h2>
            {list.data.active.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('impersonation.monitor.noneActive')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.data.active.map((access) => (
                  <ActiveRow key={access.id} access={access} now={now} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="impersonations-history">
            <h2 id="impersonations-history" className="mb-2 text-base font-semibold">
              {t('impersonation.monitor.history')}
            </h2>
            {list.data.history.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('impersonation.monitor.noHistory')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.data.history.map((access) => (
                  <HistoryRow key={access.id} access={access} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}

const rowClass = 'rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800'

function Who({ access }: { access: Access }) {
  const t = useT()
  return (
    <>
      <p className="font-semibold">
        {t('impersonation.monitor.who', { admin: person(access.admin), target: person(access.target) })}
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        {t('impersonation.banner.reason', { reason: reasonLabel(access.reasonCode) })} ·{' '}
        {t('impersonation.banner.case', { caseNumber: access.caseNumber })}
      </p>
    </>
  )
}

function ActiveRow({ access, now }: { access: Access; now: number }) {
  const t = useT()
  const queryClient = useQueryClient()
  const end = useMutation({
    mutationFn: async () => {
      const { error } = await api.admin.impersonations({ id: access.id }).delete()
      if (error) throw apiFailure(error, translate('impersonation.monitor.endFailed'))
    },
    onSuccess: () => toast.success(translate('impersonation.monitor.endDone')),
    onError: (error) => toast.error(error.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: impersonationsQuery.queryKey }),
  })
  const expiresAt = new Date(access.expiresAt).toISOString()
  return (
    <li data-testid="impersonation-active-row" className={`${rowClass} flex flex-wrap items-center gap-3`}>
      <div className="min-w-0 flex-1">
        <Who access={access} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('impersonation.monitor.started', { when: stamp(access.startedAt) })} ·{' '}
          {t('impersonation.banner.expires', { time: formatTime(expiresAt) })} ·{' '}
          <span className="tabular-nums">
            {t('impersonation.banner.timeLeft', { left: countdown(expiresAt, now) })}
          </span>
        </p>
      </div>
      <Button size="sm" variant="outline" busy={end.isPending} onClick={() => end.mutate()}>
        {t('impersonation.monitor.end')}
      </Button>
    </li>
  )
}

function HistoryRow({ access }: { access: Access }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const Chevron = open ? ChevronDown : ChevronRight
  return (
    <li data-testid="impersonation-history-row" className={rowClass}>
      <Who access={access} />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('impersonation.monitor.started', { when: stamp(access.startedAt) })} ·{' '}
        {t('impersonation.monitor.endedAt', {
          when: formatRelative(access.endedAt ?? access.expiresAt),
          reason: t(`impersonation.endReason.${access.endReason ?? 'expired'}`),
        })}
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-zinc-800 underline decoration-zinc-400 decoration-dotted underline-offset-2 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-200"
      >
        <Chevron className="size-3.5" aria-hidden />
        {open ? t('impersonation.monitor.hideActions') : t('impersonation.monitor.showActions')} (
        {t('impersonation.monitor.writes', { count: access.writeCount })})
      </button>
      {open ? (
        <div id={listId}>
          <Actions access={access} />
        </div>
      ) : null}
    </li>
  )
}

/** What was done during one access, oldest first, in words. */
function Actions({ access }: { access: Access }) {
  const t = useT()
  const actions = useQuery(actionsQuery(access.id))
  if (actions.isError)
    return (
      <div className="mt-2">
        <Alert tone="error">{actions.error.message}</Alert>
      </div>
    )
  if (actions.isPending)
    return (
      <p role="status" className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {t('common.loading')}
      </p>
    )
  const writes = actions.data.items.filter((entry) => entry.action === 'impersonation.write').length
  return (
    <div className="mt-2">
      <ol
        aria-label={t('impersonation.monitor.actionsOf', {
          admin: person(access.admin),
          target: person(access.target),
        })}
        className="flex flex-col gap-1 border-s-2 border-zinc-200 ps-3 text-xs dark:border-zinc-700"
        data-testid="impersonation-actions"
      >
        {actions.data.items.map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-2">
            <time
              dateTime={new Date(entry.createdAt).toISOString()}
              className="text-zinc-600 tabular-nums dark:text-zinc-400"
            >
              {formatTime(entry.createdAt)}
            </time>
            <span>{actionWords(entry, t)}</span>
          </li>
        ))}
      </ol>
      {writes === 0 ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {t('impersonation.monitor.noActions')}
        </p>
      ) : null}
      {actions.data.truncated ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {t('impersonation.monitor.actionsTruncated')}
        </p>
      ) : null}
    </div>
  )
}

/** A write in words by its route; the start, stop and end with the audit trail's own labels. */
function actionWords(entry: Action, t: ReturnType<typeof useT>) {
  if (entry.action === 'impersonation.write') {
    const route = entry.targetId ?? ''
    return isKnownWrite(route)
      ? t(`impersonation.write.${WRITE_WORDS[route]}`)
      : t('impersonation.write.other', { route })
  }
  return isKnownAction(entry.action) ? t(`adminUsers.audit.action.${entry.action}`) : entry.action
}
