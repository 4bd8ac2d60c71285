import { useQuery } from '@tanstack/react-query'
import { profileStatsQuery } from './profile-query'

const DAY_MS = 86_400_000

export function daysSince(date: string | Date, now = Date.now()) {
  return Math.max(0, Math.floor((now - new Date(date).getTime()) / DAY_MS))
}

export function UsageStatistics() {
  const stats = useQuery(profileStatsQuery)
  const value = (n: number | undefined) => (stats.data ? String(n) : '—')
  return (
    <section aria-labelledby="usage-title" data-testid="usage-statistics">
      <h3 id="usage-title" className="mb-3 font-semibold">
        Usage Statistics
      </h3>
      {stats.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to load profile
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          <Stat term="Total Chats" value={value(stats.data?.totalChats)} />
          <Stat term="Messages Sent" value={value(stats.data?.totalMessages)} />
          <Stat term="Member Since" value={stats.data ? `${daysSince(stats.data.joinedDate)} days` : '—'} />
        </dl>
      )}
    </section>
  )
}

function Stat({ term, value }: { term: string; value: string }) {
  return (
    // The number reads first on screen; the term comes first in the markup, as a <dl> requires.
    <div
      data-stat={term}
      className="flex flex-col-reverse rounded-xl bg-zinc-100 p-3 text-center dark:bg-zinc-800/70"
    >
      <dt className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{term}</dt>
      <dd className="text-xl font-bold text-brand-ink">{value}</dd>
    </div>
  )
}
