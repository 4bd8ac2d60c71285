import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../../../../src/retention/limits'

/** The periods offered by name; any other number of days is typed ("custom"). */
export const PRESET_DAYS = [30, 90, 180, 365, 730] as const

/** What a period select shows: never, a preset, or a number typed beside it. */
export type DaysChoice =
  | { kind: 'never' }
  | { kind: 'preset'; days: number }
  | { kind: 'custom'; text: string }

export function choiceOf(days: number | null): DaysChoice {
  if (days === null) return { kind: 'never' }
  return (PRESET_DAYS as readonly number[]).includes(days)
    ? { kind: 'preset', days }
    : { kind: 'custom', text: String(days) }
}

/** The days a choice stands for: null for never, undefined when the typed number is not one. */
export function daysOf(choice: DaysChoice): number | null | undefined {
  if (choice.kind === 'never') return null
  if (choice.kind === 'preset') return choice.days
  const text = choice.text.trim()
  if (!/^\d+$/.test(text)) return undefined
  const days = Number(text)
  return days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX ? days : undefined
}

/**
 * Whether the new period deletes something the old one kept: turning it on, or shortening it. Only
 * then does saving ask first; lengthening or turning off deletes nothing more.
 */
export function deletesSooner(before: number | null, after: number | null): boolean {
  return after !== null && (before === null || after < before)
}

export { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN }
