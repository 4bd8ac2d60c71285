/** How many scheduled backups may be kept (the server refuses others too). */
export const KEEP_MIN = 1
export const KEEP_MAX = 90

/** The "keep" field as typed: a whole number in range, or null (the form says what is wrong). */
export function parseKeep(typed: string): number | null {
  const trimmed = typed.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const keep = Number(trimmed)
  return keep >= KEEP_MIN && keep <= KEEP_MAX ? keep : null
}
