import { Globe, Users } from 'lucide-react'
import { formatDate, formatNumber, formatRelative } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { canRevoke, type LinkState, linkState } from './link-state'
import type { AdminShareLink } from './sharing-query'
import '../../../i18n/areas/adminSharing'

/** The server sends the newest 500 links (ADMIN_LIST_LIMIT in src/shares/shares-data.ts). */
const SERVER_LIMIT = 500

/** The API client turns the ISO times it reads into Dates. */
const isoOf = (time: string | Date) => new Date(time).toISOString()

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'
const quiet = 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
const STATE_TONE: Record<LinkState, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  paused: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  expired: quiet,
  revoked: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
}

/**
 * Every link, newest first: chat and owner, audience and state, views, created and expiry, and
 * Revoke on those that still work (or would, once public links are allowed again). One card per
 * link that lays its parts side by side from `sm` up and stacks them on a phone.
 */
export function ShareLinkList({
  links,
  publicLinks,
  onRevoke,
}: {
  links: AdminShareLink[]
  /** Whether public links are allowed now: while they are not, a public link is paused. */
  publicLinks: boolean
  onRevoke: (link: AdminShareLink) => void
}) {
  const t = useT()
  if (links.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        data-testid="share-links-empty"
      >
        {t('adminSharing.links.empty')}
      </p>
    )
  }
  const now = Date.now()
  return (
    <>
      <ul
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        data-testid="share-link-list"
      >
        {links.map((link) => (
          <ShareLinkRow
            key={link.id}
            link={link}
            state={linkState(link, publicLinks, now)}
            onRevoke={onRevoke}
          />
        ))}
      </ul>
      {links.length >= SERVER_LIMIT ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {t('adminSharing.links.newest', { count: formatNumber(links.length) })}
        </p>
      ) : null}
    </>
  )
}

function ShareLinkRow({
  link,
  state,
  onRevoke,
}: {
  link: AdminShareLink
  state: LinkState
  onRevoke: (link: AdminShareLink) => void
}) {
  const t = useT()
  const Audience = link.audience === 'public' ? Globe : Users
  return (
    <li
      className={cn(
        'grid grid-cols-1 gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,13rem)_6.5rem] sm:items-center',
        !canRevoke(state) && 'bg-zinc-50/60 dark:bg-zinc-900/40',
      )}
      data-testid="share-link-row"
      data-share={link.id}
      data-state={state}
      data-audience={link.audience}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium break-words" data-testid="share-link-title">
          {link.chat_title}
        </p>
        <p
          className="truncate text-sm text-zinc-600 dark:text-zinc-400"
          title={link.owner_email}
          data-testid="share-link-owner"
        >
          {link.owner_email}
        </p>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <span
            className={cn(
              badge,
              link.audience === 'public'
                ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
                : quiet,
            )}
            data-testid="share-link-audience"
          >
            <Audience className="size-3" aria-hidden />
            {t(`adminSharing.audience.${link.audience}`)}
          </span>
          <span
            className={cn(badge, STATE_TONE[state])}
            title={state === 'paused' ? t('adminSharing.state.pausedHint') : undefined}
            data-testid="share-link-state"
          >
            {t(`adminSharing.state.${state}`)}
          </span>
        </div>
      </div>
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('adminSharing.links.views')}</dt>
        <dd className="text-zinc-800 tabular-nums dark:text-zinc-200" data-testid="share-link-views">
          {formatNumber(link.view_count)}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('adminSharing.links.created')}</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">
          <time dateTime={isoOf(link.created_at)} title={formatDate(link.created_at)}>
            {formatRelative(link.created_at)}
          </time>
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('adminSharing.links.expires')}</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">
          {link.expires_at ? (
            <time dateTime={isoOf(link.expires_at)}>{formatDate(link.expires_at)}</time>
          ) : (
            t('adminSharing.links.never')
          )}
        </dd>
      </dl>
      {canRevoke(state) ? (
        <div className="sm:justify-self-end">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onRevoke(link)}
            aria-label={t('adminSharing.links.revokeLabel', {
              title: link.chat_title,
              owner: link.owner_email,
            })}
            data-testid="admin-revoke-share"
          >
            {t('adminSharing.links.revoke')}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
