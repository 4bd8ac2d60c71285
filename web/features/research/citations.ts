/**
 * A research report cites its sources as `[n]` and ends with a numbered source list of links
 * (`1. [Title](https://…)`, `[1] Title — https://…`). The citations become links to the numbered
 * source's page, so a claim is one click from where it came from. Code (fenced or inline) and the
 * source list itself are left alone; a number without a listed address stays plain text.
 */
export function linkCitations(text: string): string {
  const lines = text.split('\n')
  const urls = new Map<number, string>()
  const listLines = new Set<number>()
  lines.forEach((line, index) => {
    const entry = SOURCE_ENTRY.exec(line)
    if (!entry) return
    const url = MARKDOWN_URL.exec(line)?.[1] ?? BARE_URL.exec(line)?.[0]
    if (!url) return
    // The list is at the end: a later entry for the same number is the one that counts.
    urls.set(Number(entry[1] ?? entry[2]), url)
    listLines.add(index)
  })
  if (urls.size === 0) return text
  let fenced = false
  return lines
    .map((line, index) => {
      if (FENCE.test(line)) fenced = !fenced
      if (fenced || listLines.has(index)) return line
      return line
        .split(INLINE_CODE)
        .map((part, i) => (i % 2 === 1 ? part : linkPart(part, urls)))
        .join('')
    })
    .join('\n')
}

function linkPart(text: string, urls: Map<number, string>): string {
  return text.replace(CITATION, (whole, numbers: string) => {
    const parts = numbers.split(/\s*,\s*/).map(Number)
    if (!parts.every((n) => urls.has(n))) return whole
    return parts.map((n) => `[\\[${n}\\]](<${urls.get(n)}>)`).join('')
  })
}

/** `1. …`, `1) …`, `- [1] …` or `[1] …` at the start of a line. */
const SOURCE_ENTRY = /^\s*(?:[-*]\s+)?(?:\[(\d{1,3})\]|(\d{1,3})[.)])\s+\S/
/** A markdown link's address, which may hold balanced parentheses (`…/Wind_(2024)`). */
const MARKDOWN_URL = /\]\(<?(https?:\/\/(?:[^\s()<>]|\([^\s()<>]*\))+)>?\)/
const BARE_URL = /https?:\/\/[^\s<>)\]]+/
const FENCE = /^\s*(```|~~~)/
/** Inline code spans, captured so `split` keeps them at odd indexes. */
const INLINE_CODE = /(`[^`]*`)/
/**
 * `[3]` or `[1, 2]`, not a link's text (`[1](…)`, `[1][ref]`), a footnote definition (`[1]:`) or
 * an image (`![1]`), and not already escaped.
 */
const CITATION = /(?<![\\!\]])\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:[])/g
