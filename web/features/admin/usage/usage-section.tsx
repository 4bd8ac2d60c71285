import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { formatMoney, formatNumber, formatPercent } from '../../../i18n/format'
import { formatCompactNumber, formatDay } from '../../../i18n/format-chart'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { LoadingScreen } from '../../../ui/loading-screen'
import { modelName } from '../../models/model-texts'
import { isRefusal } from '../refusal-boundary'
import { formatSmallMoney } from './average'
import { BarChart, type BarSeries, type Colour } from './bar-chart'
import { ToolCalls } from './tool-calls'
import { Card } from './usage-card'
import { type Usage, type UsageDays, usageQuery } from './usage-query'
import '../../../i18n/areas/adminUsage'

/** Model colours in stack order (bottom first); the last is for 'Other models'. */
const PALETTE: Colour[] = [
  { light: '#2563eb', dark: '#60a5fa' }, // blue
  { light: '#d97706', dark: '#fbbf24' }, // amber
  { light: '#059669', dark: '#34d399' }, // emerald
  { light: '#db2777', dark: '#f472b6' }, // pink
  { light: '#7c3aed', dark: '#a78bfa' }, // violet
]
const OTHER: Colour = { light: '#71717a', dark: '#a1a1aa' }
const PROMPT: Colour = PALETTE[0]!
const COMPLETION: Colour = PALETTE[1]!

/** Money ticks: whole cents and up, so an axis never reads $0.00 twice. */
const MONEY_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50]
for (let step = 100; step <= 1e9; step *= 10) MONEY_STEPS.push(step, step * 2, step * 2.5, step * 5)
const TOKEN_STEPS = [1, 2, 5, 10, 20, 25, 50]
for (let step = 100; step <= 1e12; step *= 10) TOKEN_STEPS.push(step, step * 2, step * 2.5, step * 5)

/** Dollars on the axis: cents shown only where the ticks need them ('$0.05', '$20'). */
const moneyAxis = (value: number) =>
  Number.isInteger(value) && value >= 10
    ? formatMoney(value).replace(/[.,]00(?=\D*$)/, '')
    : formatMoney(value)

/** More than this many models: the smallest are drawn together as 'Other models'. */
const MAX_MODEL_SERIES = PALETTE.length

/**
 * Admin → Usage: the organisation's spend and tokens per day over the last 30 or 90 days (its own
 * days, in its time zone), split by model, and the top spenders, each with its CSV download. Charts
 * come with a text summary and their figures as a table.
 */
