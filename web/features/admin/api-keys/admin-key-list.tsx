import { KeyRound } from 'lucide-react'
import { formatDate, formatMoney, formatRelative } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { isLive } from '../../api-keys/key-list'
import { ScopeBadges } from '../../api-keys/scope-badges'
import type { AdminApiKey } from './api-keys-query'
import '../../../i18n/areas/adminApiKeys'

/** Every key: owner and name first, then scopes, last use and spend; live keys before the others. */
export function AdminKeyList({
  keys,
  onRevoke,
}: {
  keys: AdminApiKey[]
  onRevoke: (key: AdminApiKey) => void
}) {
  const sorted = [...keys].sort((a, b) => Number(isLive(b)) - Number(isLive(a)))
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {sorted.map((key) => (
        <AdminKeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />
      ))}
    </ul>
  )
}

function AdminKeyRow({
  apiKey: key,
  onRevoke,
}: {
  apiKey: AdminApiKey
  onRevoke: (key: AdminApiKey) => void
}) {
  const t = useT()
  const live = isLive(key)
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,15rem)_minmax(0,12rem)] sm:items-center"
      data-testid="admin-api-key-row"
      data-live={live}
    >
      <KeyRound
        className={`col-start-1 row-start-1 mt-0.5 size-4 shrink-0 sm:mt-0 ${live ? 'text-brand-ink' : 'text-zinc-400'}`}
        aria-hidden
      />
      <div className="col-start-2 row-start-1 min-w-0">
        <p className="truncate text-sm font-medium" title={key.ownerEmail}>
          {key.ownerEmail}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <span className="break-all">{key.name}</span>
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {key.prefix}…
          </code>
        </p>
        <div className="mt-1.5">
          <ScopeBadges scopes={key.scopes} />
        </div>
      </div>
      <dl className="col-start-2 grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:col-start-3 sm:row-start-1">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('adminApiKeys.keys.lastUsed')}</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">
          {key.lastUsedAt ? formatRelative(key.lastUsedAt) : t('adminApiKeys.keys.never')}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('adminApiKeys.keys.spend')}</dt>
        <dd
          className="font-medium text-zinc-800 tabular-nums dark:text-zinc-200"
          data-testid="admin-api-key-spend"
        >
          {formatMoney(key.spendThisMonth)}
          {key.monthlyLimit === null ? null : (
            <span className="font-normal text-zinc-500 dark:text-zinc-400">
              {' '}
              {t('adminApiKeys.keys.limit', { limit: formatMoney(key.monthlyLimit) })}
            </span>
          )}
        </dd>
      </dl>
      <div className="col-start-2 justify-self-start sm:col-start-4 sm:row-start-1 sm:justify-self-end">
        {key.revokedAt ? (
          <State>{t('adminApiKeys.keys.revoked', { date: formatDate(key.revokedAt) })}</State>
        ) : !live && key.expiresAt ? (
          <State>{t('adminApiKeys.keys.expired', { date: formatDate(key.expiresAt) })}</State>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 dark:text-red-300"
            onClick={() => onRevoke(key)}
            aria-label={t('adminApiKeys.keys.revokeLabel', { name: key.name, owner: key.ownerEmail })}
            data-testid="admin-revoke-api-key"
          >
            {t('adminApiKeys.keys.revoke')}
          </Button>
        )}
      </div>
    </li>
  )
}

function State({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </span>
  )
}
