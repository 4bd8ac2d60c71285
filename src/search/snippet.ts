import { CJK, fold } from './query'

/**
 * A message's snippet around its first match, with the matched words as [start, end) offsets into
 * the snippet (UTF-16 code units, as JavaScript indexes strings): the client marks them without
 * parsing any markup (ts_headline's would be HTML-like text from the message itself).
 */
export interface Snippet {
  snippet: string
  highlights: [number, number][]
}

/** Characters of context before the first match, and the snippet's whole length at most. */
const BEFORE = 60
const LENGTH = 200

interface Token {
  start: number
  end: number
  folded: string
}

/**
 * The words of a text with their places: letter and digit runs, each CJK character on its own.
 * Made one at a time: the first match is usually near the start of a long message, and folding
 * every word of it first cost more than the rest of the snippet.
 */
function* tokensOf(text: string): Generator<Token> {
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const run = match[0]
    const at = match.index
    if (!CJK.test(run)) {
      yield { start: at, end: at + run.length, folded: fold(run) }
      continue
    }
    for (const part of run.matchAll(
      /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]|[^\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]+/gu,
    )) {
      yield { start: at + part.index, end: at + part.index + part[0].length, folded: fold(part[0]) }
    }
  }
}

function firstMatch(text: string, matches: (token: Token) => boolean): Token | undefined {
  for (const token of tokensOf(text)) if (matches(token)) return token
  return undefined
}

function matcher(words: string[], prefix: boolean) {
  const exact = new Set(prefix ? words.slice(0, -1) : words)
  const start = prefix ? words.at(-1) : undefined
  return (token: Token) => exact.has(token.folded) || (start !== undefined && token.folded.startsWith(start))
}

/** Markdown's emphasis, code and heading marks, which read as noise in one line of text. */
const MARKS = /\*\*|__|`+|^#{1,6}\s+|^>\s?/gm

export function makeSnippet(content: string, words: string[], prefix: boolean): Snippet {
  const matches = matcher(words, prefix)
  const first = firstMatch(content, matches)
  let from = 0
  let to = Math.min(content.length, LENGTH)
  if (first && first.end > LENGTH - 20) {
    from = Math.max(0, first.start - BEFORE)
    // Start at a word: after the first space in the cut-off context.
    const space = content.slice(from, first.start).search(/\s/)
    if (from > 0 && space >= 0) from += space + 1
    to = Math.min(content.length, from + LENGTH)
  }
  if (to < content.length) {
    const lastSpace = content.slice(from, to).search(/\s\S*$/)
    if (lastSpace > LENGTH / 2) to = from + lastSpace
  }
  const body = content.slice(from, to).replace(MARKS, '').replace(/\s+/g, ' ').trim()
  const snippet = `${from > 0 ? '… ' : ''}${body}${to < content.length ? ' …' : ''}`
  const highlights: [number, number][] = []
  for (const token of tokensOf(snippet)) {
    if (!matches(token)) continue
    const previous = highlights.at(-1)
    // Adjacent CJK characters of one match read as one mark.
    if (previous && previous[1] === token.start) previous[1] = token.end
    else highlights.push([token.start, token.end])
  }
  return { snippet, highlights }
}
