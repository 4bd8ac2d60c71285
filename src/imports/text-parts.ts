import { shortText, storable } from './conversation'

/** Code or output in a Markdown fence longer than any run of backticks inside it. */
export function fenced(text: string, language = ''): string {
  let longest = 2
  for (const run of text.matchAll(/`{3,}/g)) longest = Math.max(longest, run[0].length)
  const fence = '`'.repeat(longest + 1)
  return `${fence}${language}\n${text.replace(/\n+$/, '')}\n${fence}`
}

/** A tool's or a file's name for a placeholder: short, one line, or the fallback. */
export function nameOf(value: unknown, fallback: string): string {
  const name = shortText(value, 100)
  return name ? name.replace(/[\r\n\]]+/g, ' ') : fallback
}

/** A JSON value (a tool call's input) as readable text, bounded. */
export function jsonText(value: unknown, max = 20_000): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return storable(value)
  try {
    const text = JSON.stringify(value, null, 2) ?? ''
    return storable(text.length > max ? `${text.slice(0, max)}\n…` : text)
  } catch {
    return ''
  }
}

/** The strings of a list of parts, one per paragraph (anything else is left to the caller). */
export const stringParts = (parts: unknown): string[] =>
  Array.isArray(parts) ? parts.filter((part): part is string => typeof part === 'string') : []
