import { KeyRound } from 'lucide-react'
import { formatDate, formatMoney, formatRelative } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import type { ApiKey } from './api-keys-query'
import { ScopeBadges } from './scope-badges'
import '../../i18n/areas/apiKeys'

/** Whether a key still works: not revoked, not past its expiry. */
export const isLive = (key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()) =>
  !key.revokedAt && !(key.expiresAt && Date.parse(key.expiresAt) <= now)

/** The person's keys: name, prefix, scopes, dates, spend against the limit; live keys first. */
export function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const sorted = [...keys].sort((a, b) => Number(isLive(b)) - Number(isLive(a)))
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {sorted.map((key) => (
        <KeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />
      ))}
    </ul>
  )
}

function KeyRow({ apiKey: key, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const t = useT()
  const live = isLive(key)
  const expired = !key.revokedAt && !live
  const spent = formatMoney(key.spendThisMonth)
  return (
    <li
      className="flex items-start gap-3 px-4 py-3"
      data-testid="api-key-row"
      data-live={live}
      aria-label={key.name}
    >
      <KeyRound
        className={`mt-0.5 size-4 shrink-0 ${live ? 'text-brand-ink' : 'text-zinc-400'}`}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{key.name}</span>
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {key.prefix}…
          </code>
          {key.revokedAt ? (
            <StateBadge>{t('apiKeys.row.revoked', { date: formatDate(key.revokedAt) })}</StateBadge>
          ) : expired && key.expiresAt ? (
            <StateBadge>{t('apiKeys.row.expired', { date: formatDate(key.expiresAt) })}</StateBadge>
          ) : null}
        </div>
        <div className="mt-1.5">
          <ScopeBadges scopes={key.scopes} />
        </div>
        <p className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {t('apiKeys.row.created', { date: formatDate(key.createdAt) })}
          {' · '}
          {key.lastUsedAt
            ? t('apiKeys.row.lastUsed', { when: formatRelative(key.lastUsedAt) })
            : t('apiKeys.row.neverUsed')}
          {live ? (
            <>
              {' · '}
              {key.expiresAt
                ? t('apiKeys.row.expires', { date: formatDate(key.expiresAt) })
                : t('apiKeys.row.noExpiry')}
            </>
          ) : null}
        </p>
        <p
          className="mt-0.5 text-xs font-medium text-zinc-700 tabular-nums dark:text-zinc-300"
          data-testid="api-key-spend"
        >
          {key.monthlyLimit === null
            ? t('apiKeys.row.spend', { spent })
            : t('apiKeys.row.spendOfLimit', { spent, limit: formatMoney(key.monthlyLimit) })}
        </p>
      </div>
      {key.revokedAt ? null : (
        <Button
          variant="outline"
          size="sm"
          className="text-red-700 dark:text-red-300"
          onClick={() => onRevoke(key)}
          aria-label={t('apiKeys.revokeLabel', { name: key.name })}
          data-testid="revoke-api-key"
        >
          {t('apiKeys.revoke')}
        </Button>
      )}
    </li>
  )
}

function StateBadge({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </span>
  )
}