export function UsageSection() {
  const t = useT()
  const [days, setDays] = useState<UsageDays>(30)
  const usage = useQuery({
    ...usageQuery(days),
    throwOnError: isRefusal,
    placeholderData: keepPreviousData,
  })
  return (
    // The admin layout shows the section's heading (admin-section-title).
    <section
      aria-labelledby="admin-section-title"
      className="mt-4 flex flex-col gap-5"
      data-testid="usage-section"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {usage.data ? t('adminUsage.intro', { zone: usage.data.timeZone }) : null}
        </p>
        <PeriodToggle days={days} onChange={setDays} />
      </div>
      {usage.isPending ? (
        <LoadingScreen />
      ) : usage.isError ? (
        <Alert tone="error">{usage.error.message}</Alert>
      ) : (
        <div
          className={usage.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
          aria-busy={usage.isPlaceholderData || undefined}
        >
          <UsageFigures usage={usage.data} />
        </div>
      )}
    </section>
  )
}

function PeriodToggle({ days, onChange }: { days: UsageDays; onChange: (days: UsageDays) => void }) {
  const t = useT()
  const name = useId()
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('adminUsage.period')}</legend>
      <div className="inline-flex rounded-lg border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
        {([30, 90] as const).map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={days === option}
              onChange={() => onChange(option)}
              className="peer sr-only"
            />
            <span className="block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 transition peer-checked:bg-zinc-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand hover:bg-zinc-100 peer-checked:hover:bg-zinc-900 dark:text-zinc-300 dark:peer-checked:bg-zinc-100 dark:peer-checked:text-zinc-900 dark:hover:bg-zinc-800 dark:peer-checked:hover:bg-zinc-100">
              {t('adminUsage.lastDays', { count: option })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function UsageFigures({ usage }: { usage: Usage }) {
  const t = useT()
  const { totals } = usage
  const tokens = totals.promptTokens + totals.completionTokens
  const empty = totals.messages === 0
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={t('adminUsage.summary')}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure
            label={t('adminUsage.totalSpend')}
            value={formatMoney(totals.spendUsd)}
            testId="usage-total-spend"
          >
            {t('adminUsage.perDay', { amount: formatSmallMoney(totals.spendUsd / usage.days) })}
          </Figure>
          <Figure label={t('adminUsage.tokens')} value={formatNumber(tokens)} testId="usage-total-tokens">
            {t('adminUsage.tokensSplit', {
              prompt: formatCompactNumber(totals.promptTokens),
              completion: formatCompactNumber(totals.completionTokens),
            })}
          </Figure>
          <Figure
            label={t('adminUsage.activeUsers')}
            value={formatNumber(totals.activeUsers)}
            testId="usage-active-users"
          />
          <Figure
            label={t('adminUsage.replies')}
            value={formatNumber(totals.messages)}
            testId="usage-replies"
          />
        </dl>
      </section>
      {empty ? (
        <div
          className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center dark:border-zinc-700"
          data-testid="usage-empty"
        >
          <p className="font-medium">{t('adminUsage.empty', { count: usage.days })}</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('adminUsage.emptyHint')}</p>
        </div>
      ) : (
        <>
          <SpendChart usage={usage} />
          <TokensChart usage={usage} />
          <TopUsers usage={usage} />
        </>
      )}
      <Ratings usage={usage} />
      <ToolCalls usage={usage} />
    </div>
  )
}

function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string
  value: string
  testId: string
  children?: ReactNode
}) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {children ? <dd className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{children}</dd> : null}
    </div>
  )
}

/** The day with the highest value: its date and value. */
function peak(dates: string[], values: number[]) {
  let best = 0
  for (let index = 1; index < values.length; index += 1) if (values[index]! > values[best]!) best = index
  return { day: formatDay(dates[best]!, 'long'), value: values[best] ?? 0 }
}

function SpendChart({ usage }: { usage: Usage }) {
  const t = useT()
  const dates = useMemo(() => usage.daily.map((day) => day.date), [usage])
  const series = useMemo<BarSeries[]>(() => {
    const shown = usage.models.length > MAX_MODEL_SERIES ? MAX_MODEL_SERIES - 1 : MAX_MODEL_SERIES
    const main = usage.models.slice(0, shown).map((model, index) => ({
      // Parley's own models (the workflow agents, the demo) in the reader's language.
      label: model.nameCode
        ? modelName({ ...model, description: '', name_code: model.nameCode })
        : model.name,
      colour: PALETTE[index]!,
      values: model.daily.map((day) => day.spendUsd),
    }))
    const rest = usage.models.slice(shown)
    if (rest.length === 0) return main
    return [
      ...main,
      {
        label: t('adminUsage.otherModels'),
        colour: OTHER,
        values: dates.map((_, day) => rest.reduce((sum, model) => sum + model.daily[day]!.spendUsd, 0)),
      },
    ]
  }, [usage, dates, t])
  const high = peak(
    dates,
    usage.daily.map((day) => day.spendUsd),
  )
  return (
    <Card title={t('adminUsage.spendChart')} csv="model" days={usage.days}>
      <BarChart
        dates={dates}
        series={series}
        format={formatMoney}
        axisFormat={moneyAxis}
        axisSteps={MONEY_STEPS}
        totalLabel={t('adminUsage.total')}
        title={t('adminUsage.spendChart')}
        summary={t('adminUsage.spendChartSummary', {
          days: usage.days,
          total: formatMoney(usage.totals.spendUsd),
          day: high.day,
          amount: formatMoney(high.value),
        })}
      />
    </Card>
  )
}

