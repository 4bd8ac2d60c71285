/**
 * Budget days and months in the organisation's time zone (ORG_TIME_ZONE, or the admin setting).
 * Pure, Intl-based, no server imports: the web client may reuse it.
 * docs/decisions/111-organisation-budgets-and-time-zone.md
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/**
 * The canonical name of an IANA time zone ('europe/paris' → 'Europe/Paris'), or null when it is not
 * one. Offsets such as '+01:00', which newer engines also accept, are refused: they have no DST
 * rules and are not what an organisation lives in.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim()
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The wall-clock time in `timeZone` at `instant`, written as if it were UTC (ms since the epoch). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) + (((instant % 1000) + 1000) % 1000)
}

/** The local calendar date in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const wall = new Date(wallClock(instant.getTime(), timeZone))
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() }
}

/**
 * The first instant of a local calendar day in `timeZone`: its midnight, or, where a DST change
 * skips midnight (America/Santiago in September), the first minute that exists on that day.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const midnight = Date.UTC(year, month - 1, day)
  // Two passes cover an offset that changes between the guess and the answer (a DST day).
  let guess = midnight - (wallClock(midnight, timeZone) - midnight)
  guess = midnight - (wallClock(guess, timeZone) - guess)
  if (wallClock(guess, timeZone) === midnight) return new Date(guess)
  // Midnight does not exist that day: find the first instant whose local time is on or after it.
  // Offsets change on whole minutes, and no zone is more than 14 hours from UTC.
  let low = Math.floor((midnight - 15 * 3_600_000) / 60_000)
  let high = Math.ceil((midnight + 15 * 3_600_000) / 60_000)
  while (low < high) {
    const mid = Math.floor((low + high) / 2)
    if (wallClock(mid * 60_000, timeZone) >= midnight) high = mid
    else low = mid + 1
  }
  return new Date(low * 60_000)
}

/** When today and this month began in `timeZone` (the budget periods), as instants. */
export function periodStarts(now: Date, timeZone: string): { day: Date; month: Date } {
  const { year, month, day } = localDate(now, timeZone)
  return {
    day: startOfLocalDay(year, month, day, timeZone),
    month: startOfLocalDay(year, month, 1, timeZone),
  }
}
