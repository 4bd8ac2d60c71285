import { i18n } from '@lingui/core'

/**
 * Dates, times, numbers and money in the active language through `Intl`. Formatters are costly to
 * build, so each is built once per language and kept.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  build: (locale: string) => T,
): T {
  const locale = i18n.locale || 'en'
  const id = `${locale}|${key}`
  let formatter = cache.get(id) as T | undefined
  if (!formatter) {
    formatter = build(locale)
    cache.set(id, formatter)
  }
  return formatter
}

export const formatDate = (date: Date | string | number) =>
  cached(
    'date',
    (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'long', day: 'numeric' }),
  ).format(new Date(date))

export const formatTime = (date: Date | string | number) =>
  cached('time', (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' })).format(
    new Date(date),
  )

export const formatNumber = (value: number) => cached('number', (l) => new Intl.NumberFormat(l)).format(value)

/** `ratio` 0.8 → '80 %' in French, '80%' in English. */
export const formatPercent = (ratio: number) =>
  cached('percent', (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0 })).format(
    ratio,
  )

/**
 * US dollars in the language's own notation ('1.234,50 $' in German), cents always shown and up to
 * `maxFractionDigits` decimals: prices per million tokens and research costs need more than cents.
 */
export const formatDollars = (dollars: number, maxFractionDigits: number) =>
  cached(
    `dollars|${maxFractionDigits}`,
    (l) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: maxFractionDigits,
      }),
  ).format(dollars)

/** US dollars in cents (budgets are kept in dollars). One argument: it is passed as a formatter. */
export const formatMoney = (dollars: number) => formatDollars(dollars, 2)

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
/** File sizes in the language's unit names and decimal separator: '1,5 Mo' in French. */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  return cached(
    `bytes-${unit}-${digits}`,
    (l) =>
      new Intl.NumberFormat(l, {
        style: 'unit',
        unit: UNITS[unit],
        unitDisplay: 'short',
        maximumFractionDigits: digits,
      }),
  ).format(value)
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
]
/** '3 minutes ago', 'il y a 3 minutes', 'vor 3 Minuten'. */
export function formatRelative(date: Date | string | number, now = Date.now()): string {
  let value = (new Date(date).getTime() - now) / 1000
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) {
      return cached('relative', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' })).format(
        Math.round(value),
        unit,
      )
    }
    value /= size
  }
  return ''
}
