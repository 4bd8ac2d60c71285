import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Ban, KeyRound, LifeBuoy, LogOut, ShieldCheck, ShieldOff, Trash2, Undo2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { formatDate, formatMoney, formatNumber, formatRelative } from '../../../i18n/format'
import { t as translate, useT } from '../../../i18n/i18n'
import { isLocale, LOCALE_NAMES } from '../../../i18n/locales'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Dialog } from '../../../ui/dialog'
import { StartImpersonationDialog } from '../../impersonation/start-impersonation-dialog'
import { profileQuery } from '../../profile/profile-query'
import { BannedBadge, RoleBadge } from './user-badges'
import { UserBudgetPanel } from './user-budget'
import { type AdminUser, type AdminUserDetail, userQuery } from './users-query'
import '../../../i18n/areas/adminUsers'
import '../../../i18n/areas/impersonation'

type Confirming = 'ban' | 'endSessions' | 'delete' | 'impersonate' | null

const nameOf = (user: { fullName: string | null; email: string }) => user.fullName?.trim() || user.email

/** The user's profile, sessions, counts and spend, their budget, and the actions on the account. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const t = useT()
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? nameOf(user) : t('adminUsers.detail.title')}
      description={user?.email}
      className="max-w-xl"
      testId="user-detail"
    >
      {user ? <UserDetail key={user.id} summary={user} onDeleted={onClose} /> : null}
    </Dialog>
  )
}

function UserDetail({ summary, onDeleted }: { summary: AdminUser; onDeleted: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const detail = useQuery(userQuery(summary.id))
  const me = useQuery(profileQuery).data
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const user = detail.data ?? summary
  const name = nameOf(user)

  const action = useMutation({
    mutationFn: async (
      kind: 'makeAdmin' | 'makeUser' | 'ban' | 'unban' | 'passwordReset' | 'endSessions' | 'delete',
    ) => {
      const fallback = translate('adminUsers.action.failed')
      const one = api.admin.users({ id: summary.id })
      switch (kind) {
        case 'makeAdmin':
        case 'makeUser': {
          const role = kind === 'makeAdmin' ? 'admin' : 'user'
          const { error } = await one.patch({ role })
          if (error) throw apiFailure(error, fallback)
          return translate('adminUsers.done.role', {
            name,
            role: translate(role === 'admin' ? 'adminUsers.role.admin' : 'adminUsers.role.user'),
          })
        }
        case 'ban':
        case 'unban': {
          const { error } = await one.patch({ isBanned: kind === 'ban' })
          if (error) throw apiFailure(error, fallback)
          return translate(kind === 'ban' ? 'adminUsers.done.banned' : 'adminUsers.done.unbanned', { name })
        }
        case 'passwordReset': {
          const { error } = await one['password-reset'].post()
          if (error) throw apiFailure(error, fallback)
          return translate('adminUsers.done.passwordReset', { email: user.email })
        }
        case 'endSessions': {
          const { data, error } = await one.sessions.delete()
          if (error) throw apiFailure(error, fallback)
          return translate('adminUsers.done.sessionsEnded', { count: data.data.sessionsEnded, name })
        }
        case 'delete': {
          const { error } = await one.delete()
          if (error) throw apiFailure(error, fallback)
          return translate('adminUsers.done.deleted', { name })
        }
      }
    },
    onMutate: () => setFailure(null),
    onSuccess: (message, kind) => {
      setConfirming(null)
      toast.success(message)
      if (kind === 'delete') {
        queryClient.removeQueries({ queryKey: userQuery(summary.id).queryKey })
        onDeleted()
      }
    },
    onError: (error) => {
      setConfirming(null)
      setFailure(error.message)
    },
    onSettled: (_, __, kind) => {
      void queryClient.invalidateQueries({
        queryKey: ['admin', 'users'],
        predicate: (query) => !(kind === 'delete' && query.queryKey[3] === summary.id),
      })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
    },
  })

  const busy = (kind: string) => action.isPending && action.variables === kind

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <RoleBadge role={user.role} />
        {user.isBanned ? <BannedBadge /> : null}
        {me?.id === user.id ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('adminUsers.detail.you')}</span>
        ) : null}
      </div>

      {detail.isError ? <Alert tone="error">{detail.error.message}</Alert> : null}
      {detail.data ? (
        <Facts user={detail.data} />
      ) : detail.isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : null}

      <UserBudgetPanel userId={summary.id} name={name} />

      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold">{t('adminUsers.detail.actions')}</h3>
        <div className="grid gap-2 sm:grid-cols-2">
          {user.role === 'admin' ? (
            <Button variant="outline" busy={busy('makeUser')} onClick={() => action.mutate('makeUser')}>
              <ShieldOff className="size-4" aria-hidden /> {t('adminUsers.action.makeUser')}
            </Button>
          ) : (
            <Button variant="outline" busy={busy('makeAdmin')} onClick={() => action.mutate('makeAdmin')}>
              <ShieldCheck className="size-4" aria-hidden /> {t('adminUsers.action.makeAdmin')}
            </Button>
          )}
          {user.isBanned ? (
            <Button variant="outline" busy={busy('unban')} onClick={() => action.mutate('unban')}>
              <Undo2 className="size-4" aria-hidden /> {t('adminUsers.action.unban')}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setConfirming('ban')}>
              <Ban className="size-4" aria-hidden /> {t('adminUsers.action.ban')}
            </Button>
          )}
          <Button
            variant="outline"
            busy={busy('passwordReset')}
            onClick={() => action.mutate('passwordReset')}
          >
            <KeyRound className="size-4" aria-hidden /> {t('adminUsers.action.passwordReset')}
          </Button>
          <Button variant="outline" onClick={() => setConfirming('endSessions')}>
            <LogOut className="size-4" aria-hidden /> {t('adminUsers.action.endSessions')}
          </Button>
          {/* Support access: never to oneself, another admin or a suspended account (issue 11). */}
          {user.role === 'user' && !user.isBanned && me?.id !== user.id ? (
            <Button variant="outline" className="sm:col-span-2" onClick={() => setConfirming('impersonate')}>
              <LifeBuoy className="size-4" aria-hidden /> {t('impersonation.start.action')}
            </Button>
          ) : null}
          <Button variant="destructive" className="sm:col-span-2" onClick={() => setConfirming('delete')}>
            <Trash2 className="size-4" aria-hidden /> {t('adminUsers.action.delete')}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        testId="confirm-dialog"
        open={confirming === 'ban'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('adminUsers.confirm.banTitle', { name })}
        description={t('adminUsers.confirm.banBody', { name })}
        confirmLabel={t('adminUsers.action.ban')}
        busy={busy('ban')}
        onConfirm={() => action.mutate('ban')}
      />
      <ConfirmDialog
        testId="confirm-dialog"
        open={confirming === 'endSessions'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('adminUsers.confirm.endSessionsTitle', { name })}
        description={t('adminUsers.confirm.endSessionsBody', { name })}
        confirmLabel={t('adminUsers.action.endSessions')}
        busy={busy('endSessions')}
        onConfirm={() => action.mutate('endSessions')}
      />
      <StartImpersonationDialog
        user={{ id: user.id, name }}
        open={confirming === 'impersonate'}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
      <ConfirmDialog
        testId="confirm-dialog"
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('adminUsers.confirm.deleteTitle', { name })}
        description={t('adminUsers.confirm.deleteBody', { name })}
        confirmLabel={t('adminUsers.action.delete')}
        busy={busy('delete')}
        onConfirm={() => action.mutate('delete')}
      />
    </div>
  )
}

function Facts({ user }: { user: AdminUserDetail }) {
  const t = useT()
  const language = isLocale(user.preferredLanguage)
    ? LOCALE_NAMES[user.preferredLanguage]
    : user.preferredLanguage
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t('adminUsers.detail.language')}>{language ?? '—'}</Fact>
        <Fact label={t('adminUsers.detail.sessions')}>
          {t('adminUsers.detail.sessionCount', { count: user.sessions.count })}
          <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
            {user.sessions.lastSeenAt
              ? t('adminUsers.detail.lastSeen', { when: formatRelative(user.sessions.lastSeenAt) })
              : t('adminUsers.detail.neverSeen')}
          </span>
        </Fact>
        <Fact label={t('adminUsers.detail.chats')}>{formatNumber(user.counts.chats)}</Fact>
        <Fact label={t('adminUsers.detail.messages')}>{formatNumber(user.counts.messages)}</Fact>
        <Fact label={t('adminUsers.detail.spendToday')}>{formatMoney(user.spend.dayUsd)}</Fact>
        <Fact label={t('adminUsers.detail.spendMonth')}>{formatMoney(user.spend.monthUsd)}</Fact>
      </dl>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('adminUsers.detail.joined', { date: formatDate(user.createdAt) })} ·{' '}
        {user.emailConfirmed
          ? t('adminUsers.detail.emailConfirmed')
          : t('adminUsers.detail.emailUnconfirmed')}
      </p>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold tabular-nums">{children}</dd>
    </div>
  )
}
