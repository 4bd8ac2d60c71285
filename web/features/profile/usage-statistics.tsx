import { useQuery } from '@tanstack/react-query'
import { formatNumber } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { profileStatsQuery } from './profile-query'
import '../../i18n/areas/account'

const DAY_MS = 86_400_000

export function daysSince(date: string | Date, now = Date.now()) {
  return Math.max(0, Math.floor((now - new Date(date).getTime()) / DAY_MS))
}

export function UsageStatistics() {
  const t = useT()
  const stats = useQuery(profileStatsQuery)
  const value = (n: number | undefined) => (stats.data && n !== undefined ? formatNumber(n) : '—')
  return (
    <section aria-labelledby="usage-title" data-testid="usage-statistics">
      <h3 id="usage-title" className="mb-3 font-semibold">
        {t('account.usage.title')}
      </h3>
      {stats.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('account.profile.loadFailed')}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          <Stat
            hook="Total Chats"
            term={t('account.usage.totalChats')}
            value={value(stats.data?.totalChats)}
          />
          <Stat
            hook="Messages Sent"
            term={t('account.usage.messagesSent')}
            value={value(stats.data?.totalMessages)}
          />
          <Stat
            hook="Member Since"
            term={t('account.usage.memberSince')}
            value={stats.data ? t('account.usage.days', { count: daysSince(stats.data.joinedDate) }) : '—'}
          />
        </dl>
      )}
    </section>
  )
}

/** `hook`: the statistic's English name, a stable handle for tests whatever the language. */
function Stat({ hook, term, value }: { hook: string; term: string; value: string }) {
  return (
    // The number reads first on screen; the term comes first in the markup, as a <dl> requires.
    <div
      data-stat={hook}
      className="flex flex-col-reverse rounded-xl bg-zinc-100 p-3 text-center dark:bg-zinc-800/70"
    >
      <dt className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-lg font-bold text-brand-ink sm:text-xl">{value}</dd>
    </div>
  )
}
