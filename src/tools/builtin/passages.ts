import { chunkText } from '../../knowledge/chunking'

/**
 * Keyword matching over a text's passages, for file search in a chat's attachments (which are not
 * indexed: they are read once per call, and a chat holds a handful) and for the passage of a
 * knowledge entry worth quoting. Case-insensitive, in any script.
 */

export interface Passage {
  text: string
  /** How many of the query's words it contains, then how often: higher is better. */
  score: number
}

/** The query's words, lower-cased; short ones ("a", "of") only when there is nothing longer. */
export function queryTerms(query: string): string[] {
  const words = [...new Set(query.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
  const long = words.filter((word) => word.length >= 3)
  return long.length > 0 ? long : words
}

/** The text's passages that contain at least one of `terms`, best first. */
export function matchingPassages(text: string, terms: readonly string[]): Passage[] {
  if (terms.length === 0) return []
  return chunkText(text)
    .map((chunk) => ({ text: chunk, score: scoreOf(chunk.toLocaleLowerCase(), terms) }))
    .filter((passage) => passage.score > 0)
    .sort((a, b) => b.score - a.score)
}

/** The passage of `text` that best matches `terms`, else its beginning; at most `maxChars`. */
export function bestExcerpt(text: string, terms: readonly string[], maxChars: number): string {
  const best = matchingPassages(text, terms)[0]?.text ?? text
  return best.length > maxChars ? `${best.slice(0, maxChars)}…` : best
}

/** Each distinct word found counts 1; each further occurrence a little, so coverage wins over repetition. */
function scoreOf(lower: string, terms: readonly string[]): number {
  let score = 0
  for (const term of terms) {
    const count = lower.split(term).length - 1
    if (count > 0) score += 1 + Math.min(count - 1, 10) / 100
  }
  return score
}