function TokensChart({ usage }: { usage: Usage }) {
  const t = useT()
  const dates = useMemo(() => usage.daily.map((day) => day.date), [usage])
  const series = useMemo<BarSeries[]>(
    () => [
      {
        label: t('adminUsage.promptTokens'),
        colour: PROMPT,
        values: usage.daily.map((day) => day.promptTokens),
      },
      {
        label: t('adminUsage.completionTokens'),
        colour: COMPLETION,
        values: usage.daily.map((day) => day.completionTokens),
      },
    ],
    [usage, t],
  )
  const high = peak(
    dates,
    usage.daily.map((day) => day.promptTokens + day.completionTokens),
  )
  return (
    <Card title={t('adminUsage.tokensChart')} csv="day" days={usage.days}>
      <BarChart
        dates={dates}
        series={series}
        format={formatNumber}
        axisFormat={formatCompactNumber}
        axisSteps={TOKEN_STEPS}
        totalLabel={t('adminUsage.total')}
        title={t('adminUsage.tokensChart')}
        summary={t('adminUsage.tokensChartSummary', {
          days: usage.days,
          total: formatNumber(usage.totals.promptTokens + usage.totals.completionTokens),
          day: high.day,
          count: formatNumber(high.value),
        })}
      />
    </Card>
  )
}

const nameOf = (user: { fullName: string; email: string }) => user.fullName.trim() || user.email

/** The top spenders as a list of bars: each row its person, spend, share, tokens and replies. */
function TopUsers({ usage }: { usage: Usage }) {
  const t = useT()
  const highest = usage.topUsers[0]?.spendUsd ?? 0
  return (
    <Card title={t('adminUsage.topUsers')} hint={t('adminUsage.topUsersHint')} csv="user" days={usage.days}>
      <ol className="flex flex-col gap-3" data-testid="usage-top-users">
        {usage.topUsers.map((user) => {
          const width = highest > 0 ? Math.max(1, (user.spendUsd / highest) * 100) : 0
          return (
            <li key={user.userId} className="text-sm" data-testid="usage-top-user">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 font-medium break-words">
                  {nameOf(user)}{' '}
                  <span className="font-normal break-all text-zinc-600 dark:text-zinc-400">{user.email}</span>
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(user.spendUsd)}</span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
                <div
                  className="h-full rounded-full"
                  style={{ width: `${width}%`, background: 'var(--color-brand)' }}
                />
              </div>
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                {t('adminUsage.share', {
                  percent: formatPercent(
                    usage.totals.spendUsd > 0 ? user.spendUsd / usage.totals.spendUsd : 0,
                  ),
                })}
                {' · '}
                {t('adminUsage.tokensSplit', {
                  prompt: formatCompactNumber(user.promptTokens),
                  completion: formatCompactNumber(user.completionTokens),
                })}
                {' · '}
                {t('adminUsage.repliesCount', { count: user.messages })}
              </p>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}

/** Ratings by model (issue 27): how many answers of the period people rated up and down. */
function Ratings({ usage }: { usage: Usage }) {
  const t = useT()
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="usage-ratings"
    >
      <h3 id={id} className="font-semibold">
        {t('adminUsage.ratings')}
      </h3>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('adminUsage.ratingsHint')}</p>
      {usage.ratings.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="usage-ratings-empty">
          {t('adminUsage.ratingsEmpty')}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-zinc-200 text-left text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {t('adminUsage.model')}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  <span className="inline-flex items-center gap-1">
                    <ThumbsUp className="size-3.5" aria-hidden />
                    {/* Narrow screens: the thumb alone (the name stays for screen readers). */}
                    <span className="sr-only sm:not-sr-only">{t('adminUsage.ratingsUp')}</span>
                  </span>
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  <span className="inline-flex items-center gap-1">
                    <ThumbsDown className="size-3.5" aria-hidden />
                    {/* Narrow screens: the thumb alone (the name stays for screen readers). */}
                    <span className="sr-only sm:not-sr-only">{t('adminUsage.ratingsDown')}</span>
                  </span>
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right font-medium">
                  {t('adminUsage.ratingsLiked')}
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.ratings.map((row) => (
                <tr
                  key={row.modelId}
                  className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
                  data-testid="usage-rating"
                  data-model={row.modelId}
                >
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium break-words">
                    {row.name}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums" data-testid="usage-rating-up">
                    {formatNumber(row.up)}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums" data-testid="usage-rating-down">
                    {formatNumber(row.down)}
                  </td>
                  <td className="py-1.5 pl-3 text-right tabular-nums">
                    {formatPercent(row.up / (row.up + row.down))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
