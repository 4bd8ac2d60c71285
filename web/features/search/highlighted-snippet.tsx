import type { ReactNode } from 'react'

/**
 * A snippet with its matched words in <mark>: the server gives plain text and [start, end) offsets
 * (never markup), so nothing from a message is ever read as HTML.
 */
export function HighlightedSnippet({ text, highlights }: { text: string; highlights: [number, number][] }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of highlights) {
    if (start < at || end > text.length || end <= start) continue
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
