import { i18n } from '@lingui/core'

/*
 * Formats for charts (the admin usage section), apart from format.ts so that the chunk every screen
 * loads does not carry them. Built once per language, as there.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
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

/** Large counts short, for chart axes: 12,400 → '12K' in English, '12 k' in French. */
export const formatCompactNumber = (value: number) =>
  cached(
    'compact',
    (l) => new Intl.NumberFormat(l, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value)

/**
 * A calendar date written 'YYYY-MM-DD' (a day, not an instant: read in UTC so no time zone moves it),
 * short ('Mar 15', '15 mars') for chart axes, or long ('March 15, 2026').
 */
export const formatDay = (isoDate: string, style: 'short' | 'long' = 'short') =>
  cached(
    `day-${style}`,
    (l) =>
      new Intl.DateTimeFormat(l, {
        timeZone: 'UTC',
        ...(style === 'short'
          ? { month: 'short', day: 'numeric' }
          : { year: 'numeric', month: 'long', day: 'numeric' }),
      }),
  ).format(new Date(`${isoDate}T00:00:00Z`))
